package main

import (
	"slices"
	"strings"
	"testing"
)

// TestEvalNLLFlag: --nll takes kde (the run's own numbers, the same first
// line as a plain eval), refuses an unknown name and any other estimator
// with --write (exit 2), and refuses the mnist estimators on another data
// set (exit 2).
func TestEvalNLLFlag(t *testing.T) {
	runDir, _ := trainTinySLGP(t)
	plain, _, err := run(t, "eval", "--run", runDir)
	if err != nil {
		t.Fatal(err)
	}
	kde, _, err := run(t, "eval", "--run", runDir, "--nll", "kde")
	if err != nil {
		t.Fatal(err)
	}
	if plain != kde {
		t.Errorf("--nll kde differs from the default:\n%s\n%s", plain, kde)
	}
	for _, args := range [][]string{{"--nll", "joint", "--write"}, {"--nll", "kde-clipped", "--write"}, {"--nll", "silverman"}, {"--nll", "joint"}, {"--nll", "kde-clipped"}} {
		_, _, err := run(t, append([]string{"eval", "--run", runDir}, args...)...)
		if err == nil || exitCode(err) != 2 {
			t.Errorf("%q: err %v, want exit 2", args, err)
			continue
		}
		if args[1] != "silverman" && !slices.Contains(args, "--write") && !strings.Contains(err.Error(), "mnist") {
			t.Errorf("%q on a toy run: %v, want a message naming mnist", args, err)
		}
	}
}
