package plot

import (
	"math"
	"testing"
)

func TestExperts(t *testing.T) {
	x := grid(80, 0, 1)
	const nt = 3
	mean, sd, prob := make([][]float64, nt), make([][]float64, nt), make([][]float64, nt)
	for k := range nt {
		mean[k], sd[k], prob[k] = make([]float64, len(x)), make([]float64, len(x)), make([]float64, len(x))
		for i := range x {
			mean[k][i] = float64(k) - 0.5
			sd[k][i] = 0.05 + 0.1*float64(k)
			prob[k][i] = 0.1
		}
	}
	for i, v := range x { // expert 1 left of 0.5, expert 2 right of it, expert 3 never
		if v < 0.5 {
			prob[0][i] = 0.8
		} else {
			prob[1][i] = 0.8
		}
	}
	p, err := Experts("SMGP on step", x, mean, sd, prob, x, x)
	if err != nil {
		t.Fatal(err)
	}
	if got := UnlabelledAxes(p); len(got) > 0 {
		t.Errorf("unlabelled axes %v", got)
	}
	checkPNG(t, p)

	if _, err := Experts("bad", x, mean, sd[:2], prob, nil, nil); err == nil {
		t.Error("two sds for three experts accepted")
	}
	short := [][]float64{mean[0], mean[1][:3], mean[2]}
	if _, err := Experts("bad", x, short, sd, prob, nil, nil); err == nil {
		t.Error("short mean accepted")
	}
	if _, err := Experts("bad", nil, nil, nil, nil, nil, nil); err == nil {
		t.Error("empty input accepted")
	}
	mean[2][4] = math.NaN()
	if _, err := Experts("bad", x, mean, sd, prob, nil, nil); err == nil {
		t.Error("NaN mean accepted")
	}
}

func TestRunsOf(t *testing.T) {
	best := []int{0, 0, 1, 1, 0, 1, 0}
	idx := []int{0, 1, 2, 3, 4, 5, 6}
	got := runsOf(best, idx, 0)
	want := [][2]int{{0, 2}, {4, 5}, {6, 7}}
	if len(got) != len(want) {
		t.Fatalf("runs %v, want %v", got, want)
	}
	for i := range want {
		if got[i] != want[i] {
			t.Fatalf("runs %v, want %v", got, want)
		}
	}
	if r := runsOf(best, idx, 2); len(r) != 0 {
		t.Errorf("expert never best has runs %v", r)
	}
}
