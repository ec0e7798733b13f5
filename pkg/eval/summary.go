package eval

import (
	"cmp"
	"math"
	"slices"
)

// Row summarises the runs of one (model, data set) pair. The statistics are
// of Metrics.NLL, the original-scale test NLL that Table 3 reports.
type Row struct {
	// Model and Dataset name the group, as spelled in the results.
	Model, Dataset string
	// N is the number of runs.
	N int
	// Mean is the mean NLL over the runs.
	Mean float64
	// Std is the population standard deviation (ddof 0) of the NLL, the
	// "±" of Table 3 (decision A-33).
	Std float64
	// StdErr is the standard error of the mean, sd(ddof 1)/sqrt(N); NaN
	// when N < 2.
	StdErr float64
	// Median is the median NLL.
	Median float64
	// Values are the per-run NLLs, ordered by (SplitSeed, ModelSeed).
	Values []float64
	// SplitSeeds and ModelSeeds are the seeds of the runs behind Values.
	SplitSeeds, ModelSeeds []uint64
	// RMSEMean and RMSEStd are the mean and population sd of Metrics.RMSE.
	RMSEMean, RMSEStd float64
}

// Summarise groups results by (model, data set) and returns one Row per
// group, ordered by model and then data set, Table 3's order first and
// other names alphabetically after. Nil results are ignored. A run with a
// non-finite NLL is kept, so it shows as a NaN or infinite mean.
func Summarise(results []*Result) []Row {
	type key struct{ model, dataset string }
	groups := map[key][]*Result{}
	var keys []key
	for _, r := range results {
		if r == nil {
			continue
		}
		k := key{r.Model, r.Dataset}
		if _, ok := groups[k]; !ok {
			keys = append(keys, k)
		}
		groups[k] = append(groups[k], r)
	}
	rows := make([]Row, 0, len(keys))
	for _, k := range keys {
		rows = append(rows, summariseGroup(k.model, k.dataset, groups[k]))
	}
	slices.SortFunc(rows, func(a, b Row) int {
		if c := compareNames(paperModels, a.Model, b.Model); c != 0 {
			return c
		}
		return compareNames(paperDatasets, a.Dataset, b.Dataset)
	})
	return rows
}

// summariseGroup computes the Row of one group of runs.
func summariseGroup(model, dataset string, runs []*Result) Row {
	runs = slices.Clone(runs)
	slices.SortStableFunc(runs, func(a, b *Result) int {
		if c := cmp.Compare(a.SplitSeed, b.SplitSeed); c != 0 {
			return c
		}
		return cmp.Compare(a.ModelSeed, b.ModelSeed)
	})
	n := len(runs)
	row := Row{
		Model: model, Dataset: dataset, N: n,
		Values:     make([]float64, n),
		SplitSeeds: make([]uint64, n),
		ModelSeeds: make([]uint64, n),
	}
	rmse := make([]float64, n)
	for i, r := range runs {
		row.Values[i] = r.Metrics.NLL
		row.SplitSeeds[i] = r.SplitSeed
		row.ModelSeeds[i] = r.ModelSeed
		rmse[i] = r.Metrics.RMSE
	}
	row.Mean, row.Std = meanPopSD(row.Values)
	row.StdErr = math.NaN()
	if n >= 2 {
		_, sd := meanSDStrided(row.Values, 0, 1, n)
		row.StdErr = sd / math.Sqrt(float64(n))
	}
	row.Median = median(row.Values)
	row.RMSEMean, row.RMSEStd = meanPopSD(rmse)
	return row
}

// meanPopSD returns the mean and the population (ddof 0) standard deviation.
func meanPopSD(x []float64) (mean, sd float64) {
	n := len(x)
	if n == 0 {
		return math.NaN(), math.NaN()
	}
	m, sd1 := meanSDStrided(x, 0, 1, n)
	if n == 1 {
		return m, 0
	}
	return m, sd1 * math.Sqrt(float64(n-1)/float64(n))
}

// median returns the median of x (the mean of the middle two for even
// length), NaN when x is empty or holds NaN.
func median(x []float64) float64 {
	sorted, hasNaN := sortedCopy(nil, x)
	if len(x) == 0 || hasNaN {
		return math.NaN()
	}
	return quantileSorted(sorted, 0.5)
}
