package train

import (
	"bytes"
	"context"
	"encoding/json"
	"io/fs"
	"os"
	"path/filepath"
	"testing"

	"github.com/mgpteam/mgp/pkg/score"
	"gonum.org/v1/gonum/mat"
)

// TestEvaluateJobsSameBytes: scoring the KDE of each block with 2 (or 3)
// goroutines gives the same bytes as with one: the evaluation's JSON
// (metrics, per-output metrics, calibration) and every per-point log
// density, over several blocks and two outputs.
func TestEvaluateJobsSameBytes(t *testing.T) {
	path := twoOutputCSV(t, t.TempDir(), 300)
	m, exp := trainTwo(t, path, map[string]any{"name": "sgp", "m": 10}, 50, 0.03)
	const P = 50
	X, Y, sig := exp.XTest, exp.YTest, exp.Std.YStd
	n, dy := Y.Dims()
	run := func(jobs int) ([]byte, *mat.Dense) {
		ld := mat.NewDense(n, dy, nil)
		ev, err := score.Evaluate(context.Background(), m, X, Y, sig, P, 3, score.Options{BlockFloats: 11 * P * dy, Jobs: jobs, LogDensities: ld})
		if err != nil {
			t.Fatal(err)
		}
		if ev.Blocks < 2 {
			t.Fatalf("%d blocks: the test wants several", ev.Blocks)
		}
		b, err := json.Marshal(ev)
		if err != nil {
			t.Fatal(err)
		}
		return b, ld
	}
	want, wantLD := run(1)
	for _, jobs := range []int{0, 2, 3} {
		got, gotLD := run(jobs)
		if !bytes.Equal(got, want) {
			t.Errorf("jobs %d: evaluation %s, one job's %s", jobs, got, want)
		}
		for i, v := range gotLD.RawMatrix().Data {
			if !sameBits(v, wantLD.RawMatrix().Data[i]) {
				t.Fatalf("jobs %d: log density %d is %v, one job's %v", jobs, i, v, wantLD.RawMatrix().Data[i])
			}
		}
	}
}

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
	if d := configDiff(base, two); d != "" {
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
		if err != nil || d.IsDir() || d.Name() != ResultFile {
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
