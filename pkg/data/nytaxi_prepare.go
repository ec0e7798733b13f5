package data

import (
	"fmt"
	"math"
	"os"
	"path/filepath"

	"gonum.org/v1/gonum/mat"
)

// NYTaxiStdEps is added to every population standard deviation when the
// nytaxi set is standardised ([B]'s normalize, models.md §9.3 step 4).
const NYTaxiStdEps = 1e-6

// NYTaxiSplit returns the split of run seed for n rows (models.md §9.3
// step 5): a seeded random permutation of 0..n-1 whose first ⌊0.9 n⌋
// entries are the training rows and the rest the test rows, both in
// permutation order. (The UCI rule, RandomSplit, takes ⌊0.1 n⌋ test rows
// instead; the two differ by one row when n is not a multiple of 10.)
func NYTaxiSplit(n int, seed uint64) Split {
	if n <= 0 {
		return Split{}
	}
	p := permutation(newRNG(seed, streamSplit), n)
	nTrain := n * 9 / 10
	return Split{Train: p[:nTrain:nTrain], Test: p[nTrain:]}
}

// FitNYTaxiStandardizer returns the statistics of models.md §9.3 step 4:
// per column the mean and the population standard deviation plus
// NYTaxiStdEps, over all rows of X and Y. Unlike FitStandardizer, a
// constant column keeps the divisor NYTaxiStdEps, as [B] does.
func FitNYTaxiStandardizer(X, Y *mat.Dense) *Standardizer {
	s := &Standardizer{}
	s.XMean, s.XStd = epsStats(X)
	s.YMean, s.YStd = epsStats(Y)
	return s
}

// epsStats returns the column means and population sd + NYTaxiStdEps
// (columnMoments; a constant column keeps its computed mean and sd 0 + ε).
func epsStats(A *mat.Dense) (mean, std []float64) {
	mean, variance, _ := columnMoments(A)
	std = make([]float64, len(mean))
	for j := range std {
		std[j] = math.Sqrt(variance[j]) + NYTaxiStdEps
	}
	return mean, std
}

// PrepareNYTaxi standardises the nytaxi data set over all its rows
// (FitNYTaxiStandardizer) and splits it for run seed (NYTaxiSplit). To keep
// memory near two copies of the data at 1.4 million rows, it standardises
// ds.X and ds.Y in place (ds holds standardised values afterwards) and
// gathers the train and test rows into new matrices.
func PrepareNYTaxi(ds *Dataset, seed uint64) (*Prepared, error) {
	if err := checkDataset(ds); err != nil {
		return nil, err
	}
	n := ds.N()
	sp := NYTaxiSplit(n, seed)
	if len(sp.Train) == 0 || len(sp.Test) == 0 {
		return nil, fmt.Errorf("data: the nytaxi set has %d kept rows, too few for a 90/10 split (%d train, %d test); it needs at least 2",
			n, len(sp.Train), len(sp.Test))
	}
	std := FitNYTaxiStandardizer(ds.X, ds.Y)
	if err := checkStats(ds, std); err != nil {
		return nil, err
	}
	standardizeInPlace(ds.X, std.XMean, std.XStd)
	standardizeInPlace(ds.Y, std.YMean, std.YStd)
	return &Prepared{
		Name:   ds.Name,
		XTrain: GatherRows(nil, ds.X, sp.Train),
		YTrain: GatherRows(nil, ds.Y, sp.Train),
		XTest:  GatherRows(nil, ds.X, sp.Test),
		YTest:  GatherRows(nil, ds.Y, sp.Test),
		Std:    std,
		Split:  sp,
	}, nil
}

// standardizeInPlace maps A to (A − mean)/std column by column.
func standardizeInPlace(A *mat.Dense, mean, std []float64) {
	r, _ := A.Dims()
	for i := range r {
		row := A.RawRowView(i)
		for j := range row {
			row[j] = (row[j] - mean[j]) / std[j]
		}
	}
}

// NYTaxiPath resolves the nytaxi file of a run: an empty path is the
// shipped sample below dataDir (NYTaxiDefaultPath); an absolute path is
// used as it is; a relative path is taken as given (from the working
// directory) when that file exists and otherwise below dataDir, the way
// the UCI sets are found there; when neither exists it is returned as
// given, so the error names the path the user wrote.
func NYTaxiPath(path, dataDir string) string {
	if path == "" {
		return NYTaxiDefaultPath(dataDir)
	}
	if filepath.IsAbs(path) || dataDir == "" {
		return path
	}
	if _, err := os.Stat(path); err == nil {
		return path
	}
	under := filepath.Join(dataDir, path)
	if _, err := os.Stat(under); err == nil {
		return under
	}
	return path
}
