package data

import (
	"errors"
	"math"
	"os"
	"testing"

	"github.com/mgpteam/mgp/internal/shareddata"
)

// TestResolveKind: data.kind wins; without it data.name selects the
// source that answers to it, and data.path alone means CSV.
func TestResolveKind(t *testing.T) {
	for _, c := range []struct {
		spec Spec
		want Kind
	}{
		{Spec{Name: "hetero"}, KindToy},
		{Spec{Name: "boston"}, KindUCI},
		{Spec{Name: "mnist"}, KindMNIST},
		{Spec{Name: "nytaxi", Path: "taxi.csv"}, KindNYTaxi},
		{Spec{Name: "mine", Path: "my.csv"}, KindCSV},
		{Spec{Kind: "csv", Name: "boston", Path: "b.csv"}, KindCSV},
		{Spec{Kind: "nytaxi", Name: "x"}, KindNYTaxi},
	} {
		if k, err := c.spec.ResolveKind(); err != nil || k != c.want {
			t.Errorf("%+v: kind %q (%v), want %q", c.spec, k, err, c.want)
		}
	}
	if _, err := (Spec{Name: "nothing"}).ResolveKind(); err == nil {
		t.Error("an unknown name without a path resolves")
	}
	if _, err := SourceFor(Spec{Kind: "parquet"}); err == nil {
		t.Error("an unknown kind has a source")
	}
}

// TestIsCSV: the one rule for CSV data: kind csv (given or inferred) and a
// path; nytaxi's and a UCI set's paths are not CSV paths.
func TestIsCSV(t *testing.T) {
	for spec, want := range map[*Spec]bool{
		{Kind: "csv", Path: "my.csv"}:        true,
		{Name: "mine", Path: "my.csv"}:       true,
		{Kind: "csv"}:                        false,
		{Name: "nytaxi", Path: "train.csv"}:  false,
		{Kind: "nytaxi", Path: "train.csv"}:  false,
		{Name: "boston", Path: "boston.csv"}: false,
		{Name: "hetero"}:                     false,
	} {
		if got := spec.IsCSV(); got != want {
			t.Errorf("%+v: IsCSV %v, want %v", *spec, got, want)
		}
	}
}

// TestSourceChecks: each source refuses the keys it has no use for, naming
// the key.
func TestSourceChecks(t *testing.T) {
	for _, c := range []struct {
		spec Spec
		key  string
	}{
		{Spec{Kind: "csv"}, "data.kind"},
		{Spec{Name: "boston", WeekdayPeriod: 7}, "data.weekday_period"},
		{Spec{Name: "hetero", Split: "fixed"}, "data.split"},
		{Spec{Name: "hetero", TestFraction: 0.2}, "data.test_fraction"},
		{Spec{Name: "nytaxi", TestFraction: 0.2}, "data.test_fraction"},
		{Spec{Name: "nytaxi", WeekdayPeriod: 5}, "data.weekday_period"},
		{Spec{Name: "nytaxi", Split: "fixed"}, "data.split"},
		{Spec{Name: "nytaxi", Stats: "train"}, "data.stats"},
		{Spec{Name: "nytaxi", Target: []string{"y"}}, "data.target"},
		{Spec{Name: "mnist", Split: SplitNone}, "data.split"},
		{Spec{Name: "boston", Split: SplitNone}, "data.split"},
	} {
		src, err := SourceFor(c.spec)
		if err != nil {
			t.Fatal(err)
		}
		var se *SpecError
		if err := src.Check(c.spec); !errors.As(error(err), &se) || se.Key != c.key {
			t.Errorf("%+v: %v, want an error for %s", c.spec, err, c.key)
		}
	}
	for _, s := range []Spec{{Name: "boston"}, {Kind: "csv", Path: "x.csv", Split: SplitNone}, {Name: "nytaxi", WeekdayPeriod: 7}, {Name: "hetero"}} {
		src, _ := SourceFor(s)
		if err := src.Check(s); err != nil {
			t.Errorf("%+v refused: %v", s, err)
		}
	}
}

// TestScoring: mnist is scored per input row (its labels), the others per
// point; Load hands the source's scoring to the experiment.
func TestScoring(t *testing.T) {
	for _, src := range Sources() {
		want := ScorePerPoint
		if src.Kind() == KindMNIST {
			want = ScorePerInputRow
		}
		if src.Scoring() != want {
			t.Errorf("%s scores %v, want %v", src.Kind(), src.Scoring(), want)
		}
	}
	exp, err := Load(Spec{Name: "hetero", SplitSeed: 1}, "")
	if err != nil {
		t.Fatal(err)
	}
	if exp.Kind != KindToy || exp.Scoring != ScorePerPoint || exp.PlotX == nil || exp.Fingerprint == "" {
		t.Errorf("toy experiment: kind %q, scoring %v, plot grid %v, fingerprint %q", exp.Kind, exp.Scoring, exp.PlotX != nil, exp.Fingerprint)
	}
}

// TestMNISTExperimentIsNotStandardised loads the shipped MNIST files as a
// run would: a 63,000/7,000 split, one-hot inputs and pixels in [0, 1] left
// as they are, σ_y = 1, scored per input row.
func TestMNISTExperimentIsNotStandardised(t *testing.T) {
	dir := shareddata.Dir(t, "mnist")
	exp, err := Load(Spec{Name: "mnist", SplitSeed: 3}, dir)
	if err != nil {
		t.Fatal(err)
	}
	ntr, dx := exp.XTrain.Dims()
	nte, dy := exp.YTest.Dims()
	if ntr != 63000 || nte != 7000 || dx != 10 || dy != 784 {
		t.Fatalf("split %d/%d, %d inputs, %d outputs; want 63000/7000, 10, 784", ntr, nte, dx, dy)
	}
	if exp.SigmaY != 1 || exp.Scoring != ScorePerInputRow {
		t.Errorf("σ_y = %g, scoring %v; want 1, per input row", exp.SigmaY, exp.Scoring)
	}
	for i := range 50 {
		sum := 0.0
		for c := range dx {
			v := exp.XTrain.At(i, c)
			if v != 0 && v != 1 {
				t.Fatalf("row %d input %d = %g, want one-hot", i, c, v)
			}
			sum += v
		}
		if sum != 1 {
			t.Fatalf("row %d: inputs sum to %g, want one-hot", i, sum)
		}
		for j := range dy {
			if v := exp.YTrain.At(i, j); v < 0 || v > 1 {
				t.Fatalf("row %d pixel %d = %g outside [0, 1]", i, j, v)
			}
		}
	}
}

// TestNYTaxiExperimentSample: data.name nytaxi with no path loads the
// shipped sample below the data directory, split 90/10 (⌊0.9 N⌋ train),
// with σ_y the duration's sd in seconds (+1e-6).
func TestNYTaxiExperimentSample(t *testing.T) {
	dir := shareddata.Dir(t)
	if _, err := os.Stat(NYTaxiDefaultPath(dir)); err != nil {
		t.Skipf("nytaxi sample not found below %s: %v", dir, err)
	}
	exp, err := Load(Spec{Name: "nytaxi", SplitSeed: 2}, dir)
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
	exp2, err := Load(Spec{Kind: "nytaxi", Name: "x", Path: NYTaxiSampleFile, SplitSeed: 2}, dir)
	if err != nil {
		t.Fatal(err)
	}
	if exp2.XTest.At(5, 3) != exp.XTest.At(5, 3) {
		t.Error("relative path below the data directory gives other data")
	}
}
