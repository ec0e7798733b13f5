package compare

import (
	"math"

	"github.com/mgpteam/mgp/pkg/config"
	"github.com/mgpteam/mgp/pkg/models"
	"github.com/mgpteam/mgp/pkg/runconfig"
)

// RunConfig returns the run config of model (or of a candidate
// model-kernel: the model with model.kernel set) for s, built over
// runconfig.DefaultRunConfig as a config file is decoded over it: the model's
// compare settings (models.CompareSettings, M capped below the training
// rows), the CSV with a random 90/10 split standardised on the training
// rows only, Adam 0.005 on minibatches of 512, 200 predictive samples,
// and held-out selection where NeedsSelection says so (for every model,
// with early stopping, when s.Stop is enabled). The split seed and the
// model seed are left 0: the sweep's runs set them (splitConfig).
func RunConfig(candidate string, s Settings) (runconfig.RunConfig, error) {
	model, kernel := SplitCandidate(candidate)
	mc, err := runconfig.NewModelConfig(model, nil)
	if err != nil {
		return runconfig.RunConfig{}, err
	}
	e, _ := models.Lookup(model)
	e.Compare.Configure(mc.Config)
	if kernel != "" {
		if err := config.Set(mc.Config, "kernel", kernel); err != nil {
			return runconfig.RunConfig{}, config.Errorf("model.kernel", "%s has no kernel choice: %v", model, err)
		}
	}
	if s.NTrain > 0 {
		capInducing(mc.Config, s.NTrain*9/10) // k-means needs M below the rows it trains on
	}
	cfg := runconfig.DefaultRunConfig()
	cfg.Model = mc
	cfg.Data = runconfig.DataConfig{Name: s.Name, Kind: "csv", Path: s.Path, Target: []string{s.Target}, Split: "random", Stats: "train"}
	cfg.Train.Iterations, cfg.Train.BatchSize, cfg.Train.LR, cfg.Train.LogEvery = s.Iterations, 512, 0.005, max(1, s.Iterations/10)
	cfg.Eval.Samples = 200
	// Every run is also scored, and selected, by its own predictive
	// density: the ranking's score (Report.Score).
	cfg.Eval.DensityDraws = DensityDraws
	if e.Caps.ContinuousLatent {
		cfg.Eval.DensityDraws = ContinuousDensityDraws
	}
	every := e.Compare.SelectEvery
	selects := every > 0
	if s.Stop.Enabled() && !s.Refit {
		if !selects || every > stopEvery {
			every = stopEvery
		}
		selects = true
		cfg.Train.Stop = runconfig.StopConfig{Patience: s.Stop.Patience, MinDelta: s.Stop.MinDelta}
	}
	if selects && !s.Refit {
		cfg.Train.Validation = 0.1
		if !e.Caps.ContinuousLatent {
			// A continuous latent model's density needs
			// ContinuousDensityDraws draws: too many for every check, and
			// with fewer it is noisier than the KDE; it selects on the KDE.
			cfg.Train.SelectBy = runconfig.SelectByDensity
		}
		cfg.Train.SelectEvery = max(1, min(every, s.Iterations/20))
		if e.Compare.SelectPredictive {
			cfg.Eval.Latent = runconfig.LatentSelect
		}
	}
	smallData := s.NTrain > 0 && s.NTrain <= FullBatchRows
	if sc := e.Compare.SmallData; smallData && !e.Compare.LBFGS && sc.LR > 0 {
		cfg.Train.Iterations, cfg.Train.LR, cfg.Train.LRFinal = SmallDataSchedule(sc, s)
		cfg.Train.LogEvery = max(1, cfg.Train.Iterations/10)
		if cfg.Train.SelectEvery > 0 {
			cfg.Train.SelectEvery = max(1, min(every, cfg.Train.Iterations/20))
		}
	}
	if e.Compare.LBFGS && smallData {
		// Full-batch L-BFGS: it converges in hundreds of iterations, so
		// the held-out checks come every LBFGSSelectEvery of them.
		cfg.Train.Optimizer, cfg.Train.BatchSize = runconfig.OptimizerLBFGS, 0
		if cfg.Train.SelectEvery > 0 {
			cfg.Train.SelectEvery = min(cfg.Train.SelectEvery, LBFGSSelectEvery)
		}
	}
	if s.Refit {
		cfg.Data.Split = runconfig.SplitNone
		cfg.Eval.Latent = string(s.Latent)
	}
	if err := cfg.Validate(); err != nil {
		return runconfig.RunConfig{}, err
	}
	return cfg, nil
}

// SmallDataSchedule returns the iterations and the learning rates (first,
// last) of a run of a model whose small-data schedule is sc: at most
// sc.Iterations steps (fewer when s.Iterations, mgp compare's
// --iterations, is lower), the rate decaying from sc.LR to sc.LRFinal
// over them. A refit (s.Refit) trains s.Iterations steps at the rates
// the split runs had at those iterations (their schedule spans
// s.SplitIterations), so it follows their schedule to the chosen
// iteration instead of compressing the decay into fewer steps.
func SmallDataSchedule(sc models.Schedule, s Settings) (iters int, lr, lrFinal float64) {
	if !s.Refit {
		return min(sc.Iterations, s.Iterations), sc.LR, sc.LRFinal
	}
	span := min(sc.Iterations, max(s.SplitIterations, s.Iterations))
	iters = min(s.Iterations, span)
	lrFinal = sc.LRFinal
	if span > 1 && iters < span {
		lrFinal = sc.LR * math.Pow(sc.LRFinal/sc.LR, float64(iters-1)/float64(span-1))
	}
	return iters, sc.LR, lrFinal
}

// FullBatchRows is the most training rows on which compare trains the
// models that can (models.CompareSettings.LBFGS) with full-batch L-BFGS
// instead of minibatch Adam: one objective evaluation then costs
// O(N M² + M³), about 10 ms at N = 5,000 and M = 100.
const FullBatchRows = 5000

// LBFGSSelectEvery is the held-out cadence of L-BFGS runs (in L-BFGS
// iterations, each a few objective evaluations).
const LBFGSSelectEvery = 50

// DensityDraws is compare's eval.density_draws for SMGP and DAGP, whose
// predictive is a mixture over the assignment draws of T experts (the
// closed-form models ignore it): their held-out checks and test score.
const DensityDraws = 500

// ContinuousDensityDraws is compare's eval.density_draws for the models
// whose predictive is a mixture over a continuous latent variable (SLGP,
// GPCDE, CVAE; models.Caps.ContinuousLatent): their test score only, about
// 3 s for 100 test rows of an SLGP; they select on the KDE.
const ContinuousDensityDraws = 10000

// capInducing lowers the config's inducing-point keys (m, m_w) to at most
// n where it has them.
func capInducing(cfg any, n int) {
	vals := config.Values(cfg)
	for _, k := range []string{"m", "m_w"} {
		if m, ok := vals[k].(int); ok && m > n {
			_ = config.Set(cfg, k, n) // an int key takes an int
		}
	}
}
