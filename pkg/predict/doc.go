// Package predict applies a saved run: it restores the model a run
// directory holds (written by mgp train, a sweep or mgp compare) and
// predicts at new inputs, or scores the run again on its test set.
//
// Prediction: Load restores a run for prediction from its directory alone
// (the checkpoint holds the parameters, the standardisation and the column
// names). Predict takes inputs X (n × Dx, on the original scale, columns in
// training order) and returns a Prediction on the original y scale: Mean and
// SD (n × Dy), one n × Dy matrix per requested quantile and, when asked,
// every predictive sample (P × n·Dy, draw p of output d at input i in
// column i·Dy+d, the layout of models.Model.Sample). ReadCSV and WriteCSV
// are the file side of mgp predict: a headed CSV of inputs (with id columns
// copied as text) in, one CSV row per input out.
//
// Re-scoring: LoadRun restores a run with its data, and Run.Rescore scores
// it on its test set again (KDE NLL, RMSE, exact NLL, calibration) with a
// chosen predictive, sample count and seed, recomputes its diagnostics, and
// can write the per-point NLLs (WritePoints) and the new result.json
// (WriteResult). It is mgp eval's computation.
//
// Errors a user can cause are *inputerr.Error or a typed error of this
// package (OptionError, ColumnCountError, IDError, LatentError,
// NoTestSetError, NonFiniteError, NoInputNamesError); none names a
// command-line flag.
package predict
