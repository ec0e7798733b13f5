package eval

import (
	"encoding/json"
	"math"
	"os"
	"path/filepath"
	"testing"

	"gonum.org/v1/gonum/mat"
)

// kdeFixture mirrors testdata/kde.json, a copy of the project's
// shared/fixtures/golden/kde.json (fixture_version 1; see testdata/README.md).
type kdeFixture struct {
	FixtureVersion int `json:"fixture_version"`
	Tolerances     struct {
		ValuesRel      float64 `json:"values_rel"`
		ValuesAbsFloor float64 `json:"values_abs_floor"`
	} `json:"tolerances"`
	NSamples        int         `json:"n_samples"`
	SilvermanFactor float64     `json:"silverman_factor"`
	Samples         [][]float64 `json:"samples"`
	Y               []float64   `json:"y"`
	SampleSD        []float64   `json:"sample_sd"`
	Bandwidth       []float64   `json:"bandwidth"`
	LogDensity      []float64   `json:"log_density"`
	MeanNLLStd      float64     `json:"mean_nll_std"`
	OriginalScale   struct {
		SigmaY         float64   `json:"sigma_y"`
		MuY            float64   `json:"mu_y"`
		BandwidthOrig  []float64 `json:"bandwidth_orig"`
		LogDensityOrig []float64 `json:"log_density_orig"`
		MeanNLLOrig    float64   `json:"mean_nll_orig"`
		LogSigmaY      float64   `json:"log_sigma_y"`
	} `json:"original_scale"`
	UnderflowCase struct {
		TestPoint  int     `json:"test_point"`
		YFar       float64 `json:"y_far"`
		Bandwidth  float64 `json:"bandwidth"`
		LogDensity float64 `json:"log_density"`
	} `json:"underflow_case"`
}

// loadKDEFixture reads and sanity-checks the golden KDE fixture.
func loadKDEFixture(t *testing.T) *kdeFixture {
	t.Helper()
	b, err := os.ReadFile(filepath.Join("testdata", "kde.json"))
	if err != nil {
		t.Fatal(err)
	}
	var f kdeFixture
	if err := json.Unmarshal(b, &f); err != nil {
		t.Fatal(err)
	}
	if f.FixtureVersion != 1 {
		t.Fatalf("fixture_version %d, tests written for 1", f.FixtureVersion)
	}
	if f.Tolerances.ValuesRel != 1e-10 || f.Tolerances.ValuesAbsFloor != 1e-12 {
		t.Fatalf("unexpected tolerances %+v", f.Tolerances)
	}
	if len(f.Samples) != 3 || len(f.Y) != 3 {
		t.Fatalf("fixture has %d sample rows and %d y values, want 3", len(f.Samples), len(f.Y))
	}
	for i, s := range f.Samples {
		if len(s) != f.NSamples {
			t.Fatalf("samples[%d] has %d values, want %d", i, len(s), f.NSamples)
		}
	}
	return &f
}

// checkClose applies the fixture rule |got - want| <= max(1e-10 |want|, 1e-12).
func checkClose(t *testing.T, name string, got, want float64) {
	t.Helper()
	tol := math.Max(1e-10*math.Abs(want), 1e-12)
	if !(math.Abs(got-want) <= tol) {
		t.Errorf("%s = %.17g, want %.17g (|diff| %.3g > tol %.3g)", name, got, want, math.Abs(got-want), tol)
	}
}

// columnsMatrix stores rows[t] as column t of a P x len(rows) matrix.
func columnsMatrix(rows [][]float64) *mat.Dense {
	m := mat.NewDense(len(rows[0]), len(rows), nil)
	for j, r := range rows {
		m.SetCol(j, r)
	}
	return m
}

func TestGoldenKDEStandardised(t *testing.T) {
	f := loadKDEFixture(t)
	checkClose(t, "SilvermanFactor(200)", SilvermanFactor(f.NSamples), f.SilvermanFactor)
	for i, s := range f.Samples {
		checkClose(t, "sample sd", sampleSD(s), f.SampleSD[i])
		h := SilvermanBandwidth(s)
		checkClose(t, "bandwidth", h, f.Bandwidth[i])
		checkClose(t, "KDELogDensity", KDELogDensity(s, f.Y[i], h), f.LogDensity[i])
	}
	m := columnsMatrix(f.Samples)
	nll, ld := KDENLL(m, f.Y, nil)
	for i := range ld {
		checkClose(t, "KDENLL log density", ld[i], f.LogDensity[i])
	}
	checkClose(t, "KDENLL mean", nll, f.MeanNLLStd)
}

func TestGoldenKDEOriginalScale(t *testing.T) {
	f := loadKDEFixture(t)
	o := f.OriginalScale
	checkClose(t, "log sigma_y", math.Log(o.SigmaY), o.LogSigmaY)
	checkClose(t, "ToOriginalScale", ToOriginalScale(f.MeanNLLStd, o.SigmaY), o.MeanNLLOrig)

	// Map samples and y back (mu + sigma * value) and recompute from scratch.
	orig := make([][]float64, len(f.Samples))
	yOrig := make([]float64, len(f.Y))
	for i, s := range f.Samples {
		orig[i] = make([]float64, len(s))
		for p, v := range s {
			orig[i][p] = o.MuY + o.SigmaY*v
		}
		yOrig[i] = o.MuY + o.SigmaY*f.Y[i]
		h := SilvermanBandwidth(orig[i])
		checkClose(t, "bandwidth_orig", h, o.BandwidthOrig[i])
		checkClose(t, "log_density_orig", KDELogDensity(orig[i], yOrig[i], h), o.LogDensityOrig[i])
	}
	nll, ld := KDENLL(columnsMatrix(orig), yOrig, nil)
	for i := range ld {
		checkClose(t, "KDENLL log_density_orig", ld[i], o.LogDensityOrig[i])
	}
	checkClose(t, "KDENLL mean_nll_orig", nll, o.MeanNLLOrig)
}

func TestGoldenKDEUnderflow(t *testing.T) {
	f := loadKDEFixture(t)
	u := f.UnderflowCase
	s := f.Samples[u.TestPoint]
	// The case is meaningful only if a naive sum really underflows.
	var naive float64
	for _, v := range s {
		d := u.YFar - v
		naive += math.Exp(-d * d / (2 * u.Bandwidth * u.Bandwidth))
	}
	if naive != 0 {
		t.Fatalf("naive kernel sum %g, expected it to underflow to 0", naive)
	}
	checkClose(t, "bandwidth", SilvermanBandwidth(s), u.Bandwidth)
	checkClose(t, "underflow log density", KDELogDensity(s, u.YFar, u.Bandwidth), u.LogDensity)

	// The same through KDENLL: one column, one far y.
	m := mat.NewDense(len(s), 1, nil)
	m.SetCol(0, s)
	nll, ld := KDENLL(m, []float64{u.YFar}, nil)
	checkClose(t, "KDENLL underflow log density", ld[0], u.LogDensity)
	checkClose(t, "KDENLL underflow NLL", nll, -u.LogDensity)
}
