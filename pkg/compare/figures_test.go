package compare

import (
	"math"
	"testing"
)

// TestCurveCoverage: a uniform PIT histogram gives the nominal coverage at
// every level read off it; a U-shaped one (overconfident) gives less; the
// last level is the recorded 95 % coverage.
func TestCurveCoverage(t *testing.T) {
	uni := make([]int, 20)
	u := make([]int, 20)
	for i := range uni {
		uni[i] = 10
		u[i] = 2
	}
	u[0], u[19] = 80, 80
	got := CurveCoverage(ModelSummary{PITHist: uni, Cov95: MeanSD{Mean: 0.93}})
	for i, a := range CurveLevels[:len(CurveLevels)-1] {
		if math.Abs(got[i]-a) > 1e-12 {
			t.Errorf("uniform PIT: coverage %v at level %v", got[i], a)
		}
	}
	if got[len(got)-1] != 0.93 {
		t.Errorf("0.95 level: %v, want the recorded 0.93", got[len(got)-1])
	}
	over := CurveCoverage(ModelSummary{PITHist: u})
	for i, a := range CurveLevels[:len(CurveLevels)-1] {
		if !(over[i] < a) {
			t.Errorf("U-shaped PIT: coverage %v at level %v, want below", over[i], a)
		}
	}
}
