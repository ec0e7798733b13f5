package sweep

import (
	"fmt"
	"os"
	"path/filepath"

	"github.com/mgpteam/mgp/pkg/train"
)

// Action is what a sweep does with a run.
type Action int

// The actions of Decide.
const (
	// Skip: the run is done.
	Skip Action = iota
	// Hold: the run is left as it is (failed before, running elsewhere,
	// changed or refused without the flag that acts on it).
	Hold
	// Start: the run starts from its first iteration.
	Start
	// Resume: the run continues from its checkpoint.
	Resume
	// Replace: the run's result and checkpoint are moved aside (to
	// result.json.replaced and checkpoint.json.replaced) and the run
	// starts from its first iteration.
	Replace
)

// ReplacedSuffix is appended to the names of the result and checkpoint a
// Replace moves aside (no longer *.json, so tables pass over them).
const ReplacedSuffix = ".replaced"

// Decide says what a sweep with options o does with a run in state st, and
// why, in words for the progress lines and the dry run (one function for
// both, so that the dry run says what the sweep does).
func Decide(st Status, o Options) (Action, string) {
	switch st.State {
	case Done:
		return Skip, "done"
	case Locked:
		return Hold, st.Detail + ", skipped"
	case Failed:
		if !o.RetryFailed || st.Retry == nil {
			return Hold, fmt.Sprintf("failed before (%s); --retry-failed runs it again", firstLine(st.Detail))
		}
		return Decide(*st.Retry, o)
	case Changed:
		if o.RerunChanged {
			return Replace, fmt.Sprintf("changed (%s): retrained, the old files moved to *%s (--rerun-changed)", st.Detail, ReplacedSuffix)
		}
		return Hold, fmt.Sprintf("changed since it was run (%s): not done and not retrained; --rerun-changed retrains it, or give the new settings a variant of their own", st.Detail)
	case Refused:
		if o.Restart {
			return Replace, fmt.Sprintf("refused (%s): started again, the old files moved to *%s (--restart)", firstLine(st.Detail), ReplacedSuffix)
		}
		return Hold, fmt.Sprintf("refused: %s", firstLine(st.Detail))
	case Partial:
		return Resume, "resumes: " + st.Detail
	}
	if st.Detail != "" {
		return Start, "starts: " + st.Detail
	}
	return Start, "starts"
}

// moveAside renames dir's result.json, checkpoint.json and the
// checkpoint's arrays files to their ReplacedSuffix names (replacing
// earlier ones), for Replace: the replaced checkpoint keeps its arrays
// (the new run's first checkpoint removes every arrays file it does not
// name), and renaming the files back restores it.
func moveAside(dir string) error {
	bins, err := train.ArraysFiles(dir)
	if err != nil {
		return err
	}
	for _, name := range append([]string{train.ResultFile, train.CheckpointFile}, bins...) {
		p := filepath.Join(dir, name)
		if err := os.Rename(p, p+ReplacedSuffix); err != nil && !os.IsNotExist(err) {
			return err
		}
	}
	return nil
}
