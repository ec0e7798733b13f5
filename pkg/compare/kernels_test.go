package compare

import (
	"bytes"
	"context"
	"errors"
	"math"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/mgpteam/mgp/pkg/rundir"
)

// TestRunTriesKernels runs a small comparison with kernels se and
// matern52: SGP runs with both (sgp-se, sgp-matern52, each in its own
// variant directory, the Matérn run's config setting model.kernel), HNN,
// which has no kernel, with se only; the report names the
// candidates and the kernels, and the refit of a model-kernel candidate
// trains that model with that kernel.
func TestRunTriesKernels(t *testing.T) {
	dir := t.TempDir()
	r := rand.New(rand.NewPCG(4, 1))
	x, y := make([]float64, 60), make([]float64, 60)
	for i := range x {
		x[i] = 4*r.Float64() - 2
		y[i] = math.Abs(x[i]) + 0.2*r.NormFloat64()
	}
	csv := writeCSV(t, dir, "d.csv", x, y)
	var w bytes.Buffer
	o := Options{Data: csv, Target: "y", Models: []string{"sgp", "hnn"}, Kernels: []string{"se", "matern52"}, Splits: 2,
		Iterations: 5, Out: filepath.Join(dir, "cmp"), Jobs: 1, Refit: true, Stdout: &w}
	if err := os.MkdirAll(o.Out, 0o755); err != nil {
		t.Fatal(err)
	}
	rep, err := Run(context.Background(), o)
	if err != nil {
		t.Fatalf("%v\n%s", err, w.String())
	}
	var names []string
	for _, s := range rep.Models {
		names = append(names, s.Model)
	}
	slices.Sort(names)
	if want := []string{"hnn-se", "sgp-matern52", "sgp-se"}; !slices.Equal(names, want) {
		t.Fatalf("candidates %v, want %v\n%s", names, want, w.String())
	}
	for _, s := range rep.Models {
		if len(s.Splits) != 2 {
			t.Errorf("%s: %d splits", s.Model, len(s.Splits))
		}
		_, kernel := SplitCandidate(s.Model)
		if !strings.Contains(filepath.ToSlash(s.Splits[0].Dir), "/"+kernel+"/s") {
			t.Errorf("%s: run %s is not in the %s variant", s.Model, s.Splits[0].Dir, kernel)
		}
	}
	s, _ := rep.Summary("sgp-matern52")
	res, err := os.ReadFile(filepath.Join(o.Out, s.Splits[0].Dir, rundir.ResultFile))
	if err != nil || !strings.Contains(string(res), "matern52") {
		t.Errorf("sgp-matern52's result does not record its kernel: %v", err)
	}
	md, err := os.ReadFile(filepath.Join(o.Out, "report.md"))
	if err != nil || !strings.Contains(string(md), "Kernels (`model.kernel`): se, matern52") {
		t.Errorf("report.md: %v\n%s", err, md)
	}
	refitCfg, err := os.ReadFile(filepath.Join(o.Out, rep.Refit.Config))
	if err != nil {
		t.Fatal(err)
	}
	if _, kernel := SplitCandidate(rep.Decision.Chosen); kernel == "matern52" && !strings.Contains(string(refitCfg), "kernel: matern52") {
		t.Errorf("refit of %s:\n%s", rep.Decision.Chosen, refitCfg)
	}
}

// TestKernelOptionErrors checks the refusals of Options.Kernels: an
// unknown kernel, one named twice, and kernels without se for a model
// that has no kernel choice; each an *OptionError of "kernels".
func TestKernelOptionErrors(t *testing.T) {
	for _, c := range []struct{ models, kernels []string }{
		{[]string{"sgp"}, []string{"rbf"}},
		{[]string{"sgp"}, []string{"se", "se"}},
		{[]string{"sgp", "hnn"}, []string{"matern32"}},
	} {
		var oe *OptionError
		if err := checkKernels(c.models, c.kernels); !errors.As(err, &oe) || oe.Option != "kernels" {
			t.Errorf("%v %v: %v", c.models, c.kernels, err)
		}
	}
	if err := checkKernels([]string{"sgp", "hnn"}, []string{"matern12", "se"}); err != nil {
		t.Error(err)
	}
	if got := Candidates([]string{"sgp", "hnn"}, []string{"matern12", "se"}); !slices.Equal(got, []string{"sgp-se", "sgp-matern12", "hnn-se"}) {
		t.Errorf("Candidates: %v", got)
	}
	// SMGP and DAGP take model.kernel (experts) too.
	if got := Candidates([]string{"smgp"}, []string{"se", "matern32"}); !slices.Equal(got, []string{"smgp-se", "smgp-matern32"}) {
		t.Errorf("Candidates of smgp: %v", got)
	}
	if got := ComplexityOrder([]string{"smgp-se", "sgp-matern12", "sgp-se"}); !slices.Equal(got, []string{"sgp-matern12", "sgp-se", "smgp-se"}) {
		t.Errorf("ComplexityOrder: %v", got)
	}
}
