// Package eval turns predictive samples into the metrics the experiments
// report, and does nothing else.
//
// It implements models.md §8: a one-dimensional Gaussian kernel density
// estimate per test point with the scaled Silverman bandwidth
// h = sd(samples, ddof 1) * (3P/4)^(-1/5) (decision A-1), the mean negative
// log density on the standardised scale, and the shift to the original y
// scale, NLL_orig = NLL_std + log sigma_y (decision A-2). Alongside are
// RMSE, predictive means, standard deviations and quantiles, and the exact
// Gaussian NLL used as a sanity check; CRPS and interval coverage belong
// here too when they come.
//
// The result files runs write live in package results, the tables and run
// comparisons made of them in package report, the figures in package plot.
// This package consumes samples only: it imports no other package of this
// project. Sample matrices are P x N, one column per test point, and all
// arithmetic is float64.
package eval
