package models

// Diagnostics are a model's diagnostics by key, as a Diagnoser returns
// them and result.json records them. The accessors read the keys of the
// latent models (SLGP, GPCDE) that a run's warnings look at; a key a model
// does not report reads as 0.
type Diagnostics map[string]float64

// The diagnostic keys the latent models report and the accessors read.
const (
	// DiagNoiseVariance is the learnt output noise variance (the geometric
	// mean of the per-output ones).
	DiagNoiseVariance = "noise_variance"
	// DiagQWMeanSpread is the spread of q(w | x, y)'s mean over the
	// training points.
	DiagQWMeanSpread = "q_w_mean_spread"
	// DiagKLWMean is the mean KL^W between q(w | x, y) and p(w | x), nats
	// per point.
	DiagKLWMean = "kl_w_mean"
	// DiagMemorisation is 1 when the noise variance is below
	// MemorisationNoise while w is live (spread above LiveSpread), else 0.
	DiagMemorisation = "memorisation"
	// DiagQWAggMean and DiagPWAggMean are the means of w under the
	// aggregate posterior and prior.
	DiagQWAggMean = "q_w_agg_mean"
	DiagPWAggMean = "p_w_agg_mean"
)

// Memorised reports the memorisation flag: the model reconstructs its
// training targets through w.
func (d Diagnostics) Memorised() bool { return d[DiagMemorisation] == 1 }

// NoiseVariance returns the learnt output noise variance.
func (d Diagnostics) NoiseVariance() float64 { return d[DiagNoiseVariance] }

// QWMeanSpread returns the spread of q(w | x, y)'s mean.
func (d Diagnostics) QWMeanSpread() float64 { return d[DiagQWMeanSpread] }

// KLWMean returns the mean KL^W per training point.
func (d Diagnostics) KLWMean() float64 { return d[DiagKLWMean] }

// QWAggMean returns the aggregate posterior's mean of w.
func (d Diagnostics) QWAggMean() float64 { return d[DiagQWAggMean] }

// PWAggMean returns the aggregate prior's mean of w.
func (d Diagnostics) PWAggMean() float64 { return d[DiagPWAggMean] }
