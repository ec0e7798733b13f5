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
// The model's keys come as a typed struct per model (SGP, SHGP, SLGP, ...,
// for NewWith), or as a map (Options.Model, for New); both go through the
// decoder and validator of a config file's model section, and
// configs/README.md lists every model's keys and what they mean.
//
// What comes next, in this package: ReadCSV reads a CSV file into a Table
// (X, Y and their column names), Table.Split divides it at random into
// training and test rows, Score scores held-out rows (NLL, CRPS and
// interval coverage, the metrics of mgp's test splits), and Coverage the
// coverage alone. Options.Validation and Options.Stop hold part of the
// rows out and stop early on them (train.validation, train.stop).
// SaveWith(dir, SaveOptions{Overwrite: true}) replaces an earlier save.
// Rows turns a [][]float64 into the matrix Fit and Predict take.
//
// Fit trains in memory (nothing is written until Save, and no state is
// shared between Models) as mgp train does on a CSV file with data.split:
// none and data.stats: train (every row trains, less the held-out part of
// Options.Validation; the inputs and outputs are standardised inside with
// the training rows' statistics, and predictions come back on the original
// scale): the data go through the same split, standardisation,
// initialisation and optimisation code, so the same data, config and seed
// give the same parameters and predictions bit for bit as that command.
// Options whose training fields are all zero train as mgp compare's split
// runs do (the small-data path; see Options); once one is set, the others
// left zero take the values a config file that omits the key gets
// (runconfig.DefaultRunConfig and the model's defaults).
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
