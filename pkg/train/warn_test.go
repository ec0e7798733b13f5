package train

import (
	"github.com/mgpteam/mgp/pkg/results"
	"strings"
	"testing"
)

// TestRunWarnings: memorisation and a late rise of the validation NLL are
// reported, with the numbers and the remedy; a healthy run gets none.
func TestRunWarnings(t *testing.T) {
	base := func() *results.Result {
		return &results.Result{Model: "slgp", Dataset: "concrete",
			Diagnostics: map[string]float64{"memorisation": 0, "noise_variance": 0.05, "q_w_mean_spread": 0.3, "kl_w_mean": 0.2}}
	}
	if w := runWarnings(base(), 1, "full"); len(w) != 0 {
		t.Fatalf("healthy run warned: %v", w)
	}
	// The probe run of 2026-11-26 (mnist SLGP d_w = 2 seed 0, 2,000
	// iterations, test NLL +636 per image).
	r := base()
	r.Diagnostics["kl_w_mean"], r.Diagnostics["p_w_agg_mean"], r.Diagnostics["q_w_agg_mean"] = 108.0, 34.29, -0.185
	if w := runWarnings(r, 784, "none"); len(w) != 1 || !strings.Contains(w[0], "108 nats per point") || !strings.Contains(w[0], "34.3") ||
		!strings.Contains(w[0], "prior does not cover") {
		t.Fatalf("prior-mismatch warning: %v", w)
	}
	r.Diagnostics["kl_w_mean"] = 5.9 // the largest of a healthy run (CVAE on mnist)
	if w := runWarnings(r, 784, "none"); len(w) != 0 {
		t.Fatalf("KL^W 5.9 warned: %v", w)
	}
	r = base()
	r.Diagnostics["memorisation"], r.Diagnostics["noise_variance"] = 1, 2e-4
	w := runWarnings(r, 1, "full")
	if len(w) != 1 || !strings.Contains(w[0], "slgp on concrete") || !strings.Contains(w[0], "0.0002") ||
		!strings.Contains(w[0], "train.validation") || !strings.Contains(w[0], "model.prior: normal") {
		t.Fatalf("memorisation warning: %v", w)
	}
	// With the fixed prior already on, the remedy is only the hold-out.
	r.Config = map[string]any{"model": map[string]any{"prior": "normal"}}
	if w := runWarnings(r, 1, "full"); len(w) != 1 || strings.Contains(w[0], "model.prior") || !strings.Contains(w[0], "train.validation") {
		t.Fatalf("memorisation warning with prior normal: %v", w)
	}
	// With selection, the selected parameters scored best on held-out
	// points: the message reports the pattern and the held-out NLL, and
	// does not call the test NLL untrustworthy (energy, residual encoder,
	// seed 0: noise 8.9e-4, held-out 0.44, test 0.37).
	r.Selection = &results.Selection{Iter: 20000, ValNLL: 0.4415, NValidation: 69,
		Trace: []results.ValPoint{{Iter: 19500, NLL: 0.51}, {Iter: 20000, NLL: 0.4415}}}
	r.Metrics.NLL = 0.3693
	if w := runWarnings(r, 1, "full"); len(w) != 1 || !strings.Contains(w[0], "held-out NLL was lowest there (0.4415 on 69 points") ||
		!strings.Contains(w[0], "iteration 20000") || !strings.Contains(w[0], "0.3693") || strings.Contains(w[0], "not to be trusted") {
		t.Fatalf("memorisation pattern under selection: %v", w)
	}
	r = base()
	r.Selection = &results.Selection{Iter: 6000, ValNLL: 2.8, LastMetrics: results.Metrics{NLL: 7.2},
		Trace: []results.ValPoint{{Iter: 0, NLL: 4}, {Iter: 6000, NLL: 2.8}, {Iter: 20000, NLL: 3.31}}}
	if w := runWarnings(r, 1, "full"); len(w) != 1 || !strings.Contains(w[0], "rose from 2.8 at iteration 6000 to 3.31 at iteration 20000") ||
		!strings.Contains(w[0], "7.2") {
		t.Fatalf("late-overfitting warning: %v", w)
	}
	r.Selection.Trace[2].NLL = 3.2 // a rise of 0.4 < OverfitRise
	if w := runWarnings(r, 1, "full"); len(w) != 0 {
		t.Fatalf("a small rise warned: %v", w)
	}
	r.Selection.LastDiagnostics = map[string]float64{"memorisation": 1, "noise_variance": 3e-4, "q_w_mean_spread": 0.8}
	if w := runWarnings(r, 1, "full"); len(w) != 1 || !strings.Contains(w[0], "at the last iteration") || !strings.Contains(w[0], "0.0003") ||
		!strings.Contains(w[0], "iteration 6000") {
		t.Fatalf("last-iteration memorisation warning: %v", w)
	}
	// Without selection, the traced test NLL: a rise of 0.6 from its best
	// warns, 0.4 does not, and with selection the test trace is left to the
	// validation warning.
	nll := func(v float64) *float64 { return &v }
	r = base()
	r.Trace = []results.TracePoint{{Iter: 100, ELBO: -1}, {Iter: 2000, TestNLL: nll(2.7)}, {Iter: 4000, TestNLL: nll(2.5)}, {Iter: 6000, TestNLL: nll(3.1)}}
	if w := runWarnings(r, 1, "full"); len(w) != 1 || !strings.Contains(w[0], "traced test NLL rose from 2.5 at iteration 4000 to 3.1 at iteration 6000") ||
		!strings.Contains(w[0], "train.validation") {
		t.Fatalf("test-trace warning: %v", w)
	}
	r.Trace[3].TestNLL = nll(2.9)
	if w := runWarnings(r, 1, "full"); len(w) != 0 {
		t.Fatalf("a test NLL rise of 0.4 warned: %v", w)
	}
	// The generalisation gap: a training bound of +3.6 per point and a
	// standardised test NLL of 3214 (CVAE, boston, paper protocol) warns;
	// −0.3 and 2.3 (SGP, boston) does not.
	r = base()
	r.Trace = []results.TracePoint{{Iter: 19000, ELBO: 3.5}, {Iter: 20000, ELBO: 3.7}}
	r.Metrics.NLLStd = 3214
	if w := runWarnings(r, 1, "full"); len(w) != 1 || !strings.Contains(w[0], "3218 nats above") || !strings.Contains(w[0], "train.validation") {
		t.Fatalf("generalisation-gap warning: %v", w)
	}
	if w := runWarnings(r, 1, "full"); !strings.Contains(w[0], "on the standardised scale") {
		t.Fatalf("gap warning without its scale: %v", w)
	}
	if w := runWarnings(r, 1, "none"); len(w) != 1 || !strings.Contains(w[0], "unstandardised data") {
		t.Fatalf("gap warning on unstandardised data: %v", w)
	}
	// With several outputs (mnist: the NLL sums per-pixel marginal KDEs, the
	// bound is joint) the gap is not a sign of overfitting: no warning.
	if w := runWarnings(r, 784, "none"); len(w) != 0 {
		t.Fatalf("a 784-output run warned of a generalisation gap: %v", w)
	}
	r.Trace = []results.TracePoint{{Iter: 20000, ELBO: -0.3}}
	r.Metrics.NLLStd = 2.3
	if w := runWarnings(r, 1, "full"); len(w) != 0 {
		t.Fatalf("a gap of 2 nats warned: %v", w)
	}
	r.Trace = []results.TracePoint{{Iter: 100, ELBO: -1}, {Iter: 2000, TestNLL: nll(2.7)}, {Iter: 4000, TestNLL: nll(2.5)}, {Iter: 6000, TestNLL: nll(9)}}
	r.Selection = &results.Selection{Iter: 4000, ValNLL: 2.5, Trace: []results.ValPoint{{Iter: 4000, NLL: 2.5}, {Iter: 6000, NLL: 2.6}}}
	if w := runWarnings(r, 1, "full"); len(w) != 0 {
		t.Fatalf("a run with selection warned on its test trace: %v", w)
	}
}
