package paper

import (
	"slices"

	"github.com/mgpteam/mgp/pkg/models"
	"github.com/mgpteam/mgp/pkg/train"
	"gonum.org/v1/gonum/mat"
)

// paperModels are the models of the paper's Figs. 2, 3 and 8, in the order
// of its rows (Table 3's, values.Models). Models that are not registered (yet) are left out, so a model
// registered later under one of these names appears without other changes.
var paperModels = []string{"sgp", "shgp", "smgp", "slgp"}

// registeredPaperModels returns the entries of paperModels that are among
// registered, in paperModels' order.
func registeredPaperModels(registered []string) []string {
	var out []string
	for _, m := range paperModels {
		if slices.Contains(registered, m) {
			out = append(out, m)
		}
	}
	return out
}

// toyFit is one trained model on one toy case with the data its figures
// need, all in normalised units (models.md §9.1).
type toyFit struct {
	model          models.Model
	toy            string
	xTrain, yTrain *mat.Dense // the training set
	xTest          *mat.Dense // the 500-point test grid
}

// toyFits holds fits by model name, then toy name.
type toyFits map[string]map[string]*toyFit

// add records f under model.
func (fs toyFits) add(model string, f *toyFit) {
	if fs[model] == nil {
		fs[model] = map[string]*toyFit{}
	}
	fs[model][f.toy] = f
}

// paperRows returns the models of paperModels that have a fit in fs, in
// the paper's order.
func (fs toyFits) paperRows() []string {
	var out []string
	for _, m := range paperModels {
		if len(fs[m]) > 0 {
			out = append(out, m)
		}
	}
	return out
}

// anyFit returns a fit on toy (the first in the paper's order, else in
// name order), or nil; every fit on a toy shares its data.
func (fs toyFits) anyFit(toy string) *toyFit {
	names := append(fs.paperRows(), sortedKeys(fs)...)
	for _, m := range names {
		if f := fs[m][toy]; f != nil {
			return f
		}
	}
	return nil
}

// sortedKeys returns the model names of fs in sorted order.
func sortedKeys(fs toyFits) []string {
	out := make([]string, 0, len(fs))
	for m := range fs {
		out = append(out, m)
	}
	slices.Sort(out)
	return out
}

// sampleSeedOffset separates the figures' sampling stream from the run's.
const sampleSeedOffset = 7

// oneSample draws one predictive sample of y and of f at each test input
// of f with a stream seeded by seed (f's samples are nil if the model has
// none). The same seed gives the same sample in every figure.
func oneSample(f *toyFit, seed uint64) (x, ys, fs []float64) {
	Y, F := f.model.Sample(f.xTest, 1, train.NewRNG(seed+sampleSeedOffset))
	x = mat.Col(nil, 0, f.xTest)
	ys = mat.Row(nil, 0, Y)
	if F != nil {
		fs = mat.Row(nil, 0, F)
	}
	return x, ys, fs
}

// perPoint wraps each value in its own slice: one sample per test input,
// as plot.ToyScatter takes them. nil stays nil.
func perPoint(v []float64) [][]float64 {
	if v == nil {
		return nil
	}
	out := make([][]float64, len(v))
	for i := range v {
		out[i] = v[i : i+1]
	}
	return out
}
