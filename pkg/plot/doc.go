// Package plot draws the figures of the experiments with gonum/plot and
// saves them as PNG files without ever leaving a half-written image behind.
//
// ToyScatter draws the predictive samples of the toy cases (Fig. 2), Band a
// predictive mean with its ±2 sd band and Experts the experts of a mixture
// (Fig. 3), Points labelled scatters, Lines named curves such as test NLL
// against iteration, and Envelopes the mean over runs with a min/max band
// (NewEnvelope summarises runs at the iterations they share; Figs. 4–6).
// A Grid puts several of these panels on one image with row labels, column
// titles and legends outside the axes (SaveGridPNG). All inputs are plain float64 slices; the package knows
// nothing about the models.
package plot
