package train

import (
	"errors"
	"math"
	"testing"

	"github.com/mgpteam/mgp/internal/shareddata"
	"github.com/mgpteam/mgp/pkg/config"
	"github.com/mgpteam/mgp/pkg/data"
	"go.yaml.in/yaml/v3"
)

// TestNYTaxiExperimentSample: data.name nytaxi with no path loads the
// shipped sample below the data directory, split 90/10 (⌊0.9 N⌋ train),
// with σ_y the duration's sd in seconds (+1e-6).
func TestNYTaxiExperimentSample(t *testing.T) {
	dir := shareddata.Dir(t, data.NYTaxiSampleFile)
	exp, err := LoadExperiment(DataConfig{Name: "nytaxi", SplitSeed: 2}, dir)
	if err != nil {
		t.Fatal(err)
	}
	ntr, dx := exp.XTrain.Dims()
	nte, _ := exp.XTest.Dims()
	if ntr != 71197*9/10 || nte != 71197-71197*9/10 || dx != 8 {
		t.Fatalf("train %d x %d, test %d", ntr, dx, nte)
	}
	if math.Abs(exp.SigmaY-640.48) > 0.01 || exp.Std.YStd[0] != exp.SigmaY {
		t.Errorf("σ_y = %g, want about 640.48 s", exp.SigmaY)
	}
	// A relative path is found below the data directory too.
	exp2, err := LoadExperiment(DataConfig{Kind: "nytaxi", Name: "x", Path: data.NYTaxiSampleFile, SplitSeed: 2}, dir)
	if err != nil {
		t.Fatal(err)
	}
	if exp2.XTest.At(5, 3) != exp.XTest.At(5, 3) {
		t.Error("relative path below the data directory gives other data")
	}
}

// TestNYTaxiConfigKeys: the nytaxi keys decode and bad values are refused
// with the key named.
func TestNYTaxiConfigKeys(t *testing.T) {
	decode := func(src string) error {
		var doc yaml.Node
		if err := yaml.Unmarshal([]byte(src), &doc); err != nil {
			t.Fatal(err)
		}
		_, err := DecodeRunConfig(&doc, nil)
		return err
	}
	if err := decode("model: {name: sgp}\ndata: {name: nytaxi, weekday_period: 7, path: /x/train.csv}\n"); err != nil {
		t.Fatal(err)
	}
	for src, key := range map[string]string{
		"model: {name: sgp}\ndata: {name: nytaxi, weekday_period: 5}\n": "data.weekday_period",
		"model: {name: sgp}\ndata: {name: nytaxi, split: fixed}\n":      "data.split",
		"model: {name: sgp}\ndata: {name: nytaxi, stats: train}\n":      "data.stats",
		"model: {name: sgp}\ndata: {name: boston, weekday_period: 7}\n": "data.weekday_period",
	} {
		err := decode(src)
		var ke *config.KeyError
		if !errors.As(err, &ke) || ke.Key != key {
			t.Errorf("%q: error %v, want a KeyError for %s", src, err, key)
		}
	}
}
