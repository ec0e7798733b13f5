package plot

import (
	"math"
	"strconv"
	"testing"
)

func TestNiceTicks(t *testing.T) {
	for _, c := range []struct {
		lo, hi float64
		labels []string
	}{
		{-1.8, 1.8, []string{"-1.5", "-1.0", "-0.5", "0.0", "0.5", "1.0", "1.5"}},
		{-7.34, 4.34, []string{"-6", "-4", "-2", "0", "2", "4"}},
		{0, 1, []string{"0.0", "0.2", "0.4", "0.6", "0.8", "1.0"}},
		{-0.13, 0.1, []string{"-0.10", "-0.05", "0.00", "0.05", "0.10"}},
		{0, 10000, []string{"0", "2000", "4000", "6000", "8000", "10000"}},
	} {
		var got []string
		minor := 0
		for _, tk := range (NiceTicks{}).Ticks(c.lo, c.hi) {
			if tk.Value < c.lo-1e-12 || tk.Value > c.hi+1e-12 {
				t.Errorf("[%g, %g]: tick %g outside the range", c.lo, c.hi, tk.Value)
			}
			if tk.IsMinor() {
				minor++
				continue
			}
			got = append(got, tk.Label)
			if v, err := strconv.ParseFloat(tk.Label, 64); err != nil || math.Abs(v-tk.Value) > 1e-9*(c.hi-c.lo) {
				t.Errorf("[%g, %g]: label %q for value %g", c.lo, c.hi, tk.Label, tk.Value)
			}
		}
		if len(got) != len(c.labels) {
			t.Errorf("[%g, %g]: labels %v, want %v", c.lo, c.hi, got, c.labels)
			continue
		}
		for i := range got {
			if got[i] != c.labels[i] {
				t.Errorf("[%g, %g]: labels %v, want %v", c.lo, c.hi, got, c.labels)
				break
			}
		}
		if minor == 0 {
			t.Errorf("[%g, %g]: no minor ticks", c.lo, c.hi)
		}
	}
	if ts := (NiceTicks{}).Ticks(1, 1); len(ts) != 1 {
		t.Errorf("empty range: %d ticks, want 1", len(ts))
	}
}
