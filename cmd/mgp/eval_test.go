package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestEvalRecomputesDiagnostics: mgp eval on a finished SLGP run that held
// out a validation part prints the diagnostics training printed, line for
// line (the same rows, the selected parameters), including the split of
// the predictive variance.
func TestEvalRecomputesDiagnostics(t *testing.T) {
	runDir, out := trainTinySLGP(t)
	out2, errOut, err := run(t, "eval", "--run", runDir)
	if err != nil {
		t.Fatal(err, errOut)
	}
	diag := func(s string) []string {
		var lines []string
		for _, l := range strings.Split(s, "\n") {
			if strings.HasPrefix(l, "  ") && strings.Contains(l, " = ") {
				lines = append(lines, l)
			}
		}
		return lines
	}
	a, b := diag(out), diag(out2)
	if len(a) == 0 || strings.Join(a, "\n") != strings.Join(b, "\n") {
		t.Fatalf("diagnostics differ:\ntrain:\n%s\neval:\n%s", strings.Join(a, "\n"), strings.Join(b, "\n"))
	}
	if !strings.Contains(out2, "pred_var_latent = ") || !strings.Contains(out2, "pred_var_f = ") {
		t.Errorf("no predictive split in:\n%s", out2)
	}
	// The calibration of the same samples: the same line from train and eval.
	cal := func(s string) string {
		for _, l := range strings.Split(s, "\n") {
			if strings.HasPrefix(l, "  calibration: CRPS ") && strings.Contains(l, "PIT KS distance") {
				return l
			}
		}
		return ""
	}
	if c := cal(out2); c == "" || c != cal(out) {
		t.Errorf("calibration line: train %q, eval %q", cal(out), c)
	}
}

// trainTinySLGP trains a 20-iteration SLGP on the step toy with a held-out
// part and returns its directory and what training printed.
func trainTinySLGP(t *testing.T) (runDir, out string) {
	t.Helper()
	dir := t.TempDir()
	cfg := writeFile(t, dir, "c.yaml", `model:
  name: slgp
  m: 8
  hidden: [8]
  s: 2
data:
  name: step
train:
  iterations: 20
  batch_size: 0
  validation: 0.2
  select_every: 10
eval:
  samples: 20
`)
	runDir = filepath.Join(dir, "run")
	out, errOut, err := run(t, "train", "-q", "-c", cfg, "--out", runDir)
	if err != nil {
		t.Fatal(err, errOut)
	}
	return runDir, out
}

// TestEvalLatentMean: --latent mean scores the plug-in predictive (another
// NLL, said so in the output), --latent select reports its held-out choice
// and the test NLL of the predictive it chose; neither is ever written.
// Exit 2 for a model without latent variables, with --write, for an
// unknown value and for select on a run without a held-out part, leaving
// result.json as it was.
func TestEvalLatentMean(t *testing.T) {
	runDir, _ := trainTinySLGP(t)
	draws, _, err := run(t, "eval", "--run", runDir)
	if err != nil {
		t.Fatal(err)
	}
	mean, errOut, err := run(t, "eval", "--run", runDir, "--latent", "mean")
	if err != nil {
		t.Fatal(err, errOut)
	}
	first := func(s string) string { return strings.SplitN(s, "\n", 2)[0] }
	if !strings.Contains(mean, "plug-in predictive") || first(mean) == first(draws) {
		t.Errorf("--latent mean gives the same first line or does not say it is the plug-in:\n%s\n%s", draws, mean)
	}
	before, err := os.ReadFile(filepath.Join(runDir, "result.json"))
	if err != nil {
		t.Fatal(err)
	}
	sel, errOut, err := run(t, "eval", "--run", runDir, "--latent", "select")
	if err != nil {
		t.Fatal(err, errOut)
	}
	if !strings.Contains(sel, "held-out choice of the predictive: ") || !strings.Contains(sel, "validation NLL") {
		t.Errorf("--latent select does not report its held-out choice:\n%s", sel)
	}
	picked := draws
	if strings.Contains(sel, "choice of the predictive: mean") {
		picked = mean
	}
	if !strings.Contains(sel, first(picked)) {
		t.Errorf("--latent select's test NLL is not that of its choice:\n%s\nwant the line %q", sel, first(picked))
	}
	for _, args := range [][]string{{"--latent", "mean", "--write"}, {"--latent", "select", "--write"}, {"--latent", "median"}, {"--latent", "Mean"}} {
		if _, _, err := run(t, append([]string{"eval", "--run", runDir}, args...)...); err == nil || exitCode(err) != 2 {
			t.Errorf("%q: err %v, want exit 2", args, err)
		}
	}
	after, _ := os.ReadFile(filepath.Join(runDir, "result.json"))
	if string(before) != string(after) {
		t.Error("result.json changed")
	}
	dir := t.TempDir()
	sgp := filepath.Join(dir, "sgp")
	if _, _, err := run(t, "train", "-q", "-c", writeFile(t, dir, "c.yaml", toyYAML), "--out", sgp); err != nil {
		t.Fatal(err)
	}
	if _, _, err := run(t, "eval", "--run", sgp, "--latent", "mean"); err == nil || exitCode(err) != 2 || !strings.Contains(err.Error(), "no latent") {
		t.Errorf("SGP with --latent mean: err %v, want exit 2", err)
	}
	// A latent model trained without a held-out part cannot select.
	noVal := filepath.Join(dir, "noval")
	if _, _, err := run(t, "train", "-q", "-c", filepath.Join(filepath.Dir(runDir), "c.yaml"), "--out", noVal,
		"--set", "train.validation=0", "--set", "train.select_every=0"); err != nil {
		t.Fatal(err)
	}
	if _, _, err := run(t, "eval", "--run", noVal, "--latent", "select"); err == nil || exitCode(err) != 2 || !strings.Contains(err.Error(), "train.validation") {
		t.Errorf("select without a held-out part: err %v, want exit 2 naming train.validation", err)
	}
}

// TestPredictUsesTheRunsPredictive: mgp predict samples the predictive the
// run settled on: a run with eval.latent = mean predicts otherwise than the
// same run with the draws (same parameters: eval.latent does not change
// training), and the draws' run as before.
func TestPredictUsesTheRunsPredictive(t *testing.T) {
	runDir, _ := trainTinySLGP(t)
	cfg := filepath.Join(filepath.Dir(runDir), "c.yaml")
	dir := t.TempDir()
	predict := func(latent string) string {
		rd := filepath.Join(dir, "run-"+latent)
		if _, errOut, err := run(t, "train", "-q", "-c", cfg, "--out", rd, "--overwrite", "--set", "train.validation=0",
			"--set", "train.select_every=0", "--set", "eval.latent="+latent); err != nil {
			t.Fatal(err, errOut)
		}
		in := writeFile(t, dir, "x.csv", "x\n0.1\n0.9\n")
		out := filepath.Join(dir, latent+".csv")
		if _, errOut, err := run(t, "predict", "--run", rd, "--input", in, "--out", out, "--raw-samples", "--samples", "20"); err != nil {
			t.Fatal(err, errOut)
		}
		b, err := os.ReadFile(out)
		if err != nil {
			t.Fatal(err)
		}
		return string(b)
	}
	draws, again, mean := predict("draws"), predict("draws"), predict("mean")
	if draws != again {
		t.Fatal("two identical runs predict differently: the comparison tests nothing")
	}
	if mean == draws {
		t.Error("a run that settled on the plug-in predicts with the draws")
	}
}

// TestEvalDensityDraws: --density-draws adds the model's own predictive
// density (a mixture over SLGP's latent draws) to the summary, the same
// number for the same seed, and a count below 1 is refused with exit 2.
func TestEvalDensityDraws(t *testing.T) {
	runDir, _ := trainTinySLGP(t)
	first, _, err := run(t, "eval", "--run", runDir, "--density-draws", "300")
	if err != nil || !strings.Contains(first, "own-density NLL") {
		t.Fatalf("eval --density-draws: %v\n%s", err, first)
	}
	again, _, err := run(t, "eval", "--run", runDir, "--density-draws", "300")
	if err != nil || again != first {
		t.Fatalf("a second eval scored another density: %v\n%s\n%s", err, first, again)
	}
	_, _, err = run(t, "eval", "--run", runDir, "--density-draws", "0")
	if exitCode(err) != 2 || !strings.Contains(err.Error(), "--density-draws 0") {
		t.Fatalf("--density-draws 0: exit %d, %v", exitCode(err), err)
	}
}
