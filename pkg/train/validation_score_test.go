package train

import (
	"context"
	"math"
	"strings"
	"testing"

	"github.com/mgpteam/mgp/pkg/models"
	"gonum.org/v1/gonum/mat"
)

// TestValidationNLLReproducesSelection: reloaded from its directory, a run
// that selected on a held-out part scores that part at the selected
// validation NLL, bit for bit (same rows, same draws), whatever the test
// targets are; a run that held out nothing is refused.
func TestValidationNLLReproducesSelection(t *testing.T) {
	dir := t.TempDir()
	cfg := selectConfig(selectCSV(t, dir, "a.csv", nil))
	runDir := t.TempDir()
	out, err := Run(context.Background(), cfg, Options{OutDir: runDir})
	if err != nil {
		t.Fatal(err)
	}
	ck, exp, m, err := LoadRun(runDir, "")
	if err != nil {
		t.Fatal(err)
	}
	got, err := ValidationNLL(context.Background(), ck, exp, m, models.Draws)
	if err != nil {
		t.Fatal(err)
	}
	if want := out.Result.Selection.ValNLL; got != want {
		t.Errorf("validation NLL %v, the run selected at %v", got, want)
	}
	// Every test target moved far away: the held-out score stays.
	changed := map[float64]float64{}
	n, _ := exp.XTest.Dims()
	for i := 0; i < n; i++ {
		x := exp.XTest.At(i, 0)*exp.Std.XStd[0] + exp.Std.XMean[0]
		changed[math.Round(x*160)/160] = 50 + float64(i)
	}
	cfgB := cfg
	cfgB.Data.Path = selectCSV(t, dir, "b.csv", changed)
	expB, err := LoadExperiment(cfgB.Data, "")
	if err != nil {
		t.Fatal(err)
	}
	if mat.Equal(expB.YTest, exp.YTest) {
		t.Fatal("the test targets did not change: the check below tests nothing")
	}
	if gotB, err := ValidationNLL(context.Background(), ck, expB, m, models.Draws); err != nil || gotB != got {
		t.Errorf("with other test targets: %v (err %v), want %v", gotB, err, got)
	}
	cfg.Train.Validation, cfg.Train.SelectEvery = 0, 0
	plain := t.TempDir()
	if _, err := Run(context.Background(), cfg, Options{OutDir: plain}); err != nil {
		t.Fatal(err)
	}
	ck, exp, m, err = LoadRun(plain, "")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := ValidationNLL(context.Background(), ck, exp, m, models.Draws); err == nil || !strings.Contains(err.Error(), "train.validation") {
		t.Errorf("a run without a held-out part: %v", err)
	}
}
