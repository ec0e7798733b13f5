package train

import (
	"encoding/json"
	"fmt"
	"path/filepath"

	"github.com/mgpteam/mgp/pkg/checkpoint"
	"github.com/mgpteam/mgp/pkg/inputerr"
	"github.com/mgpteam/mgp/pkg/results"
)

// checkData refuses to resume a checkpoint trained on other data than
// exp's: a data file edited since (its data fingerprint differs).
// Checkpoints of versions before data fingerprints are not checked.
func (r *run) checkData(exp *Experiment) error {
	if r.prev == nil || r.prev.DataFingerprint == "" || r.prev.DataFingerprint == exp.Fingerprint {
		return nil
	}
	return &inputerr.Error{Err: &checkpoint.CorruptError{Path: r.ckPath, Reason: fmt.Sprintf(
		"it was trained on other data than %s's now (data fingerprint %s in the checkpoint, %s now: the data file or the split changed since); put the data back as they were to resume",
		exp.Name, checkpoint.Abbrev(r.prev.DataFingerprint), checkpoint.Abbrev(exp.Fingerprint))}}
}

// finishing reports whether the run resumes a complete checkpoint, whose
// result.json is missing: it only needs result.json rebuilt.
func (r *run) finishing() bool { return r.prev != nil && r.prev.Complete }

// rebuild writes result.json from the complete checkpoint's copy of it,
// byte for byte what the run wrote (or would have written, when it was
// stopped between the two files). A complete checkpoint of a version that
// kept no copy is rebuilt by evaluating again (ok false), except for a
// held-out-selection run, whose last iteration's metrics that checkpoint
// no longer holds.
func (r *run) rebuild() (res *results.Result, ok bool, err error) {
	if r.prev.Result == nil {
		if r.prev.Facts().Unrebuildable() {
			return nil, false, &inputerr.Error{Err: &RunDirError{Dir: r.opts.OutDir, Path: r.ckPath, Problem: Unrebuildable}}
		}
		return nil, false, nil
	}
	res = &results.Result{}
	if err := json.Unmarshal(r.prev.Result, res); err != nil {
		return nil, false, &inputerr.Error{Err: &checkpoint.CorruptError{Path: r.ckPath, Reason: "its copy of result.json does not decode: " + err.Error()}}
	}
	if err := writeResult(r.opts.OutDir, r.prev.Result); err != nil {
		return nil, false, err
	}
	if !r.opts.Quiet && r.opts.Log != nil {
		fmt.Fprintf(r.opts.Log, "%s: result.json was missing; rebuilt from the complete checkpoint %s\n", r.opts.OutDir, filepath.Base(r.ckPath))
	}
	return res, true, nil
}
