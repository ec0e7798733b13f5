package verify

import (
	"strings"
	"testing"
)

// TestMaxTextNamesTheNLL: when another number differs more than the test
// NLL (a PIT bin's count), the report's column still gives the NLL's
// change; when the NLL is the largest it is not repeated.
func TestMaxTextNamesTheNLL(t *testing.T) {
	d := compareNumbers(map[string]float64{"nll": 2.5, "calibration.pit_hist[3]": 4},
		map[string]float64{"nll": 4.1, "calibration.pit_hist[3]": 6}, DefaultTolerance)
	got := maxText(Outcome{Diff: &d})
	if !strings.Contains(got, "pit_hist[3]") || !strings.Contains(got, "nll 2.5 → 4.1") {
		t.Errorf("maxText = %q, want the largest and the NLL's change", got)
	}
	d = compareNumbers(map[string]float64{"nll": 2.5}, map[string]float64{"nll": 4.5}, DefaultTolerance)
	if got := maxText(Outcome{Diff: &d}); strings.Contains(got, ";") {
		t.Errorf("maxText = %q, want the NLL once", got)
	}
}
