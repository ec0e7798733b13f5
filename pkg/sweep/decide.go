package sweep

import (
	"fmt"

	"github.com/mgpteam/mgp/pkg/rundir"
)

// Action is what a sweep does with a run (see rundir.Action).
type Action = rundir.Action

// The actions of Decide.
const (
	// Skip: the run is done.
	Skip = rundir.Skip
	// Hold: the run is left as it is (failed before, running elsewhere,
	// changed or refused without the flag that acts on it).
	Hold = rundir.Hold
	// Start: the run starts from its first iteration.
	Start = rundir.Start
	// Resume: the run continues from its checkpoint.
	Resume = rundir.Resume
	// Replace: the run's result and checkpoint are moved aside (to
	// result.json.replaced and checkpoint.json.replaced) and the run
	// starts from its first iteration.
	Replace = rundir.Replace
)

// ReplacedSuffix is appended to the names of the result and checkpoint a
// Replace moves aside (no longer *.json, so tables pass over them).
const ReplacedSuffix = rundir.ReplacedSuffix

// Decide says what a sweep with options o does with a run in state st
// (rundir.ActionFor under o's policy), and why, in words for the progress
// lines and the dry run (one function for both, so that the dry run says
// what the sweep does).
func Decide(st Status, o Options) (Action, string) {
	act := rundir.ActionFor(st, rundir.Policy{RetryFailed: o.RetryFailed, RerunChanged: o.RerunChanged, Restart: o.Restart})
	return act, why(st, act, o.Switches)
}

// why says why a run in state st is given act, naming (in sw's words) the
// option that acts, or would act, on it.
func why(st Status, act Action, sw Switches) string {
	switch st.State {
	case Done:
		return "done"
	case Locked:
		return st.Detail + ", skipped"
	case Failed:
		if act == Hold {
			return fmt.Sprintf("failed before (%s); %s runs it again", firstLine(st.Detail), switchName(sw.RetryFailed, "RetryFailed"))
		}
		return why(*st.Retry, act, sw)
	case Changed:
		if act == Replace {
			return fmt.Sprintf("changed (%s): retrained, the old files moved to *%s (%s)", st.Detail, ReplacedSuffix, switchName(sw.RerunChanged, "RerunChanged"))
		}
		return fmt.Sprintf("changed since it was run (%s): not done and not retrained; %s retrains it, or give the new settings a variant of their own",
			st.Detail, switchName(sw.RerunChanged, "RerunChanged"))
	case Refused:
		if act == Replace {
			return fmt.Sprintf("refused (%s): started again, the old files moved to *%s (%s)", firstLine(st.Detail), ReplacedSuffix, switchName(sw.Restart, "Restart"))
		}
		return fmt.Sprintf("refused: %s (%s)", firstLine(st.Detail), switchName(sw.Restart, "Restart"))
	case Partial:
		return "resumes: " + st.Detail
	}
	if st.Detail != "" {
		return "starts: " + st.Detail
	}
	return "starts"
}

// moveAside moves dir's result, checkpoint and arrays files aside for
// Replace (see rundir.MoveAside).
func moveAside(dir string) error { return rundir.MoveAside(dir) }
