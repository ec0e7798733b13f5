package paper

import (
	"bytes"
	"errors"
	"strings"
	"testing"

	"github.com/mgpteam/mgp/pkg/report"
)

// TestRuns: Runs lists the runs in the layout asked for, and its refusals
// are input errors that keep report's typed error underneath (--compare's
// as an *OptionError of "compare" wrapping it).
func TestRuns(t *testing.T) {
	dir := "testdata/headline/runs"
	var out, errOut bytes.Buffer
	if err := Runs(&out, &errOut, []string{dir}, RunsOptions{Diags: RunsDefaultDiags}); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(out.String(), "| boston | sgp | paper | 0 | 20000 |") {
		t.Errorf("one row per run missing:\n%s", out.String())
	}
	out.Reset()
	if err := Runs(&out, &errOut, []string{dir}, RunsOptions{PerCell: true}); err != nil || !strings.Contains(out.String(), "| boston | sgp | paper | 20000 | 3 (0, 1, 2) |") {
		t.Errorf("per cell: %v\n%s", err, out.String())
	}

	var oe *OptionError
	err := Runs(&out, &errOut, []string{dir}, RunsOptions{PerCell: true, Compare: []string{"sgp"}})
	if !errors.As(err, &oe) || oe.Option != "compare" || !IsInput(err) {
		t.Errorf("--per-cell with --compare: %v", err)
	}
	var se *report.DuplicateSeedError
	err = Runs(&out, &errOut, []string{dir, dir}, RunsOptions{Compare: []string{"sgp/paper", "shgp/paper"}})
	if !errors.As(err, &oe) || !errors.As(err, &se) || !strings.HasPrefix(err.Error(), "compare: "+se.Error()) {
		t.Errorf("a directory given twice: %v", err)
	}
	var ie *report.IterationsError
	seven := 7
	if err := Runs(&out, &errOut, []string{dir}, RunsOptions{Iterations: &seven}); !errors.As(err, &ie) || !IsInput(err) {
		t.Errorf("no run of 7 iterations: %v", err)
	}
	var de *report.DiagError
	if err := Runs(&out, &errOut, []string{dir}, RunsOptions{Diags: []string{"bogus"}, CheckDiags: true}); !errors.As(err, &de) || !IsInput(err) {
		t.Errorf("a diagnostic no run reports: %v", err)
	}
}
