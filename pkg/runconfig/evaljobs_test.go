package runconfig

import (
	"bytes"
	"encoding/json"
	"io/fs"
	"os"
	"path/filepath"
	"testing"

	"github.com/mgpteam/mgp/pkg/rundir"
)

// TestEvalJobsKeepsFingerprints: eval.jobs decodes, is refused when
// negative, and changes no config fingerprint: unset (every config written
// before it existed) it is absent from the config's JSON, and set to 2 it
// is one of FingerprintIgnoredKeys; every committed result's config has
// the same fingerprint with eval.jobs 2 as without.
func TestEvalJobsKeepsFingerprints(t *testing.T) {
	base := decodeYAML(t, "model: {name: slgp}\ndata: {name: nytaxi}\n")
	two := decodeYAML(t, "model: {name: slgp}\ndata: {name: nytaxi}\neval: {jobs: 2}\n")
	if two.Eval.Jobs != 2 {
		t.Fatalf("eval.jobs decoded as %d", two.Eval.Jobs)
	}
	if ConfigFingerprint(two) != ConfigFingerprint(base) {
		t.Error("eval.jobs: 2 changes the config fingerprint")
	}
	if d := ConfigDiff(base, two); d != "" {
		t.Errorf("a resume sees eval.jobs as a change: %s", d)
	}
	b, err := json.Marshal(base.Eval)
	if err != nil {
		t.Fatal(err)
	}
	if bytes.Contains(b, []byte("jobs")) {
		t.Errorf("an unset eval.jobs is written: %s", b)
	}
	neg := base
	neg.Eval.Jobs = -1
	if err := neg.Validate(); err == nil {
		t.Error("eval.jobs = -1 accepted")
	}
	n := 0
	err = filepath.WalkDir("../../results", func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || d.Name() != rundir.ResultFile {
			return err
		}
		raw, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		var r struct {
			Config RunConfig `json:"config"`
		}
		if err := json.Unmarshal(raw, &r); err != nil {
			return nil // TestCommittedResultConfigsLoad reports it
		}
		fp := ConfigFingerprint(r.Config)
		r.Config.Eval.Jobs = 2
		if ConfigFingerprint(r.Config) != fp {
			t.Errorf("%s: eval.jobs 2 changes the fingerprint", p)
		}
		n++
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if n < 100 {
		t.Fatalf("only %d result files under results/", n)
	}
}
