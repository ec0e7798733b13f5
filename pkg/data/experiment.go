package data

import (
	"strings"

	"gonum.org/v1/gonum/mat"
)

// Experiment is the data side of a run: standardised train and test sets,
// the scale σ_y that maps NLLs back to the original units, (toys) the
// plotting grid, and how its test set is scored.
type Experiment struct {
	Name string
	// Kind is the kind of the source that loaded the experiment ("" for
	// one built otherwise).
	Kind                         Kind
	XTrain, YTrain, XTest, YTest *mat.Dense
	SigmaY                       float64
	Std                          *Standardizer
	// PlotX is the standardised test grid of a toy case (nil otherwise).
	PlotX *mat.Dense
	Split string
	// XNames and YNames name the input and output columns.
	XNames, YNames []string
	// Fingerprint is the data fingerprint (see dataFingerprint): the
	// content of the data as read and the split made of it.
	Fingerprint string
	// Scoring is how the test set is scored (its source's Scoring; the
	// zero value scores every test point).
	Scoring Scoring
}

// orDefault returns s, or d when s is empty.
func orDefault(s, d string) string {
	if s == "" {
		return d
	}
	return s
}

// splitNames splits a comma-joined list of column names (nil when empty).
func splitNames(s string) []string {
	if s == "" {
		return nil
	}
	return strings.Split(s, ",")
}
