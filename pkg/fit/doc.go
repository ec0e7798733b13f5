// Package fit is mgp from Go: it fits a model of the registry (sgp, shgp,
// slgp, ...) on data held in memory, predicts at new inputs (mean, sd,
// quantiles and the samples themselves, on the original scale), saves the
// fit as a run directory and loads it back, without the command line.
//
//	m, err := fit.NewWith(fit.SHGP{M: 50}, fit.Options{Iterations: 2000, Seed: 1})
//	err = m.Fit(ctx, X, Y) // n × Dx and n × Dy
//	p, err := m.Predict(ctx, Xtest, fit.PredictOptions{Quantiles: []float64{0.05, 0.95}})
//	err = m.Save("runs/mine")
//	m2, err := fit.Load("runs/mine")
//
// Coverage scores held-out data: the fraction of their values inside the
// model's central predictive interval of a given level. Rows turns a
// [][]float64 into the matrix Fit and Predict take.
//
// Fit trains as mgp train does on a CSV file with data.split: none and
// data.stats: train (every row trains; the inputs and outputs are
// standardised inside with the training rows' statistics, and predictions
// come back on the original scale): the data go through the same split,
// standardisation, initialisation and optimisation code, so the same data,
// config and seed give the same parameters and predictions bit for bit as
// that command. Options left zero take the values a config file that omits
// the key gets (runconfig.DefaultRunConfig and the model's defaults).
//
// A saved run directory is an ordinary one: mgp predict --run reads it,
// and pkg/predict.Load restores the same predictor as Load. Its config
// records data.kind: memory (the training data are not saved with it), so
// commands that read the training data again, such as mgp eval, cannot
// use it; it has no test set to score anyway.
//
// Errors a caller can cause are typed: *ShapeError (dimensions, empty
// data), *NonFiniteError (NaN or ±Inf in the data), *OptionError (an
// option out of range), ErrNotFitted, and *inputerr.Error for a model
// config or data the training refuses (its cause is a *config.KeyError
// naming the key where one is at fault). Nothing panics on user input.
package fit
