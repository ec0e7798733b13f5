package data

import (
	"math"
	"strings"
	"testing"

	"gonum.org/v1/gonum/mat"
	"gonum.org/v1/gonum/stat"

	"github.com/mgpteam/mgp/internal/shareddata"
)

func TestStandardizer(t *testing.T) {
	// Column 1 is constant; column 2 has population sd 2 (values 1, 5, 1, 5).
	X := mat.NewDense(4, 3, []float64{
		1, 7, 1,
		2, 7, 5,
		3, 7, 1,
		4, 7, 5,
	})
	Y := mat.NewDense(4, 1, []float64{10, 20, 30, 40})
	s := FitStandardizer(X, Y)
	if s.XMean[1] != 7 || s.XStd[1] != 1 {
		t.Errorf("constant column: mean %g std %g, want 7 and 1", s.XMean[1], s.XStd[1])
	}
	if s.XStd[2] != 2 || math.Abs(s.XStd[0]-math.Sqrt(1.25)) > 1e-15 {
		t.Errorf("population sds %v, want [√1.25 1 2]", s.XStd)
	}
	xs := s.TransformX(X)
	for j := range 3 {
		m, sd := stat.PopMeanStdDev(column(xs, j), nil)
		wantSD := 1.0
		if j == 1 {
			wantSD = 0
		}
		if math.Abs(m) > 1e-15 || math.Abs(sd-wantSD) > 1e-15 {
			t.Errorf("column %d: mean %g sd %g after standardising", j, m, sd)
		}
	}
	if X.At(0, 0) != 1 {
		t.Error("TransformX changed its input")
	}
	ys := s.TransformY(Y)
	back := s.InverseY(ys)
	if !mat.EqualApprox(back, Y, 1e-12) {
		t.Errorf("InverseY(TransformY(Y)) = %v", back.RawMatrix().Data)
	}
	if s.TransformX(nil) != nil {
		t.Error("TransformX(nil) != nil")
	}
	defer func() {
		if r := recover(); r == nil || !strings.Contains(r.(string), "columns") {
			t.Errorf("wrong column count: panic %v", r)
		}
	}()
	s.TransformX(mat.NewDense(1, 2, nil))
}

func TestStandardizerConstantNonRepresentable(t *testing.T) {
	// 0.998 repeated: the float mean is not exactly 0.998, but the column
	// must still map to exactly 0 (naval's P1 column).
	v := make([]float64, 11934)
	for i := range v {
		v[i] = 0.998
	}
	X := mat.NewDense(len(v), 1, v)
	xs := FitStandardizer(X, nil).TransformX(X)
	if xs.At(0, 0) != 0 || xs.At(len(v)-1, 0) != 0 {
		t.Errorf("constant 0.998 column maps to %g", xs.At(0, 0))
	}
}

func TestPrepare(t *testing.T) {
	n := 100
	X := mat.NewDense(n, 2, nil)
	Y := mat.NewDense(n, 1, nil)
	for i := range n {
		X.Set(i, 0, float64(i))
		X.Set(i, 1, float64(i*i))
		Y.Set(i, 0, 3*float64(i)+5)
	}
	ds := &Dataset{Name: "lin", X: X, Y: Y}
	full, err := Prepare(ds, SplitOptions{Seed: 1})
	if err != nil {
		t.Fatal(err)
	}
	if r, _ := full.XTrain.Dims(); r != 90 {
		t.Errorf("train rows %d, want 90", r)
	}
	if r, _ := full.YTest.Dims(); r != 10 {
		t.Errorf("test rows %d, want 10", r)
	}
	// Full-data statistics: the mean of y is 3·49.5 + 5.
	if full.Std.YMean[0] != 153.5 {
		t.Errorf("full stats y mean %g, want 153.5", full.Std.YMean[0])
	}
	// Rows keep their pairing: test row k is data row Split.Test[k].
	for k, i := range full.Split.Test {
		if got := full.Std.InverseY(full.YTest).At(k, 0); math.Abs(got-Y.At(i, 0)) > 1e-12 {
			t.Fatalf("test row %d: y %g, want %g", k, got, Y.At(i, 0))
		}
	}
	tr, err := Prepare(ds, SplitOptions{Seed: 1, Stats: "train"})
	if err != nil {
		t.Fatal(err)
	}
	m, sd := stat.PopMeanStdDev(column(tr.YTrain, 0), nil)
	if math.Abs(m) > 1e-12 || math.Abs(sd-1) > 1e-12 {
		t.Errorf("train stats: standardised y train mean %g sd %g", m, sd)
	}
	for _, bad := range []SplitOptions{{Kind: "kfold"}, {Stats: "test"}} {
		if _, err := Prepare(ds, bad); err == nil {
			t.Errorf("%+v: no error", bad)
		}
	}
	small := &Dataset{Name: "tiny", X: mat.NewDense(5, 1, nil), Y: mat.NewDense(5, 1, nil)}
	if _, err := Prepare(small, SplitOptions{}); err == nil || !strings.Contains(err.Error(), "too few") {
		t.Errorf("5 rows: %v", err)
	}
}

func TestPrepareFixedShared(t *testing.T) {
	dir := shareddata.Dir(t, "uci")
	ds, err := LoadUCI(dir, "concrete")
	if err != nil {
		t.Fatal(err)
	}
	p, err := Prepare(ds, SplitOptions{Kind: "fixed", Index: 2, DataDir: dir})
	if err != nil {
		t.Fatal(err)
	}
	if r, c := p.XTrain.Dims(); r != 927 || c != 8 {
		t.Errorf("XTrain %d×%d", r, c)
	}
}

func TestPrepareToy(t *testing.T) {
	tr, xt, err := Toy("step", 0)
	if err != nil {
		t.Fatal(err)
	}
	p, err := PrepareToy(tr, xt)
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []*mat.Dense{p.XTrain, p.YTrain} {
		m, sd := stat.PopMeanStdDev(column(c, 0), nil)
		if math.Abs(m) > 1e-12 || math.Abs(sd-1) > 1e-12 {
			t.Errorf("standardised train column: mean %g sd %g", m, sd)
		}
	}
	// Test inputs use the training statistics: for step both grids are
	// linspace(0, 1, 500), so they standardise identically.
	if !mat.EqualApprox(p.XTest, p.XTrain, 1e-15) || p.YTest != nil || len(p.Split.Train) != 500 {
		t.Error("PrepareToy test inputs or split wrong")
	}
	if _, err := PrepareToy(tr, mat.NewDense(3, 2, nil)); err == nil {
		t.Error("no error for test inputs with 2 columns")
	}
}

// TestInverseYAt: the one-value inverses agree with InverseY bit for bit
// and scale a spread without the shift.
func TestInverseYAt(t *testing.T) {
	s := &Standardizer{YMean: []float64{1.5, -2}, YStd: []float64{0.3, 7}}
	Y := mat.NewDense(2, 2, []float64{0.1, -0.7, 2.25, 1e-3})
	inv := s.InverseY(Y)
	for i := range 2 {
		for d := range 2 {
			if got := s.InverseYAt(d, Y.At(i, d)); got != inv.At(i, d) {
				t.Errorf("InverseYAt(%d, %g) = %v, InverseY %v", d, Y.At(i, d), got, inv.At(i, d))
			}
		}
	}
	if got := s.InverseYScaleAt(1, 0.5); got != 3.5 {
		t.Errorf("InverseYScaleAt(1, 0.5) = %v, want 3.5", got)
	}
}

// TestInverseXAt: the one-value inverse of an input agrees with InverseX
// bit for bit, and InverseX undoes TransformX.
func TestInverseXAt(t *testing.T) {
	s := &Standardizer{XMean: []float64{-73.9, 40.7}, XStd: []float64{0.04, 0.03}}
	X := mat.NewDense(2, 2, []float64{-73.95, 40.75, -73.8, 40.6})
	Z := s.TransformX(X)
	inv := s.InverseX(Z)
	if !mat.EqualApprox(inv, X, 1e-12) {
		t.Errorf("InverseX(TransformX(X)) = %v, want %v", mat.Formatted(inv), mat.Formatted(X))
	}
	for i := range 2 {
		for d := range 2 {
			if got := s.InverseXAt(d, Z.At(i, d)); got != inv.At(i, d) {
				t.Errorf("InverseXAt(%d, %g) = %v, InverseX %v", d, Z.At(i, d), got, inv.At(i, d))
			}
		}
	}
}
