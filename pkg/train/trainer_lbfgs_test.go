package train

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"gonum.org/v1/gonum/mat"

	ad "github.com/mgpteam/mgp/pkg/autodiff"
	"github.com/mgpteam/mgp/pkg/models"
	"github.com/mgpteam/mgp/pkg/runconfig"
	"github.com/mgpteam/mgp/pkg/rundir"
)

// fullELBO is m's objective on the whole of exp's training rows.
func fullELBO(m models.Model, exp *Experiment) float64 {
	n, _ := exp.XTrain.Dims()
	tp := ad.NewTape()
	return m.Objective(tp, models.Step{X: exp.XTrain, Y: exp.YTrain, N: n, Iter: 1}).Scalar()
}

// toy300 is cfg's toy experiment cut to its first 300 training rows: they
// keep 20,000 Adam steps within seconds.
func toy300(t *testing.T, cfg runconfig.RunConfig) *Experiment {
	t.Helper()
	exp, err := LoadExperiment(cfg.Data, "")
	if err != nil {
		t.Fatal(err)
	}
	exp.XTrain = mat.DenseCopyOf(exp.XTrain.Slice(0, 300, 0, exp.XTrain.RawMatrix().Cols))
	exp.YTrain = mat.DenseCopyOf(exp.YTrain.Slice(0, 300, 0, exp.YTrain.RawMatrix().Cols))
	return exp
}

// runTrainer builds cfg's model on exp and trains it on exp's training
// rows with a Trainer (whose state the tests read).
func runTrainer(t *testing.T, cfg runconfig.RunConfig, exp *Experiment) *Trainer {
	t.Helper()
	m, err := BuildModel(context.Background(), cfg, exp, BuildOptions{})
	if err != nil {
		t.Fatal(err)
	}
	tr := NewTrainer(m, exp.XTrain, exp.YTrain, cfg.Train)
	if err := tr.Run(context.Background()); err != nil {
		t.Fatal(err)
	}
	return tr
}

// TestLBFGSReachesAdamELBO: for SGP, full-batch L-BFGS (train.optimizer:
// lbfgs) reaches at least the full-data ELBO of 20,000 full-batch Adam
// steps, the length of a paper run, on 300 rows of the heteroscedastic toy. SHGP is not in the list:
// there L-BFGS converges to a stationary point below Adam's (ELBO -0.018
// after 3,000 iterations against Adam's 0.295), so SHGP keeps Adam.
func TestLBFGSReachesAdamELBO(t *testing.T) {
	for _, model := range []string{"sgp"} {
		t.Run(model, func(t *testing.T) {
			cfg := toyConfig(model, 20000)
			exp := toy300(t, cfg)
			adam, err := BuildModel(context.Background(), cfg, exp, BuildOptions{})
			if err != nil {
				t.Fatal(err)
			}
			if _, err := Fit(context.Background(), adam, exp.XTrain, exp.YTrain, cfg.Train, nil, nil); err != nil {
				t.Fatal(err)
			}
			lcfg := cfg
			lcfg.Train.Optimizer, lcfg.Train.Iterations = runconfig.OptimizerLBFGS, 3000
			tr := runTrainer(t, lcfg, exp)
			lb := tr.m
			ea, el := fullELBO(adam, exp), fullELBO(lb, exp)
			t.Logf("%s: Adam 20000 steps ELBO %.5f; L-BFGS %d iterations (%d evaluations) ELBO %.5f (%s)",
				model, ea, tr.Iter(), tr.lbfgs.FEvals(), el, tr.Converged())
			if el < ea-1e-4 {
				t.Errorf("L-BFGS ELBO %.5f is below Adam's %.5f", el, ea)
			}
		})
	}
}

// TestSmallDataScheduleReachesAdamELBO: SHGP's small-data path, the one
// mgp compare and pkg/fit train it with (its warm start, model.init:
// residuals, then the Adam schedule models.CompareSettings.SmallData: 0.02
// decaying to 0.002 over 3,000 steps), reaches the full-data ELBO of
// 20,000 full-batch Adam steps from the prior at the paper's 0.005 on the
// 300 rows of TestLBFGSReachesAdamELBO, to within 0.02 nats a point:
// Adam's own end point moves by about 0.01 with the steps and the BLAS
// kernel. Measured per point with gonum's BLAS: 20,000 steps -0.9335, the
// warm start and schedule -0.9337 (from the prior, the 5,000-step schedule
// before it: -0.9428; with OpenBLAS 20,000 steps -0.9362, that schedule
// -0.9384), while an unfinished fit (1,000 steps at 0.005) is at -1.079.
func TestSmallDataScheduleReachesAdamELBO(t *testing.T) {
	e, err := models.Lookup("shgp")
	if err != nil {
		t.Fatal(err)
	}
	sc := e.Compare.SmallData
	if sc.LR == 0 || !e.Compare.WarmStart {
		t.Fatal("shgp has no small-data schedule or warm start")
	}
	cfg := toyConfig("shgp", 20000)
	exp := toy300(t, cfg)
	fit := func(cfg runconfig.RunConfig) float64 {
		m, err := BuildModel(context.Background(), cfg, exp, BuildOptions{})
		if err != nil {
			t.Fatal(err)
		}
		if _, err := Fit(context.Background(), m, exp.XTrain, exp.YTrain, cfg.Train, nil, nil); err != nil {
			t.Fatal(err)
		}
		return fullELBO(m, exp)
	}
	ea := fit(cfg)
	small := toyConfig("shgp", sc.Iterations)
	small.Train.LR, small.Train.LRFinal = sc.LR, sc.LRFinal
	setModel(t, &small, map[string]any{"init": models.InitResiduals})
	es := fit(small)
	t.Logf("shgp: Adam 0.005 for 20000 steps ELBO %.5f; the warm start and the small-data schedule %+v ELBO %.5f", ea, sc, es)
	if es < ea-0.02 {
		t.Errorf("the small-data path's ELBO %.5f is more than 0.02 below 20000 Adam steps' %.5f", es, ea)
	}
}

// TestLBFGSResumeIsBitIdentical: an L-BFGS run interrupted by a cancelled
// context and resumed, and one resumed from an earlier periodic
// checkpoint, end with the parameters, metrics and trace of an
// uninterrupted run, bit for bit (the curvature pairs are in the
// checkpoint).
func TestLBFGSResumeIsBitIdentical(t *testing.T) {
	cfg := resumeConfig("sgp", "hetero")
	cfg.Train.Optimizer, cfg.Train.BatchSize = runconfig.OptimizerLBFGS, 0
	root := t.TempDir()
	ref, err := Run(context.Background(), cfg, Options{OutDir: filepath.Join(root, "ref")})
	if err != nil {
		t.Fatal(err)
	}
	if ref.Result.Iterations != 40 || ref.Result.Converged != "" {
		t.Fatalf("the reference run should run all 40 iterations: %q", ref.Result.Converged)
	}
	dir := filepath.Join(root, "cut")
	ctx, cancel := context.WithCancel(context.Background())
	var at14 []byte
	_, err = Run(ctx, cfg, Options{OutDir: dir, AfterStep: func(it int) {
		if it == 14 {
			at14, _ = os.ReadFile(filepath.Join(dir, rundir.CheckpointFile))
		}
		if it == 23 {
			cancel()
		}
	}})
	var ie *InterruptedError
	if !errors.As(err, &ie) || ie.Iter != 23 {
		t.Fatalf("interrupted run: err = %v", err)
	}
	got, err := Run(context.Background(), cfg, Options{OutDir: dir, Resume: true})
	if err != nil {
		t.Fatal(err)
	}
	sameOutcome(t, "resumed after Ctrl-C", ref, got)
	killed := filepath.Join(root, "killed")
	if err := os.MkdirAll(killed, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(killed, rundir.CheckpointFile), at14, 0o644); err != nil {
		t.Fatal(err)
	}
	got2, err := Run(context.Background(), cfg, Options{OutDir: killed, Resume: true})
	if err != nil {
		t.Fatal(err)
	}
	sameOutcome(t, "resumed from the periodic checkpoint", ref, got2)
}

// TestLBFGSRefusesMonteCarloModels: train.optimizer lbfgs is refused, by
// key, for a model whose objective is a Monte Carlo estimate, and for
// minibatches; an unknown optimizer is refused by Validate.
func TestLBFGSRefusesMonteCarloModels(t *testing.T) {
	cfg := toyConfig("smgp", 5)
	cfg.Train.Optimizer = runconfig.OptimizerLBFGS
	if _, err := Run(context.Background(), cfg, Options{}); err == nil || !strings.Contains(err.Error(), "train.optimizer") {
		t.Errorf("smgp with lbfgs: err = %v", err)
	}
	cfg = toyConfig("sgp", 5)
	cfg.Train.Optimizer, cfg.Train.BatchSize = runconfig.OptimizerLBFGS, 64
	if _, err := Run(context.Background(), cfg, Options{}); err == nil || !strings.Contains(err.Error(), "train.batch_size") {
		t.Errorf("sgp with lbfgs on minibatches: err = %v", err)
	}
	cfg.Train.Optimizer = "sgd"
	if err := cfg.Validate(); err == nil || !strings.Contains(err.Error(), "train.optimizer") {
		t.Errorf("optimizer sgd: err = %v", err)
	}
}

// TestLBFGSTracesItsLastIteration: an L-BFGS run's trace ends with its
// last iteration and that iteration's objective, whether it stopped at the
// cap between two trace points or converged (mgp compare chooses the best
// split of a model without held-out selection by it).
func TestLBFGSTracesItsLastIteration(t *testing.T) {
	for _, iters := range []int{37, 3000} {
		cfg := toyConfig("sgp", iters)
		cfg.Train.Optimizer, cfg.Train.BatchSize, cfg.Train.TraceEvery = runconfig.OptimizerLBFGS, 0, 10
		exp := toy300(t, cfg)
		tr := runTrainer(t, cfg, exp)
		if iters == 3000 && tr.Converged() == "" {
			t.Fatalf("%d iterations: L-BFGS did not converge", iters)
		}
		last := tr.Trace()[len(tr.Trace())-1]
		if last.Iter != tr.Iter() || last.ELBO != -tr.lbfgs.F() {
			t.Errorf("%d iterations (%s): the trace ends at iteration %d with %v, the run at %d with %v",
				iters, tr.Converged(), last.Iter, last.ELBO, tr.Iter(), -tr.lbfgs.F())
		}
	}
}
