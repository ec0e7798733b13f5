package data

import (
	"math"
	"slices"
	"strings"
	"testing"

	"gonum.org/v1/gonum/floats"
	"gonum.org/v1/gonum/mat"
	"gonum.org/v1/gonum/stat"
)

func TestToyShapesAndRanges(t *testing.T) {
	cases := []struct {
		name         string
		n            int
		xLo, xHi     float64 // inclusive range of the training inputs
		exactEnds    bool    // the inputs are a grid from xLo to xHi
		yLo, yHi     float64 // loose bounds on y
		firstTestX   float64 // NaN: not fixed
		lastTestX    float64
		testFromData bool // test grid spans [min x, max x] of the training set
	}{
		// hetero: at x = -2 the mean is -2.3 and the noise sd 3.4, so allow ±25 (6 sds).
		{"hetero", 1000, -2, 2, true, -25, 25, -2, 2, false},
		{"step", 500, 0, 1, true, -0.06, 1.06, 0, 1, false}, // 0.06 = 6 noise sds
		// moons: arcs span x in [-1, 2], y in [-0.5, 1]; noise sd 0.05 widens by < 0.3.
		{"moons", 200, -1.3, 2.3, false, -0.8, 1.3, math.NaN(), math.NaN(), true},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			tr, xt, err := Toy(c.name, 1)
			if err != nil {
				t.Fatal(err)
			}
			if tr.N() != c.n || tr.Dx() != 1 || tr.Dy() != 1 {
				t.Fatalf("train shape N=%d Dx=%d Dy=%d, want %d×1×1", tr.N(), tr.Dx(), tr.Dy(), c.n)
			}
			if r, cc := xt.Dims(); r != 500 || cc != 1 {
				t.Fatalf("test shape %d×%d, want 500×1", r, cc)
			}
			x, y, tx := column(tr.X, 0), column(tr.Y, 0), column(xt, 0)
			if floats.Min(x) < c.xLo || floats.Max(x) > c.xHi {
				t.Errorf("x range [%g, %g] outside [%g, %g]", floats.Min(x), floats.Max(x), c.xLo, c.xHi)
			}
			if c.exactEnds && (x[0] != c.xLo || x[len(x)-1] != c.xHi || !slices.IsSorted(x)) {
				t.Errorf("x is not the grid %g..%g", c.xLo, c.xHi)
			}
			if floats.Min(y) < c.yLo || floats.Max(y) > c.yHi {
				t.Errorf("y range [%g, %g] outside [%g, %g]", floats.Min(y), floats.Max(y), c.yLo, c.yHi)
			}
			if !slices.IsSorted(tx) {
				t.Error("test inputs not sorted")
			}
			lo, hi := c.firstTestX, c.lastTestX
			if c.testFromData {
				lo, hi = floats.Min(x), floats.Max(x)
			}
			if tx[0] != lo || tx[499] != hi {
				t.Errorf("test grid %g..%g, want %g..%g", tx[0], tx[499], lo, hi)
			}
		})
	}
}

func TestToyDeterminism(t *testing.T) {
	for _, name := range ToyNames() {
		a, at, _ := Toy(name, 7)
		b, bt, _ := Toy(name, 7)
		c, _, _ := Toy(name, 8)
		if !equalDense(a.X, b.X) || !equalDense(a.Y, b.Y) || !equalDense(at, bt) {
			t.Errorf("%s: same seed gave different data", name)
		}
		if mat.Equal(a.Y, c.Y) {
			t.Errorf("%s: seeds 7 and 8 gave identical y", name)
		}
	}
}

func TestToyUnknownName(t *testing.T) {
	_, _, err := Toy("spiral", 0)
	if err == nil || !strings.Contains(err.Error(), "hetero, step, moons") {
		t.Fatalf("want an error listing the toy names, got %v", err)
	}
}

// TestHeteroNoise checks the noise level against HeteroNoiseStd: the
// standardised residuals (y - mean)/g must have mean ≈ 0 and sd ≈ 1.
func TestHeteroNoise(t *testing.T) {
	tr, _, _ := Toy("hetero", 3)
	var z []float64
	for i := range tr.N() {
		x := tr.X.At(i, 0)
		g := HeteroNoiseStd(x)
		if g < 0 {
			t.Fatalf("negative noise sd %g at x=%g", g, x)
		}
		if g > 0.05 { // skip the points where the noise (nearly) vanishes
			z = append(z, (tr.Y.At(i, 0)-heteroMean(x))/g)
		}
	}
	m, sd := stat.PopMeanStdDev(z, nil)
	// ~900 draws: the mean's sd is ~0.033 and the sd's ~0.024; allow 4 of those.
	if math.Abs(m) > 0.14 || math.Abs(sd-1) > 0.1 {
		t.Errorf("standardised residuals: mean %.3f sd %.3f, want ≈ 0 and 1", m, sd)
	}
	// [C]'s form vanishes where cos 6x = -1, i.e. x = π/6.
	if g := HeteroNoiseStd(math.Pi / 6); g > 1e-15 {
		t.Errorf("HeteroNoiseStd(π/6) = %g, want 0", g)
	}
	if g := HeteroNoiseStd(0); g != 0.5 {
		t.Errorf("HeteroNoiseStd(0) = %g, want 0.5", g)
	}
}

// TestStepLevels checks that the step is 0 below 0.5 and 1 from 0.5 on.
func TestStepLevels(t *testing.T) {
	tr, _, _ := Toy("step", 2)
	for i := range tr.N() {
		x, y := tr.X.At(i, 0), tr.Y.At(i, 0)
		want := 0.0
		if x >= 0.5 {
			want = 1
		}
		if math.Abs(y-want) > 0.06 { // 6 noise sds
			t.Fatalf("x=%g y=%g, want about %g", x, y, want)
		}
	}
}

// TestMoonsArcs is models.md §11 item 9: 100 + 100 points; before noise the
// outer arc has y = sin t ≥ 0 and the inner arc y = 0.5 - sin t ≤ 0.5.
func TestMoonsArcs(t *testing.T) {
	x, y, outer := moonsNoiseless(200)
	nOut := 0
	for i := range x {
		if outer[i] {
			nOut++
			if y[i] < 0 || math.Abs(x[i]*x[i]+y[i]*y[i]-1) > 1e-12 {
				t.Fatalf("outer point %d = (%g, %g) is not on the upper unit half circle", i, x[i], y[i])
			}
		} else {
			dx, dy := x[i]-1, y[i]-0.5
			if y[i] > 0.5 || math.Abs(dx*dx+dy*dy-1) > 1e-12 {
				t.Fatalf("inner point %d = (%g, %g) is not on the lower circle around (1, 0.5)", i, x[i], y[i])
			}
		}
	}
	if nOut != 100 || len(x) != 200 {
		t.Fatalf("got %d outer of %d points, want 100 of 200", nOut, len(x))
	}
	// Arc end points: t = 0 and t = π.
	if x[0] != 1 || x[99] != -1 || x[100] != 0 || x[199] != 2 {
		t.Errorf("arc ends x = %g %g %g %g, want 1 -1 0 2", x[0], x[99], x[100], x[199])
	}
	// The generated set must be a shuffle plus small noise: every point is
	// within 5 noise sds (per coordinate, hence √2) of some arc point.
	tr, _, _ := Toy("moons", 4)
	for i := range tr.N() {
		px, py := tr.X.At(i, 0), tr.Y.At(i, 0)
		best := math.Inf(1)
		for k := range x {
			best = math.Min(best, math.Hypot(px-x[k], py-y[k]))
		}
		if best > 5*0.05*math.Sqrt2 {
			t.Fatalf("moons point (%g, %g) is %g from both arcs", px, py, best)
		}
	}
	// Shuffled: the first 100 rows must not all come from one arc.
	upper := 0
	for i := range 100 {
		if tr.Y.At(i, 0) > 0.25 && tr.X.At(i, 0) < 0 {
			upper++
		}
	}
	inner := 0
	for i := range 100 {
		if tr.X.At(i, 0) > 1.2 {
			inner++
		}
	}
	if inner == 0 || upper == 0 {
		t.Errorf("first 100 rows look unshuffled (outer-left %d, inner-right %d)", upper, inner)
	}
}

func TestLinspace(t *testing.T) {
	v := linspace(-2, 2, 5)
	if !slices.Equal(v, []float64{-2, -1, 0, 1, 2}) {
		t.Errorf("linspace(-2,2,5) = %v", v)
	}
	if v := linspace(3, 4, 1); !slices.Equal(v, []float64{3}) {
		t.Errorf("linspace(3,4,1) = %v", v)
	}
}
