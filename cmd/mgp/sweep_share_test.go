package main

import (
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/mgpteam/mgp/pkg/sweep"
)

// TestSweepFilesSharingRunsAgree: when two shipped sweep files name the
// same run directory (figure5.yaml's and figure6.yaml's variant paper, for
// one), they make it with the same config and overrides, so that whichever
// sweep runs it first, the run is the one both figures mean.
func TestSweepFilesSharingRunsAgree(t *testing.T) {
	files, err := filepath.Glob(filepath.Join(repoRoot, "configs", "sweeps", "*.yaml"))
	if err != nil || len(files) == 0 {
		t.Fatalf("no sweep files: %v", err)
	}
	type made struct{ file, how string }
	byDir := map[string]made{}
	shared := 0
	for _, f := range files {
		s, err := sweep.ReadSpec(f)
		if err != nil {
			t.Fatal(err)
		}
		plan, err := sweep.Expand(s, func(string) bool { return true })
		if err != nil {
			t.Fatal(err)
		}
		for _, r := range plan.Runs {
			var sets []string
			for _, o := range r.Sets {
				sets = append(sets, o.String())
			}
			slices.Sort(sets)
			how := r.Config + " " + strings.Join(sets, " ")
			prev, ok := byDir[r.Dir]
			if !ok {
				byDir[r.Dir] = made{filepath.Base(f), how}
				continue
			}
			shared++
			if prev.how != how {
				t.Errorf("%s: %s makes it with\n  %s\nbut %s with\n  %s", r.Dir, prev.file, prev.how, filepath.Base(f), how)
			}
		}
	}
	if shared == 0 {
		t.Error("no run directory is shared by two sweep files; figure5.yaml and figure6.yaml should share paper")
	}
}
