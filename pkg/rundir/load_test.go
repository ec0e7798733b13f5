package rundir

import (
	"errors"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/mgpteam/mgp/pkg/results"
)

// TestLoadResults: a directory walk loads every result, passes over the
// known non-result files silently and lists the other skipped files once
// each, in a *LoadError returned with what did load.
func TestLoadResults(t *testing.T) {
	dir := t.TempDir()
	three := []*results.Result{
		{Model: "mine", Dataset: "toy", Split: "random seed 0"},
		{Model: "sgp", Dataset: "boston", SplitSeed: 2, ModelSeed: 2},
		{Model: "SLGP", Dataset: "energy"},
	}
	for i, r := range three {
		p := filepath.Join(dir, r.Model, strconv.Itoa(i)+".json")
		if err := results.WriteJSONAtomic(p, r); err != nil {
			t.Fatal(err)
		}
	}
	bad := filepath.Join(dir, "bad.json")
	other := filepath.Join(dir, "sub", "other.json")
	quiet := map[string]string{
		filepath.Join(dir, "sgp", "checkpoint.json"): `{"params": {}}`,
		filepath.Join(dir, "sgp", "state.json"):      `{`,
		filepath.Join(dir, "sgp", "lock.json"):       `{"pid": 1}`,
		filepath.Join(dir, "sgp", "error.json"):      `{"error": "x"}`,
		filepath.Join(dir, "sweep.json"):             `[]`,
	}
	files := map[string]string{bad: "{", other: `{"foo": 1}`, filepath.Join(dir, "notes.txt"): "x"}
	for p, s := range quiet {
		files[p] = s
	}
	for p, s := range files {
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(s), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	loaded, err := LoadResultFiles(dir)
	if len(loaded) != 3 {
		t.Fatalf("loaded %d results, want 3", len(loaded))
	}
	for _, f := range loaded {
		if f.Result == nil || !strings.HasPrefix(f.Path, dir) {
			t.Fatalf("loaded %+v", f)
		}
	}
	var lerr *results.LoadError
	if !errors.As(err, &lerr) || len(lerr.Files) != 2 || lerr.Scanned != 5 {
		t.Fatalf("error %v, want a LoadError with 2 of 5 files", err)
	}
	msg := err.Error()
	if !strings.Contains(msg, bad) || !strings.Contains(msg, other) || !strings.Contains(msg, "not a result") {
		t.Fatalf("error message lacks the skipped files:\n%s", msg)
	}
	if strings.Count(msg, other) != 1 {
		t.Errorf("a file is named more than once:\n%s", msg)
	}
	for p := range quiet {
		if strings.Contains(msg, p) {
			t.Errorf("known non-result file %s reported:\n%s", p, msg)
		}
	}
	if !errors.Is(err, results.ErrNotResult) {
		t.Fatal("errors.Is(err, results.ErrNotResult) is false")
	}
	if rs, err := LoadResults(dir); len(rs) != 3 || !errors.As(err, &lerr) {
		t.Fatalf("LoadResults: %d results, err %v", len(rs), err)
	}
	// A clean directory gives no error.
	if rs, err := LoadResults(filepath.Join(dir, "mine")); err != nil || len(rs) != 1 {
		t.Fatalf("clean dir: %d results, err %v", len(rs), err)
	}
	if _, err := LoadResults(filepath.Join(dir, "missing")); err == nil {
		t.Fatal("missing directory gave no error")
	}
}
