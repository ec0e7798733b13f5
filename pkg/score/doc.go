// Package score owns evaluation: it scores a model's predictive on test
// (or held-out) data with the paper's protocol. Evaluate is its one entry
// point: the scaled-Silverman KDE NLL of P predictive samples per point,
// streamed in blocks (BlockRows, BlockRNG), the RMSE, the exact NLL of a
// model with a density and the calibration (CRPS, interval coverage, PIT);
// or, under Options.PerClass, the per-class scoring of mnist's labels with
// the Table 4 estimators (ClassKDENLL, ClassJointNLL). ChoosePredictive is
// the rule that settles a latent model's predictive on a held-out part, and
// DeriveSeed the seed derivation of every stream of a run.
//
// It knows models, the metrics (eval) and the result types, never runs,
// configs or data sets: package train calls it for a run's test split,
// traced test NLL and held-out selection, and predict and paper through
// train.Reevaluate.
package score
