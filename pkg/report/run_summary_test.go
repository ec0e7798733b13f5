package report

import (
	"strings"
	"testing"

	"github.com/mgpteam/mgp/pkg/results"
)

// TestRunSummary: the summary names the model, data set and test NLL,
// lists the diagnostics in name order, and a run without a test set says
// why instead of scoring it.
func TestRunSummary(t *testing.T) {
	var b strings.Builder
	RunSummary(&b, &results.Result{Model: "sgp", Dataset: "boston", Split: "random seed 0",
		Metrics: results.Metrics{NLL: 2.5, NTest: 51, Samples: 200}, Diagnostics: map[string]float64{"nu0": 1, "kl_w_mean": 2}})
	got := b.String()
	kl, nu := strings.Index(got, "  kl_w_mean = 2\n"), strings.Index(got, "  nu0 = 1\n")
	if !strings.HasPrefix(got, "sgp on boston (random seed 0): test NLL 2.5000") || kl < 0 || nu < kl {
		t.Errorf("summary:\n%s", got)
	}
	b.Reset()
	RunSummary(&b, &results.Result{Model: "sgp", Dataset: "mine", NoTest: "trained on every row"})
	if got := b.String(); !strings.HasPrefix(got, "sgp on mine: trained on every row\n") {
		t.Errorf("no-test summary:\n%s", got)
	}
}
