package main

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// writePointsCSV writes a points file as mgp eval --points-out does (the
// columns nytaxi_points.py reads): n points of NLL base, the one at index
// worst (if ≥ 0) raised to base+extra, durations 100+i.
func writePointsCSV(t *testing.T, dir, name string, n int, base, extra float64, worst int) {
	t.Helper()
	var b strings.Builder
	b.WriteString("test_row,duration_s,nll\n")
	for i := 0; i < n; i++ {
		v := base
		if i == worst {
			v += extra
		}
		fmt.Fprintf(&b, "%d,%d,%g\n", i, 100+i, v)
	}
	if err := os.WriteFile(filepath.Join(dir, name), []byte(b.String()), 0o644); err != nil {
		t.Fatal(err)
	}
}

// TestNYTaxiPointsScript runs scripts/analysis/nytaxi_points.py on two
// seeds of three runs whose statistics are known by construction (100
// points, so "the worst 1 %" is one point): merge joins them, perseed marks
// each seed's lowest and counts the seeds below SGP, seeds gives the mean
// without the worst point and the trimmed paired difference to SGP; a run
// on another test split is refused. It skips where python3 is missing.
func TestNYTaxiPointsScript(t *testing.T) {
	py, err := exec.LookPath("python3")
	if err != nil {
		t.Skip("python3 not found: scripts/analysis/nytaxi_points.py not tested")
	}
	script, err := filepath.Abs(repoFile("scripts", "analysis", "nytaxi_points.py"))
	if err != nil {
		t.Fatal(err)
	}
	src, out := t.TempDir(), filepath.Join(t.TempDir(), "points")
	for _, s := range []string{"s0", "s1"} {
		// SGP: 7 everywhere but 107 at point 0 (mean 8); SLGP: 6.5 but 56.5
		// at point 0 (mean 7).
		writePointsCSV(t, src, "sgp-paper-"+s+".csv", 100, 7, 100, 0)
		writePointsCSV(t, src, "slgp-paper-"+s+".csv", 100, 6.5, 50, 0)
	}
	// CVAE: 6 but 306 at point 1 on seed 0 (mean 9), 6 everywhere on seed 1.
	writePointsCSV(t, src, "cvae-paper-s0.csv", 100, 6, 300, 1)
	writePointsCSV(t, src, "cvae-paper-s1.csv", 100, 6, 0, -1)
	runPy := func(args ...string) string {
		t.Helper()
		b, err := exec.Command(py, append([]string{"-B", script}, args...)...).CombinedOutput()
		if err != nil {
			t.Fatalf("nytaxi_points.py %v: %v\n%s", args, err, b)
		}
		return string(b)
	}
	runPy("merge", src, out)
	rows := func(text string) map[string]string {
		m := map[string]string{}
		for _, l := range strings.Split(text, "\n") {
			if f := strings.SplitN(l, " | ", 2); len(f) == 2 {
				m[strings.TrimPrefix(f[0], "| ")] = f[1]
			}
		}
		return m
	}
	per := rows(runPy("perseed", out))
	for name, want := range map[string]string{
		"sgp/paper":  "8.000 | 8.000 | 8.000 ± 0.000 | 0 of 2 | – |",
		"slgp/paper": "**7.000** | 7.000 | 7.000 ± 0.000 | 1 of 2 | 2 of 2 |",
		"cvae/paper": "9.000 | **6.000** | 7.500 ± 1.500 | 1 of 2 | 1 of 2 |",
	} {
		if per[name] != want {
			t.Errorf("perseed %s: %q, want %q", name, per[name], want)
		}
	}
	// Without the worst point: SGP 7, SLGP 6.5, CVAE 6. Paired with SGP,
	// the largest and smallest point differences dropped: SLGP -0.5, CVAE
	// -1 (the outliers are those dropped).
	sd := rows(runPy("seeds", out))
	for name, want := range map[string]string{
		"slgp/paper": "2 | 7.000 ± 0.000 (7.000 to 7.000) | 2 of 2 | 6.500 ± 0.000 (6.500 to 6.500) | 2 of 2 | -0.500 ± 0.000 (-0.500 to -0.500) | 2 of 2 |",
		"cvae/paper": "2 | 7.500 ± 1.500 (6.000 to 9.000) | 1 of 2 | 6.000 ± 0.000 (6.000 to 6.000) | 2 of 2 | -1.000 ± 0.000 (-1.000 to -1.000) | 2 of 2 |",
	} {
		if sd[name] != want {
			t.Errorf("seeds %s: %q, want %q", name, sd[name], want)
		}
	}
	// A run whose durations differ is another test split.
	bad := t.TempDir()
	writePointsCSV(t, bad, "sgp-paper-s0.csv", 100, 7, 0, -1)
	writePointsCSV(t, bad, "slgp-paper-s0.csv", 99, 7, 0, -1)
	b, err := exec.Command(py, "-B", script, "merge", bad, filepath.Join(t.TempDir(), "p")).CombinedOutput()
	if err == nil || !strings.Contains(string(b), "another test split") {
		t.Errorf("merge of two splits: err = %v, output %s", err, b)
	}
}
