package compare

import (
	"fmt"
	"math"
	"path/filepath"

	"github.com/mgpteam/mgp/pkg/eval"
	"github.com/mgpteam/mgp/pkg/results"
)

// SplitMetrics are one run's test metrics: one model on one split.
type SplitMetrics struct {
	// Seed is the split seed (also the model seed).
	Seed uint64 `json:"seed"`
	// Dir is the run directory: as ReadSplit was given it, and in a
	// Report relative to the compare directory (Report.Dir).
	Dir string `json:"dir"`
	// NLL is the KDE test NLL, CRPS the mean CRPS and RMSE the predictive
	// mean's error, all on the original y scale.
	NLL Num `json:"nll"`
	// DensityNLL is the mean negative log of the model's own predictive
	// density at the test rows (eval.density_draws; absent for runs
	// written without it): what compare ranks by when every run has it.
	DensityNLL *Num `json:"density_nll,omitempty"`
	CRPS       Num  `json:"crps"`
	RMSE       Num  `json:"rmse"`
	// Cov50, Cov90 and Cov95 are the coverages of the central intervals.
	Cov50 Num `json:"coverage_50"`
	Cov90 Num `json:"coverage_90"`
	Cov95 Num `json:"coverage_95"`
	// PITKS is the PIT's KS distance from uniform.
	PITKS Num `json:"pit_ks"`
	// PITHist is the PIT histogram (20 bins).
	PITHist []int `json:"pit_hist"`
	// NTest is the number of test rows.
	NTest int `json:"n_test"`
	// SelectedIter is the held-out selected iteration (0: no held-out
	// selection, the last iteration; see Untrained).
	SelectedIter int `json:"selected_iter,omitempty"`
	// Untrained: held-out selection kept the untrained start (iteration
	// 0) because no later check scored better; the report says so.
	Untrained bool `json:"untrained,omitempty"`
	// ValNLL is the held-out score of the selected iteration (the
	// training rows held out for selection): how the best split is chosen
	// without looking at the test rows.
	ValNLL *Num `json:"val_nll,omitempty"`
	// TrainELBO is the training objective (ELBO per point) at the last
	// iteration of a run without held-out selection, where its trace has it
	// (the cap, or where full-batch L-BFGS converged): how such a model's best split is chosen without
	// looking at the test rows.
	TrainELBO *Num `json:"train_elbo,omitempty"`
	// StoppedAt is the iteration early stopping ended the run at (0: no
	// early stopping).
	StoppedAt int `json:"stopped_at,omitempty"`
	// Cap is the most iterations of a run with early stopping (below the
	// report's Iterations under a model's small-data schedule,
	// models.Schedule); 0: the report's Iterations (reports written before
	// it was recorded).
	Cap int `json:"cap,omitempty"`
	// TrainSeconds is the run's training time.
	TrainSeconds Num `json:"train_seconds"`
	// Predictive is the run's predictive: "mean" (a latent model's plug-in,
	// chosen on the held-out part) or "" (the model's own draws).
	Predictive string `json:"predictive,omitempty"`
}

// MeanSD is a mean and sd (ddof 1) over the splits.
type MeanSD struct {
	Mean Num `json:"mean"`
	SD   Num `json:"sd"`
}

// ModelSummary is one model over the splits.
type ModelSummary struct {
	Model  string         `json:"model"`
	Splits []SplitMetrics `json:"splits"`
	// The aggregates over the splits.
	NLL MeanSD `json:"nll"`
	// DensityNLL aggregates the splits' DensityNLL when every split has
	// one.
	DensityNLL *MeanSD `json:"density_nll,omitempty"`
	CRPS       MeanSD  `json:"crps"`
	RMSE       MeanSD  `json:"rmse"`
	Cov50      MeanSD  `json:"coverage_50"`
	Cov90      MeanSD  `json:"coverage_90"`
	Cov95      MeanSD  `json:"coverage_95"`
	PITKS      MeanSD  `json:"pit_ks"`
	// PITHist pools the splits' PIT histograms.
	PITHist []int `json:"pit_hist"`
}

// ReadSplit reads the result.json of the run in dir.
func ReadSplit(dir string, seed uint64) (SplitMetrics, error) {
	r, err := results.ReadResult(filepath.Join(dir, "result.json"))
	if err != nil {
		return SplitMetrics{}, err
	}
	m := r.Metrics
	nan := Num(math.NaN())
	s := SplitMetrics{Seed: seed, Dir: dir, NLL: Num(m.NLL), RMSE: Num(m.RMSE), NTest: m.NTest, TrainSeconds: Num(r.TrainSeconds),
		CRPS: nan, Cov50: nan, Cov90: nan, Cov95: nan, PITKS: nan}
	if c := m.Calibration; c != nil {
		s.CRPS, s.Cov50, s.Cov90, s.Cov95, s.PITKS = Num(c.CRPS), Num(c.Coverage50), Num(c.Coverage90), Num(c.Coverage95), Num(c.PITKS)
		s.PITHist = c.PITHist
	} else {
		return s, fmt.Errorf("%s: the result has no calibration metrics (written by an older mgp): re-score it with mgp eval --run %s --write", dir, dir)
	}
	if m.DensityNLL != nil {
		v := Num(*m.DensityNLL)
		s.DensityNLL = &v
	}
	if r.Selection != nil {
		s.SelectedIter, s.StoppedAt = r.Selection.Iter, r.Selection.StoppedAt
		if s.StoppedAt > 0 {
			s.Cap = r.Iterations
		}
		s.Untrained = r.Selection.Iter == 0
		v := Num(r.Selection.ValNLL)
		s.ValNLL = &v
	}
	if n := len(r.Trace); r.Selection == nil && n > 0 && (r.Trace[n-1].Iter == r.Iterations || r.Converged != "") {
		v := Num(r.Trace[n-1].ELBO)
		s.TrainELBO = &v
	}
	s.Predictive = r.Predictive
	return s, nil
}

// Summarise aggregates one model's splits.
func Summarise(model string, splits []SplitMetrics) ModelSummary {
	s := ModelSummary{Model: model, Splits: splits}
	agg := func(get func(SplitMetrics) Num) MeanSD {
		x := make([]float64, len(splits))
		for i, sp := range splits {
			x[i] = float64(get(sp))
		}
		m, sd := eval.MeanSDSample(x)
		return MeanSD{Num(m), Num(sd)}
	}
	s.NLL = agg(func(x SplitMetrics) Num { return x.NLL })
	if allDensity(splits) {
		d := agg(func(x SplitMetrics) Num { return *x.DensityNLL })
		s.DensityNLL = &d
	}
	s.CRPS = agg(func(x SplitMetrics) Num { return x.CRPS })
	s.RMSE = agg(func(x SplitMetrics) Num { return x.RMSE })
	s.Cov50 = agg(func(x SplitMetrics) Num { return x.Cov50 })
	s.Cov90 = agg(func(x SplitMetrics) Num { return x.Cov90 })
	s.Cov95 = agg(func(x SplitMetrics) Num { return x.Cov95 })
	s.PITKS = agg(func(x SplitMetrics) Num { return x.PITKS })
	for _, sp := range splits {
		if s.PITHist == nil {
			s.PITHist = make([]int, len(sp.PITHist))
		}
		for i, c := range sp.PITHist {
			if i < len(s.PITHist) {
				s.PITHist[i] += c
			}
		}
	}
	return s
}

// BestSplit returns the index of the split whose run the report links as
// best, chosen without looking at the test rows where the runs allow: the
// lowest finite held-out score (ValNLL); for runs without held-out
// selection, the highest final training objective (TrainELBO); only where
// a split has neither (reports of older runs), the lowest finite test
// NLL; -1 when none is finite.
func (s ModelSummary) BestSplit() int {
	key := func(sp SplitMetrics) Num { return sp.NLL }
	switch bestKey(s.Splits) {
	case bestByHeldOut:
		key = func(sp SplitMetrics) Num { return *sp.ValNLL }
	case bestByELBO:
		key = func(sp SplitMetrics) Num { return -*sp.TrainELBO }
	}
	best := -1
	for i, sp := range s.Splits {
		if eval.Finite(float64(key(sp))) && (best < 0 || key(sp) < key(s.Splits[best])) {
			best = i
		}
	}
	return best
}

// What chooses a model's best split (bestKey).
const (
	bestByTest = iota
	bestByHeldOut
	bestByELBO
)

// bestKey says what chooses the best of splits: the held-out score where
// every split has one, else the final training objective where every
// split has one, else the test NLL.
func bestKey(splits []SplitMetrics) int {
	if len(splits) == 0 {
		return bestByTest
	}
	val, elbo := true, true
	for _, sp := range splits {
		val = val && sp.ValNLL != nil
		elbo = elbo && sp.TrainELBO != nil
	}
	switch {
	case val:
		return bestByHeldOut
	case elbo:
		return bestByELBO
	}
	return bestByTest
}

// allDensity reports whether every split has a DensityNLL.
func allDensity(splits []SplitMetrics) bool {
	for _, sp := range splits {
		if sp.DensityNLL == nil {
			return false
		}
	}
	return len(splits) > 0
}

// RankScore is the score a split is ranked by: its DensityNLL when
// byDensity, else its KDE NLL.
func (sp SplitMetrics) RankScore(byDensity bool) Num {
	if byDensity && sp.DensityNLL != nil {
		return *sp.DensityNLL
	}
	return sp.NLL
}
