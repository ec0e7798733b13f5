package report

import (
	"cmp"
	"slices"

	"github.com/mgpteam/mgp/pkg/results"
)

// Row summarises the runs of one table cell: a (model, variant, data set,
// protocol). The statistics are of Metrics.NLL, the original-scale test NLL
// that Table 3 reports.
type Row struct {
	// Model, Variant and Dataset name the group, as spelled in the results.
	Model, Variant, Dataset string
	// Protocol is what every run of the row shares.
	Protocol Protocol
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
	// Values are the per-run NLLs, ordered by (split, model seed).
	Values []float64
	// SplitSeeds are the splits behind Values: the split seed, or for a
	// fixed split its index (what tells fixed splits apart).
	SplitSeeds []uint64
	// ModelSeeds are the model seeds behind Values.
	ModelSeeds []uint64
	// Paths are the result files behind Values (empty strings when the
	// results were given without paths).
	Paths []string
	// RMSEMean and RMSEStd are the mean and population sd of Metrics.RMSE.
	RMSEMean, RMSEStd float64
	// CalibN counts the runs that record calibration metrics (results of
	// earlier versions do not); CRPSMean and Cov90Mean are the means of
	// their CRPS and 90 % interval coverage over those runs (0 when CalibN
	// is 0).
	CalibN              int
	CRPSMean, Cov90Mean float64
	// Traced is a one-run row's test NLL traced during training
	// (train.eval_every), in iteration order, at the iterations
	// TracedIters; nil when the row has several runs or its run traced
	// none. One seed's last iteration says little about a model whose
	// traced NLL swings (mnist's CVAE); the table states the spread.
	Traced      []float64
	TracedIters []int
	// SelectedIter is the iteration a one-run row's held-out selection
	// kept (0 for several runs or a run without selection), and LastNLL
	// that run's test NLL at its last iteration.
	SelectedIter int
	LastNLL      float64
}

// Summary is what Summarise makes of a set of results: the rows, and what
// it kept apart rather than pool.
type Summary struct {
	// Rows are the table cells, ordered by model, variant, protocol and
	// data set (Table 3's order first, other names alphabetically after).
	Rows []Row
	// Protocols lists the (model, variant, data set) groups whose runs
	// came under more than one protocol; each protocol has its own row.
	Protocols []ProtocolSplit
	// Duplicates lists the runs that repeat the seeds of an earlier run of
	// the same row; they are left out of the row.
	Duplicates []Duplicate
	// Configs lists the cells whose runs were made under several configs;
	// only one config's runs are pooled, the others are left out.
	Configs []ConfigSplit
}

// Summarise groups results by (model, variant, data set, protocol) and
// returns one Row per group. Runs under different protocols are never
// pooled: they make separate rows, listed in Summary.Protocols. Within a
// row, runs that repeat an earlier run's (split, model seed) are left out,
// keeping the first in path order (Summary.Duplicates), and so are runs
// made under another config than most of the row's (Summary.Configs). Nil results are
// ignored. A run with a non-finite NLL is kept, so it shows as a NaN or
// infinite mean.
func Summarise(files []results.ResultFile) Summary {
	files = slices.DeleteFunc(slices.Clone(files), func(f results.ResultFile) bool { return f.Result == nil })
	keys, groups := groupCells(files, func(f results.ResultFile) cellKey {
		r := f.Result
		return cellKey{r.Model, r.Variant, r.Dataset, ProtocolOf(r), ""}
	})
	slices.SortFunc(keys, compareCellKeys)

	var s Summary
	for _, k := range keys {
		runs, split := splitConfigs(k, groups[k])
		if split != nil {
			s.Configs = append(s.Configs, *split)
		}
		runs, dups := dropRepeats(k, runs)
		s.Rows = append(s.Rows, summariseGroup(k, runs))
		s.Duplicates = append(s.Duplicates, dups...)
	}
	s.Protocols = protocolSplits(s.Rows)
	return s
}

// SummariseResults is Summarise for results without paths, taken in the
// order given.
func SummariseResults(rs []*results.Result) Summary {
	files := make([]results.ResultFile, len(rs))
	for i, r := range rs {
		files[i] = results.ResultFile{Result: r}
	}
	return Summarise(files)
}

// compareCellKeys orders rows by model, variant, protocol, then data set.
func compareCellKeys(a, b cellKey) int {
	if c := compareNames(modelOrder, a.model, b.model); c != 0 {
		return c
	}
	if c := cmp.Compare(a.variant, b.variant); c != 0 {
		return c
	}
	if c := CompareProtocols(a.protocol, b.protocol); c != 0 {
		return c
	}
	return compareNames(datasetOrder, a.dataset, b.dataset)
}

// summariseGroup computes the Row of one group of runs.
func summariseGroup(k cellKey, runs []results.ResultFile) Row {
	slices.SortStableFunc(runs, func(a, b results.ResultFile) int {
		if c := cmp.Compare(splitID(a.Result, k.protocol.Split), splitID(b.Result, k.protocol.Split)); c != 0 {
			return c
		}
		return cmp.Compare(a.Result.ModelSeed, b.Result.ModelSeed)
	})
	n := len(runs)
	row := Row{
		Model: k.model, Variant: k.variant, Dataset: k.dataset, Protocol: k.protocol, N: n,
		Values:     make([]float64, n),
		SplitSeeds: make([]uint64, n),
		ModelSeeds: make([]uint64, n),
		Paths:      make([]string, n),
	}
	rmse := make([]float64, n)
	for i, f := range runs {
		row.Values[i] = f.Result.Metrics.NLL
		row.SplitSeeds[i] = splitID(f.Result, k.protocol.Split)
		row.ModelSeeds[i] = f.Result.ModelSeed
		row.Paths[i] = f.Path
		rmse[i] = f.Result.Metrics.RMSE
	}
	row.Mean, row.Std = PopMeanSD(row.Values)
	row.StdErr = StdErr(row.Values)
	row.Median = Median(row.Values)
	row.RMSEMean, row.RMSEStd = PopMeanSD(rmse)
	for _, f := range runs {
		if c := f.Result.Metrics.Calibration; c != nil {
			row.CalibN++
			row.CRPSMean += c.CRPS
			row.Cov90Mean += c.Coverage90
		}
	}
	if row.CalibN > 0 {
		row.CRPSMean /= float64(row.CalibN)
		row.Cov90Mean /= float64(row.CalibN)
	}
	if n == 1 {
		if sel := runs[0].Result.Selection; sel != nil && sel.Iter > 0 {
			row.SelectedIter, row.LastNLL = sel.Iter, sel.LastMetrics.NLL
		}
		for _, p := range runs[0].Result.Trace {
			if p.TestNLL != nil {
				row.Traced = append(row.Traced, *p.TestNLL)
				row.TracedIters = append(row.TracedIters, p.Iter)
			}
		}
	}
	return row
}
