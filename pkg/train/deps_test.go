package train

import (
	"os/exec"
	"slices"
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
//   - report (the generic tables, run listings and comparisons, run
//     summaries) imports only eval, results and paper/values (the paper's
//     numbers and its row order, a leaf that imports nothing of this
//     project): a table never needs models or training, and the paper's
//     own tables (headline, claims, Table 4) are paper's, above report;
//   - rundir (a run directory's files, states and rules) imports only
//     results, runlock and config: train and sweep import it;
//   - score (evaluation) imports only models (and what models stand on:
//     autodiff, config), eval, results and inputerr: it never sees a run;
//   - runconfig (the run config) imports only models (and what models
//     stand on), data and results: train, sweep, compare and the CLI
//     build and read configs through it;
//   - checkpoint (the checkpoint and arrays store) imports only
//     runconfig, rundir and what they and the stored state stand on
//     (autodiff, data, results): never train, score or sweep;
//   - train never imports report or sweep;
//   - sweep may import train: it resolves run configs (runconfig), reads
//     checkpoints (checkpoint) and times runs (Measure, through train),
//     while how a run is executed is the caller's; train never imports
//     sweep;
//   - inputerr (the one input-error type) imports no other package of
//     this project, so that every package can mark its input errors;
//   - runlock (the run lock) and internal/awake (the process's awake
//     clock, which any package may import) import no other package of
//     this project;
//   - compare (mgp compare without the CLI) may import sweep, train,
//     runconfig, checkpoint, report, results, plot, eval, data and rundir,
//     and what they stand on
//     (models, its own predictive type among them; autodiff, config,
//     runlock): nothing above it, never the paper's figures;
//   - verify (mgp verify without the CLI) may import sweep and what it
//     stands on (train, runconfig, rundir, results, data, ...), never
//     compare, predict, fit, paper or report;
//   - only cmd/mgp imports cobra and viper;
//   - no package imports the test helpers (testOnly), which import testing.
//
// Every package under pkg/ needs a rule (a subpackage is covered by its
// parent's): TestEveryPackageHasARule fails for one without.
func TestDependencyDirection(t *testing.T) {
	for _, r := range depRules() {
		for _, d := range goList(t, "-deps", modulePath+r.pkg+"/...") {
			if bad := refused(d, modulePath, modulePath+r.pkg, r.only, slices.Concat(r.forbidden, testOnly)); bad {
				t.Errorf("%s depends on %s", r.pkg, d)
			}
		}
	}
}

// modulePath is this module's path with a trailing slash.
const modulePath = "github.com/mgpteam/mgp/"

// testOnly lists the helpers only tests may import (they import testing).
var testOnly = []string{modulePath + "internal/shareddata"}

// depRule is one line of the dependency rules.
type depRule struct {
	pkg string
	// only, when not nil, lists the project packages pkg may depend on
	// (itself and its subpackages always); every other one is refused.
	only []string
	// forbidden lists packages pkg must not depend on.
	forbidden []string
}

// depRules returns the rules of TestDependencyDirection, one per package
// under pkg/ (and one for cmd/mgp).
func depRules() []depRule {
	p := func(names ...string) []string {
		out := make([]string, len(names))
		for i, n := range names {
			out[i] = modulePath + "pkg/" + n
		}
		return out
	}
	cli := []string{"github.com/spf13/cobra", "github.com/spf13/viper"}
	// awake (the process's awake clock, for training times and ETAs) is
	// a leaf any package may import.
	awake := modulePath + "internal/awake"
	rules := []depRule{
		{pkg: "internal/awake", only: []string{}, forbidden: cli},
		{pkg: "cmd/mgp"},
		{pkg: "pkg/autodiff", forbidden: append(p("models", "data", "eval", "results", "report", "runconfig", "checkpoint", "train", "sweep", "compare", "predict", "fit", "paper"), cli...)},
		{pkg: "pkg/models", forbidden: append(p("data", "eval", "results", "report", "runconfig", "checkpoint", "train", "sweep", "compare", "predict", "fit", "paper"), cli...)},
		{pkg: "pkg/config", only: []string{}, forbidden: cli},
		{pkg: "pkg/data", only: []string{}, forbidden: cli},
		{pkg: "pkg/eval", only: []string{}, forbidden: cli},
		{pkg: "pkg/results", only: []string{}, forbidden: cli},
		{pkg: "pkg/plot", only: p("results"), forbidden: cli},
		{pkg: "pkg/report", only: p("eval", "results", "paper/values"), forbidden: cli},
		{pkg: "pkg/runlock", only: []string{}, forbidden: cli},
		// inputerr (the one input-error type) is a leaf: train, sweep,
		// predict, fit, compare and paper all wrap their input errors in it.
		{pkg: "pkg/inputerr", only: []string{}, forbidden: cli},
		{pkg: "pkg/rundir", only: p("results", "runlock", "config"), forbidden: cli},
		// outpath decides what a user-named output may be: it knows the
		// run directory's files, nothing else of mgp.
		{pkg: "pkg/outpath", only: p("rundir", "results", "runlock", "config"), forbidden: cli},
		// score (evaluation: KDE scoring, class NLL, predictive choice,
		// calibration) scores a model on matrices: it knows models, the
		// metrics and the result types, never a run, a config or a data set,
		// so train, predict, sweep and paper can all call it.
		{pkg: "pkg/score", only: p("models", "autodiff", "config", "eval", "results", "inputerr"), forbidden: cli},
		// runconfig (the run config: its sections, defaults, decoding,
		// validation and fingerprint) knows the models' registry (a model
		// section holds the model's own config struct), the data sources
		// (which check the data keys) and the result types; never a run,
		// a checkpoint or a run directory.
		{pkg: "pkg/runconfig", only: p("models", "autodiff", "config", "data", "results"), forbidden: cli},
		// checkpoint (the checkpoint and arrays store: a saved run's
		// config, parameters and training state, its checksum and arrays
		// file) stores what runconfig, autodiff (Adam's and L-BFGS's
		// state), data (the batcher's state, the standardisation) and
		// results (traces) define, in the files rundir names; it never
		// runs, scores or trains anything.
		{pkg: "pkg/checkpoint", only: p("runconfig", "rundir", "autodiff", "data", "results", "models", "config", "runlock"), forbidden: cli},
		{pkg: "pkg/train", forbidden: append(p("report", "sweep", "compare", "predict", "fit", "paper"), cli...)},
		{pkg: "pkg/sweep", forbidden: append(p("report", "compare", "predict", "fit", "paper"), cli...)},
		{pkg: "pkg/compare", only: append(p("sweep", "train", "runconfig", "checkpoint", "score", "report", "results", "plot", "eval", "data", "rundir",
			"models", "autodiff", "config", "runlock", "inputerr"), awake), forbidden: cli},
		// predict applies a saved run: train and what train itself
		// depends on, never sweep, report or the CLI.
		{pkg: "pkg/predict", only: append(p("train", "runconfig", "checkpoint", "score", "models", "data", "eval", "results", "autodiff", "config", "runlock", "rundir", "inputerr"), awake), forbidden: cli},
		{pkg: "pkg/fit", only: append(p("train", "runconfig", "checkpoint", "score", "predict", "data", "models", "results", "rundir", "eval", "autodiff", "config", "runlock", "inputerr"), awake), forbidden: cli},
		// paper (the paper's figures and tables) draws on plot, report,
		// results, rundir, sweep, train, models, data and eval; it never
		// imports compare, cobra or viper, and no package under pkg/
		// imports paper (report imports only paper/values, ruled below):
		// only cmd/mgp does (the packages with an only-list
		// exclude it already; upward lists below for the others).
		{pkg: "pkg/paper", forbidden: append(p("compare", "fit"), cli...)},
		// verify (mgp verify: committed runs re-trained through the sweep
		// and compared) stands beside compare and paper, on sweep and what
		// it stands on: never compare, predict, fit or paper.
		{pkg: "pkg/verify", forbidden: append(p("compare", "predict", "fit", "paper", "report"), cli...)},
		// paper/values (the paper's numbers and row order) is the one part
		// of paper below it: report reads it; it imports nothing of mgp.
		{pkg: "pkg/paper/values", only: []string{}, forbidden: cli},
	}
	return rules
}

// TestEveryPackageHasARule fails for a package under pkg/ that no rule of
// depRules covers, so that a new package cannot escape the rules.
func TestEveryPackageHasARule(t *testing.T) {
	rules := depRules()
	for _, pkg := range goList(t, modulePath+"pkg/...") {
		covered := false
		for _, r := range rules {
			if pkg == modulePath+r.pkg || strings.HasPrefix(pkg, modulePath+r.pkg+"/") {
				covered = true
				break
			}
		}
		if !covered {
			t.Errorf("%s has no dependency rule: add one to depRules in deps_test.go", strings.TrimPrefix(pkg, modulePath))
		}
	}
}

// goList runs go list with args and returns the packages it prints,
// failing the test when go list fails or prints nothing.
func goList(t *testing.T, args ...string) []string {
	t.Helper()
	cmd := exec.Command("go", append([]string{"list"}, args...)...)
	var stderr strings.Builder
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("go list %s: %v\n%s", strings.Join(args, " "), err, stderr.String())
	}
	pkgs := strings.Fields(string(out))
	if len(pkgs) == 0 {
		t.Fatalf("go list %s lists no packages", strings.Join(args, " "))
	}
	return pkgs
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
	const mod = modulePath
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
