package data

import "fmt"

// toySource generates the toy cases of models.md §9.1: a held-out test set
// is a fresh draw of the same generator (seed + ToyTestSeedOffset),
// standardised with the training statistics.
type toySource struct{}

// Kind is KindToy.
func (toySource) Kind() Kind { return KindToy }

// Names lists the toy cases.
func (toySource) Names() []string { return ToyNames() }

// Scoring is per point.
func (toySource) Scoring() Scoring { return ScorePerPoint }

// Check refuses the keys a generated data set has no use for: split files,
// a test fraction (the test set is a draw of its own) and nytaxi's keys.
func (toySource) Check(s Spec) *SpecError {
	if e := checkNotNYTaxi(s); e != nil {
		return e
	}
	if s.Split == "fixed" {
		return specErrorf("data.split", "data.split = fixed: the toy case %q has no split files (its test set is a fresh draw); remove data.split", s.Name)
	}
	if e := checkHasTest(s, KindToy); e != nil {
		return e
	}
	return checkTestFraction(s)
}

// checkTestFraction refuses data.test_fraction for the kinds that fix
// their own test set (toys, nytaxi).
func checkTestFraction(s Spec) *SpecError {
	if s.TestFraction != 0 {
		return specErrorf("data.test_fraction", "data.test_fraction is for UCI, mnist and CSV data; the toys draw their own test set and nytaxi keeps the paper's 90/10: drop the key")
	}
	return nil
}

// Load draws the training and the held-out set and standardises both with
// the training statistics.
func (toySource) Load(s Spec, _ string) (*Experiment, error) {
	train, grid, err := Toy(s.Name, s.SplitSeed)
	if err != nil {
		return nil, err
	}
	test, _, err := Toy(s.Name, s.SplitSeed+ToyTestSeedOffset)
	if err != nil {
		return nil, err
	}
	p, err := PrepareToy(train, grid)
	if err != nil {
		return nil, err
	}
	return &Experiment{
		Name: s.Name, XTrain: p.XTrain, YTrain: p.YTrain,
		XTest: p.Std.TransformX(test.X), YTest: p.Std.TransformY(test.Y),
		SigmaY: p.Std.YStd[0], Std: p.Std, PlotX: p.XTest,
		XNames: train.XNames, YNames: splitNames(train.YName),
		Split:       fmt.Sprintf("toy: train seed %d, held-out draw seed %d", s.SplitSeed, s.SplitSeed+ToyTestSeedOffset),
		Fingerprint: toyFingerprint(train, test),
	}, nil
}
