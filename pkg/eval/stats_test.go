package eval

import (
	"math"
	"testing"

	"gonum.org/v1/gonum/mat"
)

func TestRMSE(t *testing.T) {
	if got, want := RMSE([]float64{1, 2, 3}, []float64{1, 1, 1}), math.Sqrt(5.0/3); math.Abs(got-want) > 1e-15 {
		t.Fatalf("RMSE = %v, want %v", got, want)
	}
	if got := RMSE([]float64{2, 2}, []float64{2, 2}); got != 0 {
		t.Fatalf("RMSE of a perfect fit = %v", got)
	}
	if got := RMSE(nil, nil); !math.IsNaN(got) {
		t.Fatalf("RMSE of nothing = %v, want NaN", got)
	}
}

func TestSampleMeanStd(t *testing.T) {
	// Columns: {1, 2, 3, 6} and {10, 10, 10, 10}.
	m := mat.NewDense(4, 2, []float64{1, 10, 2, 10, 3, 10, 6, 10})
	mean, sd := SampleMeanStd(m)
	if mean[0] != 3 || mean[1] != 10 {
		t.Fatalf("means %v", mean)
	}
	// Deviations -2, -1, 0, 3: sum of squares 14, ddof 1 -> 14/3.
	if want := math.Sqrt(14.0 / 3); math.Abs(sd[0]-want) > 1e-15 || sd[1] != 0 {
		t.Fatalf("sds %v, want [%v 0]", sd, want)
	}
}

func TestSampleQuantiles(t *testing.T) {
	// Expected values follow numpy.quantile(..., method="linear"):
	// virtual index q*(n-1), linear between neighbours.
	cols := [][]float64{
		{3, 1, 4, 1, 5},      // sorted 1 1 3 4 5
		{50, 10, 40, 20, 30}, // sorted 10 20 30 40 50
		{0, 1, 2, math.NaN(), 4},
	}
	m := columnsMatrix(cols)
	probs := []float64{0, 0.1, 0.3, 0.5, 0.9, 1}
	want := [][]float64{
		{1, 1, 1.4, 3, 4.6, 5},
		{10, 14, 22, 30, 46, 50},
	}
	q := SampleQuantiles(m, probs)
	if r, c := q.Dims(); r != len(probs) || c != 3 {
		t.Fatalf("dims %d x %d", r, c)
	}
	for j, w := range want {
		for k := range probs {
			if got := q.At(k, j); math.Abs(got-w[k]) > 1e-12 {
				t.Errorf("column %d, q=%v: %v, want %v", j, probs[k], got, w[k])
			}
		}
	}
	for k := range probs {
		if !math.IsNaN(q.At(k, 2)) {
			t.Errorf("NaN column, q=%v: %v, want NaN", probs[k], q.At(k, 2))
		}
	}
	// The input must be left unsorted.
	if m.At(0, 0) != 3 || m.At(1, 0) != 1 {
		t.Fatal("SampleQuantiles modified its input")
	}
	defer func() {
		if recover() == nil {
			t.Fatal("probability 1.5 accepted")
		}
	}()
	SampleQuantiles(m, []float64{1.5})
}

func TestGaussianNLL(t *testing.T) {
	y := []float64{0, 1, -2}
	mu := []float64{0, 0, 1}
	v := []float64{1, 4, 0.5}
	var want float64
	for i := range y {
		want -= math.Log(math.Exp(-(y[i]-mu[i])*(y[i]-mu[i])/(2*v[i])) / math.Sqrt(2*math.Pi*v[i]))
	}
	want /= 3
	if got := GaussianNLL(y, mu, v); math.Abs(got-want) > 1e-14 {
		t.Fatalf("GaussianNLL = %v, want %v", got, want)
	}
}

// TestQuantile: the median of odd and even lengths, an interpolated
// quantile, and NaN for empty input or input holding NaN.
func TestQuantile(t *testing.T) {
	for _, c := range []struct {
		x    []float64
		p    float64
		want float64
	}{
		{[]float64{3, 1, 2}, 0.5, 2},
		{[]float64{4, 1, 3, 2}, 0.5, 2.5},
		{[]float64{10, 20, 30, 40, 50}, 0.1, 14},
		{[]float64{7}, 0.9, 7},
	} {
		if got := Quantile(c.x, c.p); math.Abs(got-c.want) > 1e-12 {
			t.Errorf("Quantile(%v, %v) = %v, want %v", c.x, c.p, got, c.want)
		}
	}
	if got := Quantile(nil, 0.5); !math.IsNaN(got) {
		t.Errorf("Quantile of nothing = %v, want NaN", got)
	}
	if got := Quantile([]float64{1, math.NaN()}, 0.5); !math.IsNaN(got) {
		t.Errorf("Quantile with NaN = %v, want NaN", got)
	}
	x := []float64{3, 1, 2}
	Quantile(x, 0.5)
	if x[0] != 3 || x[1] != 1 {
		t.Errorf("Quantile reordered its input: %v", x)
	}
}
