package train

import (
	"fmt"
	"path/filepath"
	"slices"
	"strings"

	"github.com/mgpteam/mgp/pkg/data"
	"gonum.org/v1/gonum/mat"
)

// Experiment is the data side of a run: standardised train and test sets,
// the scale σ_y that maps NLLs back to the original units, and (toys) the
// plotting grid.
type Experiment struct {
	Name                         string
	XTrain, YTrain, XTest, YTest *mat.Dense
	SigmaY                       float64
	Std                          *data.Standardizer
	// PlotX is the standardised test grid of a toy case (nil otherwise).
	PlotX *mat.Dense
	Split string
	// XNames and YNames name the input and output columns.
	XNames, YNames []string
	// Fingerprint is the data fingerprint (see dataFingerprint): the
	// content of the data as read and the split made of it.
	Fingerprint string
}

// toyTestOffset separates the held-out toy draw's seed from the training
// draw's.
const toyTestOffset = data.ToyTestSeedOffset

// dataKind is dc's data.kind, inferred from data.name (a toy, a UCI set,
// mnist, nytaxi) and then data.path (csv) when the key is empty.
func dataKind(dc DataConfig) (string, error) {
	if dc.Kind != "" {
		return dc.Kind, nil
	}
	switch {
	case slices.Contains(data.ToyNames(), dc.Name):
		return "toy", nil
	case slices.Contains(data.UCINames(), dc.Name):
		return "uci", nil
	case dc.Name == "mnist":
		return "mnist", nil
	case dc.Name == "nytaxi":
		return "nytaxi", nil
	case dc.Path != "":
		return "csv", nil
	}
	return "", fmt.Errorf("data.name = %q is neither a toy (%v), a UCI set (%v) nor nytaxi; for your own file set data.kind: csv and data.path",
		dc.Name, data.ToyNames(), data.UCINames())
}

// LoadExperiment builds the experiment a data config describes. Toys get a
// held-out test set: a fresh draw of the same generator (another seed),
// standardised with the training statistics (models.md §9.1).
func LoadExperiment(dc DataConfig, dataDir string) (*Experiment, error) {
	kind, err := dataKind(dc)
	if err != nil {
		return nil, err
	}
	switch kind {
	case "toy":
		train, grid, err := data.Toy(dc.Name, dc.SplitSeed)
		if err != nil {
			return nil, err
		}
		test, _, err := data.Toy(dc.Name, dc.SplitSeed+toyTestOffset)
		if err != nil {
			return nil, err
		}
		p, err := data.PrepareToy(train, grid)
		if err != nil {
			return nil, err
		}
		return &Experiment{
			Name: dc.Name, XTrain: p.XTrain, YTrain: p.YTrain,
			XTest: p.Std.TransformX(test.X), YTest: p.Std.TransformY(test.Y),
			SigmaY: p.Std.YStd[0], Std: p.Std, PlotX: p.XTest,
			XNames: train.XNames, YNames: splitNames(train.YName),
			Split:       fmt.Sprintf("toy: train seed %d, held-out draw seed %d", dc.SplitSeed, dc.SplitSeed+toyTestOffset),
			Fingerprint: toyFingerprint(train, test),
		}, nil
	case "uci", "csv", "mnist":
		var ds *data.Dataset
		var err error
		switch kind {
		case "uci":
			ds, err = data.LoadUCI(dataDir, dc.Name)
		case "mnist":
			ds, err = data.LoadMNIST(filepath.Join(dataDir, "mnist"))
			if dc.Stats == "" {
				dc.Stats = "none" // pixels in [0, 1] and one-hot labels as they are
			}
		default:
			ds, err = data.LoadCSV(dc.Path, dc.Target)
			if err == nil && dc.Name != "" {
				ds.Name = dc.Name
			}
		}
		if err != nil {
			return nil, err
		}
		opt := data.SplitOptions{Kind: dc.Split, Seed: dc.SplitSeed, Index: dc.SplitIndex, Stats: dc.Stats, DataDir: dataDir, TestFraction: dc.TestFraction}
		p, err := data.Prepare(ds, opt)
		if err != nil {
			return nil, err
		}
		desc := fmt.Sprintf("random seed %d, %d/%d", dc.SplitSeed, len(p.Split.Train), len(p.Split.Test))
		switch dc.Split {
		case "fixed":
			desc = fmt.Sprintf("fixed split %d, %d/%d", dc.SplitIndex, len(p.Split.Train), len(p.Split.Test))
		case SplitNone:
			desc = fmt.Sprintf("none: all %d rows train, no test set", len(p.Split.Train))
		}
		return &Experiment{
			Name: ds.Name, XTrain: p.XTrain, YTrain: p.YTrain, XTest: p.XTest, YTest: p.YTest,
			SigmaY: p.Std.YStd[0], Std: p.Std, Split: desc + ", stats " + orDefault(dc.Stats, "full"),
			XNames: ds.XNames, YNames: splitNames(ds.YName), Fingerprint: dataFingerprint(ds, p.Split),
		}, nil
	case "nytaxi":
		return loadNYTaxi(dc, dataDir)
	}
	return nil, fmt.Errorf("data.kind = %q: use toy, uci, csv, nytaxi or mnist", kind)
}

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
