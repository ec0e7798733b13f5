package data

import "fmt"

// nytaxiSource reads the Kaggle taxi file (models.md §9.3) at
// NYTaxiPath(data.path, dataDir), filtered and encoded by LoadNYTaxi,
// standardised over all kept rows and split 90/10 by PrepareNYTaxi.
type nytaxiSource struct{}

// Kind is KindNYTaxi.
func (nytaxiSource) Kind() Kind { return KindNYTaxi }

// Names is nytaxi.
func (nytaxiSource) Names() []string { return []string{string(KindNYTaxi)} }

// Scoring is per point.
func (nytaxiSource) Scoring() Scoring { return ScorePerPoint }

// Check checks the weekday period and refuses the split and statistics
// keys that §9.3 fixes.
func (nytaxiSource) Check(s Spec) *SpecError {
	switch {
	case s.WeekdayPeriod != 0 && s.WeekdayPeriod != 6 && s.WeekdayPeriod != 7:
		return specErrorf("data.weekday_period", "data.weekday_period = %d: use 6 ([B]'s, Sunday = Monday; the default) or 7", s.WeekdayPeriod)
	case s.Split != "" && s.Split != "random":
		return specErrorf("data.split", "data.split = %s: nytaxi has no split files; its split is random (seed data.split_seed, 90/10)", s.Split)
	case s.Stats != "" && s.Stats != "full":
		return specErrorf("data.stats", "data.stats = %s: nytaxi is standardised over the whole filtered set (models.md §9.3); remove data.stats", s.Stats)
	case len(s.Target) > 0:
		return specErrorf("data.target", "data.target: nytaxi's target is the recomputed trip duration; remove data.target")
	}
	return checkTestFraction(s)
}

// Load reads, filters, standardises and splits the trips.
func (nytaxiSource) Load(s Spec, dataDir string) (*Experiment, error) {
	path := NYTaxiPath(s.Path, dataDir)
	ds, cnt, err := LoadNYTaxi(path, NYTaxiOptions{WeekdayPeriod: s.WeekdayPeriod})
	if err != nil {
		return nil, err
	}
	xNames, yName := ds.XNames, ds.YName
	p, err := PrepareNYTaxi(ds, s.SplitSeed)
	if err != nil {
		return nil, err
	}
	period := s.WeekdayPeriod
	if period == 0 {
		period = 6
	}
	return &Experiment{
		Name: string(KindNYTaxi), XTrain: p.XTrain, YTrain: p.YTrain, XTest: p.XTest, YTest: p.YTest,
		SigmaY: p.Std.YStd[0], Std: p.Std,
		Split: fmt.Sprintf("nytaxi %s: %d of %d rows kept, random seed %d, %d/%d, stats full (sd + 1e-6), weekday period %d",
			path, cnt.Kept, cnt.Read, s.SplitSeed, len(p.Split.Train), len(p.Split.Test), period),
		XNames: xNames, YNames: splitNames(yName),
		// ds is standardised in place by now: the fingerprint covers the
		// file's kept rows through their standardised values and the split.
		Fingerprint: dataFingerprint(ds, p.Split),
	}, nil
}
