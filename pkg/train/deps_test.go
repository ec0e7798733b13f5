package train

import (
	"os/exec"
	"strings"
	"testing"
)

// TestDependencyDirection enforces the one-way dependencies of DESIGN.md,
// transitively (go list -deps, tests excluded):
//
//   - autodiff knows nothing of GPs, data, metrics, results or training;
//   - models never see data, eval, results, report, train or sweep;
//   - config (strict YAML decoding), data, eval (the metrics) and results
//     (the result files) import no other package of this project;
//   - plot (the figures) imports only results (for its atomic writes);
//   - report (tables, run comparisons, the paper's values) imports only
//     eval and results: a table never needs models or training;
//   - train never imports report or sweep;
//   - sweep may import train: it resolves run configs, reads checkpoints
//     and times runs (Measure) through it, while how a run is executed is
//     the caller's; train never imports sweep;
//   - only cmd/mgp imports cobra and viper.
func TestDependencyDirection(t *testing.T) {
	const mod = "github.com/mgpteam/mgp/"
	p := func(names ...string) []string {
		out := make([]string, len(names))
		for i, n := range names {
			out[i] = mod + "pkg/" + n
		}
		return out
	}
	cli := []string{"github.com/spf13/cobra", "github.com/spf13/viper"}
	rules := []struct {
		pkg string
		// only, when not nil, lists the project packages pkg may depend on
		// (itself and its subpackages always); every other one is refused.
		only []string
		// forbidden lists packages pkg must not depend on.
		forbidden []string
	}{
		{pkg: "pkg/autodiff", forbidden: append(p("models", "data", "eval", "results", "report", "train", "sweep"), cli...)},
		{pkg: "pkg/models", forbidden: append(p("data", "eval", "results", "report", "train", "sweep"), cli...)},
		{pkg: "pkg/config", only: []string{}, forbidden: cli},
		{pkg: "pkg/data", only: []string{}, forbidden: cli},
		{pkg: "pkg/eval", only: []string{}, forbidden: cli},
		{pkg: "pkg/results", only: []string{}, forbidden: cli},
		{pkg: "pkg/plot", only: p("results"), forbidden: cli},
		{pkg: "pkg/report", only: p("eval", "results"), forbidden: cli},
		{pkg: "pkg/train", forbidden: append(p("report", "sweep"), cli...)},
		{pkg: "pkg/sweep", forbidden: append(p("report"), cli...)},
		// paper (the paper's figures and tables) draws on plot, report,
		// results, rundir, sweep, train, models, data and eval; it never
		// imports compare, cobra or viper, and no package under pkg/
		// imports paper: only cmd/mgp does (the packages with an only-list
		// above exclude it already).
		{pkg: "pkg/paper", forbidden: append(p("compare"), cli...)},
		{pkg: "pkg/autodiff", forbidden: p("paper")},
		{pkg: "pkg/models", forbidden: p("paper")},
		{pkg: "pkg/train", forbidden: p("paper")},
		{pkg: "pkg/sweep", forbidden: p("paper")},
		{pkg: "pkg/rundir", forbidden: p("paper")},
		{pkg: "pkg/runlock", forbidden: p("paper")},
		{pkg: "pkg/compare", forbidden: p("paper")},
	}
	for _, r := range rules {
		out, err := exec.Command("go", "list", "-deps", mod+r.pkg+"/...").Output()
		if err != nil {
			t.Skipf("go list unavailable: %v", err)
		}
		for _, d := range strings.Fields(string(out)) {
			if bad := refused(d, mod, mod+r.pkg, r.only, r.forbidden); bad {
				t.Errorf("%s depends on %s", r.pkg, d)
			}
		}
	}
}

// refused reports whether dependency d breaks a rule for the package self:
// d is forbidden (or under a forbidden path), or self has an only-list and
// d is a project package outside self and the list.
func refused(d, mod, self string, only, forbidden []string) bool {
	under := func(d, p string) bool { return d == p || strings.HasPrefix(d, p+"/") }
	for _, f := range forbidden {
		if under(d, f) {
			return true
		}
	}
	if only == nil || !strings.HasPrefix(d, mod) || under(d, self) {
		return false
	}
	for _, o := range only {
		if under(d, o) {
			return false
		}
	}
	return true
}

// TestRefused checks the rule matcher itself, so that a rule cannot pass by
// matching nothing.
func TestRefused(t *testing.T) {
	const mod = "github.com/mgpteam/mgp/"
	cases := []struct {
		d         string
		only      []string
		forbidden []string
		want      bool
	}{
		{mod + "pkg/train", nil, []string{mod + "pkg/train"}, true},
		{mod + "pkg/trainer", nil, []string{mod + "pkg/train"}, false},
		{mod + "pkg/models/gp", nil, []string{mod + "pkg/models"}, true},
		{mod + "pkg/models", []string{}, nil, true},
		{mod + "pkg/report/x", []string{}, nil, false}, // itself
		{mod + "pkg/results", []string{mod + "pkg/results"}, nil, false},
		{"gonum.org/v1/gonum/mat", []string{}, nil, false},
	}
	for _, c := range cases {
		if got := refused(c.d, mod, mod+"pkg/report", c.only, c.forbidden); got != c.want {
			t.Errorf("refused(%s, only %v, forbidden %v) = %v, want %v", c.d, c.only, c.forbidden, got, c.want)
		}
	}
}
