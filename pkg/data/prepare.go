package data

import (
	"fmt"
	"math"
	"strings"

	"gonum.org/v1/gonum/mat"
)

// SplitOptions chooses the split and the standardisation statistics of one
// prepared experiment.
type SplitOptions struct {
	// Kind is "random" (the default when empty; models.md §9.2), "fixed"
	// (the PBP split files) or "none" (every row trains, in file order, and
	// there is no test set: a final fit on all rows, mgp compare --refit).
	Kind string
	// Seed seeds a random split (A-39: seeds 0..9 for the ten runs).
	Seed uint64
	// Index selects the fixed split file pair.
	Index int
	// Stats is "full" (the default when empty: whole-data statistics, the
	// paper's order, A-32), "train" (training rows only) or "none" (no
	// standardisation: mnist's pixels and one-hot labels, A-44).
	Stats string
	// DataDir is the data directory holding uci/<name>/splits for fixed splits.
	DataDir string
	// TestFraction is a random split's share of test rows (0: the paper's
	// 0.1).
	TestFraction float64
}

// Prepared is one experiment's data: the split and the standardised train
// and test sets.
type Prepared struct {
	// Name is the data set's name.
	Name string
	// XTrain, YTrain, XTest and YTest are standardised with Std. YTest is nil
	// for toys, which have test inputs only.
	XTrain, YTrain, XTest, YTest *mat.Dense
	// Std holds the statistics used; Std.YStd converts NLLs to the original scale.
	Std *Standardizer
	// Split holds the row indices into the original data set.
	Split Split
}

// Prepare splits ds and standardises it as opt says (with Kind "none" the
// test sets are empty and "train" statistics are those of every row). It
// returns an error for
// an unknown Kind or Stats, a data set too small to give non-empty train and
// test sets, or a problem with the fixed split files.
func Prepare(ds *Dataset, opt SplitOptions) (*Prepared, error) {
	if err := checkDataset(ds); err != nil {
		return nil, err
	}
	n := ds.N()
	var sp Split
	switch opt.Kind {
	case "", "random":
		sp = RandomSplitFraction(n, opt.Seed, opt.TestFraction)
	case "fixed":
		var err error
		if sp, err = FixedSplit(opt.DataDir, ds.Name, opt.Index, n); err != nil {
			return nil, err
		}
	case "none":
		sp = Split{Train: identity(n)}
	default:
		return nil, fmt.Errorf("data: unknown split kind %q; use \"random\", \"fixed\" or \"none\"", opt.Kind)
	}
	if len(sp.Train) == 0 || (len(sp.Test) == 0 && opt.Kind != "none") {
		return nil, fmt.Errorf("data: data set %q has %d rows, too few for a train/test split "+
			"(%d train, %d test); it needs at least 10 rows", ds.Name, n, len(sp.Train), len(sp.Test))
	}
	var std *Standardizer
	switch opt.Stats {
	case "", "full":
		std = FitStandardizer(ds.X, ds.Y)
	case "train":
		std = FitStandardizer(GatherRows(nil, ds.X, sp.Train), GatherRows(nil, ds.Y, sp.Train))
	case "none":
		std = IdentityStandardizer(ds.Dx(), ds.Dy())
	default:
		return nil, fmt.Errorf("data: unknown standardisation statistics %q; use \"full\", \"train\" or \"none\"", opt.Stats)
	}
	if err := checkStats(ds, std); err != nil {
		return nil, err
	}
	if err := checkSpread(ds, statRows(opt.Stats, sp), opt.Stats != "none"); err != nil {
		return nil, err
	}
	xs, ys := std.TransformX(ds.X), std.TransformY(ds.Y)
	return &Prepared{
		Name:   ds.Name,
		XTrain: GatherRows(nil, xs, sp.Train),
		YTrain: GatherRows(nil, ys, sp.Train),
		XTest:  GatherRows(nil, xs, sp.Test),
		YTest:  GatherRows(nil, ys, sp.Test),
		Std:    std,
		Split:  sp,
	}, nil
}

// PrepareToy standardises a toy case (models.md §9.1): y with the global mean
// and population sd, x per column with the training statistics, and the test
// inputs testX with the same x statistics. The result's YTest is nil and its
// Split lists every training row as training.
func PrepareToy(train *Dataset, testX *mat.Dense) (*Prepared, error) {
	if err := checkDataset(train); err != nil {
		return nil, err
	}
	if testX == nil || testX.IsEmpty() {
		return nil, fmt.Errorf("data: PrepareToy: no test inputs")
	}
	if c := cols(testX); c != train.Dx() {
		return nil, fmt.Errorf("data: PrepareToy: test inputs have %d columns, training inputs %d", c, train.Dx())
	}
	std := FitStandardizer(train.X, train.Y)
	return &Prepared{
		Name:   train.Name,
		XTrain: std.TransformX(train.X),
		YTrain: std.TransformY(train.Y),
		XTest:  std.TransformX(testX),
		Std:    std,
		Split:  Split{Train: identity(train.N())},
	}, nil
}

// checkDataset rejects nil or inconsistent data sets.
func checkDataset(ds *Dataset) error {
	if ds == nil || ds.N() == 0 || ds.Dx() == 0 || ds.Dy() == 0 {
		return fmt.Errorf("data: empty data set")
	}
	if rows(ds.Y) != ds.N() {
		return fmt.Errorf("data: data set %q has %d input rows but %d output rows", ds.Name, ds.N(), rows(ds.Y))
	}
	return nil
}

// checkStats refuses columns whose mean or sd is not finite: values so
// large (1e308, say) that the statistics overflow would turn every
// standardised value into NaN and surface as a numerical failure far from
// the cause. The error names the column.
func checkStats(ds *Dataset, std *Standardizer) error {
	yNames := strings.Split(ds.YName, ",")
	for _, part := range []struct {
		kind     string
		mean, sd []float64
		names    []string
	}{{"input", std.XMean, std.XStd, ds.XNames}, {"target", std.YMean, std.YStd, yNames}} {
		for j := range part.mean {
			m, s := part.mean[j], part.sd[j]
			if math.IsNaN(m) || math.IsInf(m, 0) || math.IsNaN(s) || math.IsInf(s, 0) {
				name := fmt.Sprintf("#%d", j+1)
				if j < len(part.names) && part.names[j] != "" {
					name = fmt.Sprintf("%q", part.names[j])
				}
				return fmt.Errorf("data set %q: %s column %s has values too large to standardise (mean %g, sd %g): rescale that column (e.g. to other units) so that its values stay well below 1e150",
					ds.Name, part.kind, name, m, s)
			}
		}
	}
	return nil
}
