package sweep

import (
	"errors"
	"io/fs"
	"path/filepath"

	"github.com/mgpteam/mgp/pkg/results"
	"github.com/mgpteam/mgp/pkg/train"
)

// legacyDone is the detail of a run counted done under the rule for
// results of versions before fingerprints.
const legacyDone = "result of an earlier version without fingerprints; its recorded config is the sweep's"

// resultStatus judges dir's result.json, when there is one (ok false: no
// result, or one that does not make the run done and leaves the decision
// to the checkpoint). A run is Done only when its result is complete and
// made under the wanted config and data:
//
//   - a result marked "complete" counts when its config fingerprint is the
//     wanted config's and its data fingerprint the wanted data's; a
//     different config or data makes it Changed, naming what differs;
//   - a result without the mark (versions before it) counts as complete
//     unless the checkpoint beside it is unfinished (then it is a result
//     written by `mgp eval --write` on an unfinished run, and the run
//     resumes); without a fingerprint its recorded config is compared with
//     the wanted one instead (the keys that never change the numbers
//     aside), and its data cannot be checked;
//   - a result that cannot be read, or has no metrics, is Refused.
func resultStatus(dir string, want *Want) (Status, bool) {
	path := filepath.Join(dir, train.ResultFile)
	res, err := results.ReadResult(path)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return Status{}, false
	case err != nil:
		return Status{State: Refused, Detail: "result.json cannot be used: " + err.Error()}, true
	}
	if !res.Complete {
		ck, err := train.LoadCheckpointHeader(filepath.Join(dir, train.CheckpointFile))
		if err == nil && ck.Unfinished() {
			return Status{}, false
		}
	}
	diff, legacy, err := want.resultChanges(res)
	switch {
	case err != nil:
		return Status{State: Refused, Detail: "the data cannot be read to check result.json: " + err.Error()}, true
	case diff != "":
		return Status{State: Changed, Detail: diff}, true
	case legacy && want != nil:
		return Status{State: Done, Detail: legacyDone}, true
	}
	return Status{State: Done}, true
}
