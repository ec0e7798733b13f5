// Package plot draws the figures of the experiments with gonum/plot and
// saves them as PNG files without ever leaving a half-written image behind.
//
// ToyScatter draws the predictive samples of the toy cases (Fig. 2), Band a
// predictive mean with its ±2 sd band (Fig. 3) and Lines named curves such
// as test NLL against iteration (Figs. 4–6). All inputs are plain float64
// slices; the package knows nothing about the models.
package plot
