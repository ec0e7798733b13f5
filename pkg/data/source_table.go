package data

import "fmt"

// prepareTable splits and standardises a data set read from files (UCI,
// CSV, mnist) as s says and builds its experiment.
func prepareTable(ds *Dataset, s Spec, dataDir string) (*Experiment, error) {
	opt := SplitOptions{Kind: s.Split, Seed: s.SplitSeed, Index: s.SplitIndex, Stats: s.Stats, DataDir: dataDir, TestFraction: s.TestFraction}
	p, err := Prepare(ds, opt)
	if err != nil {
		return nil, err
	}
	desc := fmt.Sprintf("random seed %d, %d/%d", s.SplitSeed, len(p.Split.Train), len(p.Split.Test))
	switch s.Split {
	case "fixed":
		desc = fmt.Sprintf("fixed split %d, %d/%d", s.SplitIndex, len(p.Split.Train), len(p.Split.Test))
	case SplitNone:
		desc = fmt.Sprintf("none: all %d rows train, no test set", len(p.Split.Train))
	}
	return &Experiment{
		Name: ds.Name, XTrain: p.XTrain, YTrain: p.YTrain, XTest: p.XTest, YTest: p.YTest,
		SigmaY: p.Std.YStd[0], Std: p.Std, Split: desc + ", stats " + orDefault(s.Stats, "full"),
		XNames: ds.XNames, YNames: splitNames(ds.YName), Fingerprint: dataFingerprint(ds, p.Split),
	}, nil
}
