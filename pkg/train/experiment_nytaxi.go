package train

import (
	"fmt"

	"github.com/mgpteam/mgp/pkg/config"
	"github.com/mgpteam/mgp/pkg/data"
)

// loadNYTaxi builds the nytaxi experiment (models.md §9.3): the Kaggle
// file at NYTaxiPath(dc.Path, dataDir), filtered and encoded by
// data.LoadNYTaxi, standardised over all kept rows and split 90/10 with
// seed dc.SplitSeed by data.PrepareNYTaxi.
func loadNYTaxi(dc DataConfig, dataDir string) (*Experiment, error) {
	path := data.NYTaxiPath(dc.Path, dataDir)
	ds, cnt, err := data.LoadNYTaxi(path, data.NYTaxiOptions{WeekdayPeriod: dc.WeekdayPeriod})
	if err != nil {
		return nil, err
	}
	xNames, yName := ds.XNames, ds.YName
	p, err := data.PrepareNYTaxi(ds, dc.SplitSeed)
	if err != nil {
		return nil, err
	}
	period := dc.WeekdayPeriod
	if period == 0 {
		period = 6
	}
	return &Experiment{
		Name: "nytaxi", XTrain: p.XTrain, YTrain: p.YTrain, XTest: p.XTest, YTest: p.YTest,
		SigmaY: p.Std.YStd[0], Std: p.Std,
		Split: fmt.Sprintf("nytaxi %s: %d of %d rows kept, random seed %d, %d/%d, stats full (sd + 1e-6), weekday period %d",
			path, cnt.Kept, cnt.Read, dc.SplitSeed, len(p.Split.Train), len(p.Split.Test), period),
		XNames: xNames, YNames: splitNames(yName),
		// ds is standardised in place by now: the fingerprint covers the
		// file's kept rows through their standardised values and the split.
		Fingerprint: dataFingerprint(ds, p.Split),
	}, nil
}

// isNYTaxi reports whether the data config selects the nytaxi set.
func (dc DataConfig) isNYTaxi() bool {
	return dc.Kind == "nytaxi" || (dc.Kind == "" && dc.Name == "nytaxi")
}

// validateNYTaxi checks the data keys that concern nytaxi: the weekday
// period, and the split and statistics, which §9.3 fixes.
func (c *RunConfig) validateNYTaxi() error {
	d := c.Data
	if !d.isNYTaxi() {
		if d.WeekdayPeriod != 0 {
			return config.Errorf("data.weekday_period", "data.weekday_period applies to the nytaxi data only; remove it")
		}
		return nil
	}
	switch {
	case d.WeekdayPeriod != 0 && d.WeekdayPeriod != 6 && d.WeekdayPeriod != 7:
		return config.Errorf("data.weekday_period", "data.weekday_period = %d: use 6 ([B]'s, Sunday = Monday; the default) or 7", d.WeekdayPeriod)
	case d.Split != "" && d.Split != "random":
		return config.Errorf("data.split", "data.split = %s: nytaxi has no split files; its split is random (seed data.split_seed, 90/10)", d.Split)
	case d.Stats != "" && d.Stats != "full":
		return config.Errorf("data.stats", "data.stats = %s: nytaxi is standardised over the whole filtered set (models.md §9.3); remove data.stats", d.Stats)
	case len(d.Target) > 0:
		return config.Errorf("data.target", "data.target: nytaxi's target is the recomputed trip duration; remove data.target")
	}
	return nil
}
