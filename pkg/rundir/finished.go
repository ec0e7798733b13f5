package rundir

import (
	"encoding/json"
	"os"
	"path/filepath"

	"github.com/mgpteam/mgp/pkg/results"
)

// ResultFinishes is the rule for "is this run finished?" given its
// result.json res and its checkpoint ck (ckErr: the error reading it): a
// result marked complete finishes the run; one without the mark (written
// by versions before it) does too, unless the checkpoint beside it is
// readable and unfinished, when the result was written by `mgp eval
// --write` on an unfinished run, which is to resume.
func ResultFinishes(res *results.Result, ck Checkpoint, ckErr error) bool {
	return res.Complete || ckErr != nil || !ck.Unfinished()
}

// FinishedResult returns the result in dir of a finished run made under
// the config whose fingerprint (results.Result.ConfigFingerprint) is
// fingerprint: result.json marked complete and recording that fingerprint.
// It returns false when there is none (no result.json, one that does not
// decode, one not marked complete, or one of another config). A result
// without test metrics (a refit on all rows) counts.
func FinishedResult(dir, fingerprint string) (*results.Result, bool) {
	b, err := os.ReadFile(filepath.Join(dir, ResultFile))
	if err != nil {
		return nil, false
	}
	var r results.Result
	if json.Unmarshal(b, &r) != nil || !r.Complete || r.ConfigFingerprint != fingerprint {
		return nil, false
	}
	return &r, true
}
