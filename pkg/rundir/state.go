package rundir

// State is where a run stands.
type State int

// The states of a run.
const (
	// Todo: nothing done yet.
	Todo State = iota
	// Partial: a checkpoint of an unfinished run exists; it resumes.
	Partial
	// Done: result.json exists.
	Done
	// Failed: error.json records a failure (retried only on request).
	Failed
	// Locked: another process is running it (its lock is fresh).
	Locked
	// Changed: its result or checkpoint was made under another config (or
	// other data) than the run wanted now (retrained only on request).
	Changed
	// Refused: its checkpoint or result cannot be trusted (unreadable,
	// failing its checksum, trained on other data); started again only on
	// request.
	Refused
)

// String names the state.
func (s State) String() string {
	return [...]string{"todo", "partial", "done", "failed", "locked", "changed", "refused"}[s]
}

// Status is a run's state with a detail (iteration reached, error, holder,
// what changed).
type Status struct {
	// State is where the run stands.
	State State
	// Detail says why, in words for progress lines and dry runs.
	Detail string
	// Iter is the checkpoint's iteration for Partial runs, and for Locked
	// runs the one of the holder's last checkpoint; Seconds the training
	// time of those iterations (0 when not recorded).
	Iter    int
	Seconds float64
	// Retry is, for a Failed run, the state of what the failure left (its
	// checkpoint): what a retry of the failed run does with it.
	Retry *Status
}
