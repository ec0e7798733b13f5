// Package eval turns predictive samples into the numbers the experiments
// report, and stores, tabulates and plots them.
//
// It implements models.md §8: a one-dimensional Gaussian kernel density
// estimate per test point with the scaled Silverman bandwidth
// h = sd(samples, ddof 1) * (3P/4)^(-1/5) (decision A-1), the mean negative
// log density on the standardised scale, and the shift to the original y
// scale, NLL_orig = NLL_std + log sigma_y (decision A-2). Alongside are
// RMSE, predictive means, standard deviations and quantiles, the exact
// Gaussian NLL used as a sanity check, the JSON result files written by
// every run, and the summary tables compared with the paper's Table 3.
//
// The package consumes samples only: it never imports the models or any other
// package of this project. Sample matrices are P x N, one column per test
// point, and all arithmetic is float64.
package eval
