package autodiff

import "fmt"

// AdamState is what Adam needs to continue exactly: the step count and the
// first and second moments of every parameter, by parameter name.
type AdamState struct {
	// Step is the number of steps taken.
	Step int `json:"step"`
	// M and V are the first and second moment estimates per parameter.
	M map[string][]float64 `json:"m"`
	V map[string][]float64 `json:"v"`
}

// State returns a copy of the optimiser's state.
func (a *Adam) State() AdamState {
	st := AdamState{Step: a.step, M: map[string][]float64{}, V: map[string][]float64{}}
	for i, p := range a.set.List {
		st.M[p.Name] = append([]float64(nil), a.m[i]...)
		st.V[p.Name] = append([]float64(nil), a.v[i]...)
	}
	return st
}

// Restore sets the optimiser's state; every parameter must be present with
// the right number of entries and the step count must not be negative.
func (a *Adam) Restore(st AdamState) error {
	if st.Step < 0 {
		return fmt.Errorf("adam state: step %d is negative", st.Step)
	}
	for i, p := range a.set.List {
		m, okm := st.M[p.Name]
		v, okv := st.V[p.Name]
		if !okm || !okv {
			return fmt.Errorf("adam state: no moments for parameter %q", p.Name)
		}
		if len(m) != len(a.m[i]) || len(v) != len(a.v[i]) {
			return fmt.Errorf("adam state: parameter %q has %d/%d moments, want %d", p.Name, len(m), len(v), len(a.m[i]))
		}
	}
	if len(st.M) != len(a.set.List) || len(st.V) != len(a.set.List) {
		return fmt.Errorf("adam state: holds %d parameters, the model has %d", len(st.M), len(a.set.List))
	}
	for i, p := range a.set.List {
		copy(a.m[i], st.M[p.Name])
		copy(a.v[i], st.V[p.Name])
	}
	a.step = st.Step
	return nil
}
