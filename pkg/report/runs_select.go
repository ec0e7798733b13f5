package report

import (
	"fmt"
	"maps"
	"slices"
	"strings"

	"github.com/mgpteam/mgp/pkg/results"
)

// LastDiagPrefix marks a diagnostic of the last iteration in a list of
// diagnostics (last:NAME), where a run that selected its parameters on a
// held-out part reports those of the selected ones by default.
const LastDiagPrefix = "last:"

// diagKeys returns the diagnostics any of the runs reports (selected or
// last iteration's).
func diagKeys(files []results.ResultFile) map[string]bool {
	have := map[string]bool{}
	for _, f := range files {
		for k := range f.Result.Diagnostics {
			have[k] = true
		}
		if s := f.Result.Selection; s != nil {
			for k := range s.LastDiagnostics {
				have[k] = true
			}
		}
	}
	return have
}

// ReportedDiags keeps the names in diags (NAME or last:NAME) that some run
// reports, in order: default columns are left out for runs (e.g. SGP's)
// that have none of them.
func ReportedDiags(files []results.ResultFile, diags []string) []string {
	have := diagKeys(files)
	var out []string
	for _, d := range diags {
		if have[strings.TrimPrefix(d, LastDiagPrefix)] {
			out = append(out, d)
		}
	}
	return out
}

// DiagError reports a diagnostic that no run reports (a typo would
// otherwise give a column of dashes).
type DiagError struct {
	// Diag is the name as asked (NAME or last:NAME) and Key the
	// diagnostic's key (NAME).
	Diag, Key string
	// Have lists, sorted, the keys the runs report (none: the runs report
	// no diagnostics).
	Have []string
}

// Error names the diagnostic and the ones the runs have.
func (e *DiagError) Error() string {
	if len(e.Have) == 0 {
		return fmt.Sprintf("diagnostic %s: none of the runs reports diagnostics", e.Diag)
	}
	return fmt.Sprintf("diagnostic %s: no run reports %q; the runs report %s", e.Diag, e.Key, strings.Join(e.Have, ", "))
}

// CheckDiags returns a *DiagError for the first name in diags (NAME or
// last:NAME) that no run reports.
func CheckDiags(files []results.ResultFile, diags []string) error {
	have := diagKeys(files)
	for _, d := range diags {
		if key := strings.TrimPrefix(d, LastDiagPrefix); !have[key] {
			return &DiagError{Diag: d, Key: key, Have: slices.Sorted(maps.Keys(have))}
		}
	}
	return nil
}

// IterationsError reports an iteration count that selects no run: not
// positive, or no run has it.
type IterationsError struct {
	// N is the count asked for.
	N int
	// Have lists, sorted, the runs' iteration counts (nil when N is not
	// positive).
	Have []int
}

// Error says why no run is selected.
func (e *IterationsError) Error() string {
	if e.N <= 0 {
		return fmt.Sprintf("%d iterations: give a positive number of iterations", e.N)
	}
	return fmt.Sprintf("no run has %d iterations; the runs have %v", e.N, e.Have)
}

// FilterIterations keeps the runs of n iterations; n must be positive and
// match some run (else an *IterationsError).
func FilterIterations(files []results.ResultFile, n int) ([]results.ResultFile, error) {
	if n <= 0 {
		return nil, &IterationsError{N: n}
	}
	var out []results.ResultFile
	have := map[int]bool{}
	for _, f := range files {
		have[f.Result.Iterations] = true
		if f.Result.Iterations == n {
			out = append(out, f)
		}
	}
	if len(out) == 0 {
		return nil, &IterationsError{N: n, Have: slices.Sorted(maps.Keys(have))}
	}
	return out, nil
}
