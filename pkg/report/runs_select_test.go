package report

import (
	"errors"
	"slices"
	"testing"

	"github.com/mgpteam/mgp/pkg/results"
)

// TestRunSelection: ReportedDiags keeps the diagnostics some run reports
// (selected or last iteration's), CheckDiags names the first that none
// reports and the ones they have, FilterIterations keeps the runs of a
// count and lists the counts when none has it.
func TestRunSelection(t *testing.T) {
	files := []results.ResultFile{
		{Path: "a", Result: &results.Result{Iterations: 100, Diagnostics: map[string]float64{"nu0": 1}}},
		{Path: "b", Result: &results.Result{Iterations: 200, Selection: &results.Selection{LastDiagnostics: map[string]float64{"kl_w_mean": 2}}}},
		{Path: "c", Result: &results.Result{Iterations: 100}},
	}
	if got := ReportedDiags(files, []string{"q_w_mean_spread", "nu0", "last:kl_w_mean"}); !slices.Equal(got, []string{"nu0", "last:kl_w_mean"}) {
		t.Errorf("ReportedDiags = %v", got)
	}
	var de *DiagError
	if err := CheckDiags(files, []string{"nu0", "last:nuo"}); !errors.As(err, &de) || de.Key != "nuo" || !slices.Equal(de.Have, []string{"kl_w_mean", "nu0"}) {
		t.Errorf("CheckDiags: %v", err)
	}
	if err := CheckDiags(files[2:], []string{"nu0"}); !errors.As(err, &de) || len(de.Have) != 0 {
		t.Errorf("CheckDiags without diagnostics: %v", err)
	}
	if got, err := FilterIterations(files, 100); err != nil || len(got) != 2 || got[1].Path != "c" {
		t.Errorf("FilterIterations(100) = %v, %v", got, err)
	}
	var ie *IterationsError
	if _, err := FilterIterations(files, 7); !errors.As(err, &ie) || !slices.Equal(ie.Have, []int{100, 200}) {
		t.Errorf("FilterIterations(7): %v", err)
	}
	if _, err := FilterIterations(files, 0); !errors.As(err, &ie) || ie.Have != nil {
		t.Errorf("FilterIterations(0): %v", err)
	}
}
