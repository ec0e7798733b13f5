package rundir

// Action is what is done with a run, given its state.
type Action int

// The actions of ActionFor.
const (
	// Skip: the run is done.
	Skip Action = iota
	// Hold: the run is left as it is (failed before, running elsewhere,
	// changed or refused without the policy that acts on it).
	Hold
	// Start: the run starts from its first iteration.
	Start
	// Resume: the run continues from its checkpoint.
	Resume
	// Replace: the run's result and checkpoint are moved aside (see
	// MoveAside) and the run starts from its first iteration.
	Replace
)

// Policy says which runs that are neither done nor to resume are run
// again.
type Policy struct {
	// RetryFailed runs a Failed run again, as the state its checkpoint
	// left (its Retry) says.
	RetryFailed bool
	// RerunChanged replaces a Changed run.
	RerunChanged bool
	// Restart replaces a Refused run.
	Restart bool
}

// ActionFor is the rule for what is done with a run in state st under
// policy p: a done run is skipped, a partial one resumed, a new one
// started; a locked run is left to its holder; a failed, changed or
// refused run is left as it is unless p says to run it again (a failed
// one as what its failure left, a changed or refused one replaced).
func ActionFor(st Status, p Policy) Action {
	switch st.State {
	case Done:
		return Skip
	case Locked:
		return Hold
	case Failed:
		if !p.RetryFailed || st.Retry == nil {
			return Hold
		}
		return ActionFor(*st.Retry, p)
	case Changed:
		if p.RerunChanged {
			return Replace
		}
		return Hold
	case Refused:
		if p.Restart {
			return Replace
		}
		return Hold
	case Partial:
		return Resume
	}
	return Start
}
