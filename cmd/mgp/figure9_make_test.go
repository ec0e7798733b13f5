package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/mgpteam/mgp/pkg/paper"
	"github.com/mgpteam/mgp/pkg/sweep"
)

// TestMakeReproduceMNIST checks `make -n reproduce-mnist` with and without
// QUICK=1: it runs mgp sweep, table and figure9 on one sweep file
// (mnist-short.yaml with QUICK, mnist.yaml without) with flags the
// commands accept, writing results/table4.md and results/figures/figure9.png
// (table4-short.md and figure9-short.png with QUICK);
// the sweep file exists, declares at least Table 4's four headline rows,
// and figure9 finds one run directory for each of the paper's four
// (variants dw2 and dw16) in its tree.
func TestMakeReproduceMNIST(t *testing.T) {
	if _, err := exec.LookPath("make"); err != nil {
		t.Skip("make is not installed")
	}
	for _, quick := range []bool{true, false} {
		args := []string{"-n", "-s", "reproduce-mnist"}
		want := "configs/sweeps/mnist.yaml"
		if quick {
			args = append(args, "QUICK=1")
			want = "configs/sweeps/mnist-short.yaml"
		}
		cmd := exec.Command("make", args...)
		cmd.Dir = repoFile()
		out, err := cmd.CombinedOutput()
		if err != nil {
			t.Fatalf("make %v: %v\n%s", args, err, out)
		}
		seen := map[string]bool{}
		for _, line := range strings.Split(string(out), "\n") {
			f := strings.Fields(line)
			if len(f) < 2 || f[0] != "./bin/mgp" {
				continue
			}
			seen[f[1]] = true
			if !strings.Contains(line, want) {
				t.Errorf("QUICK=%v: %q does not use %s", quick, line, want)
			}
			var c interface{ ParseFlags([]string) error }
			g := &globalOpts{}
			switch f[1] {
			case "sweep":
				sc := newSweepCmd(g)
				sc.Flags().String("data-dir", "", "") // a persistent flag of the root command
				c = sc
			case "table":
				c = newTableCmd(g)
			case "figure9":
				c = newFigure9Cmd(g)
			default:
				t.Errorf("unexpected command %q", line)
				continue
			}
			if err := c.ParseFlags(f[2:]); err != nil {
				t.Errorf("%q: %v", line, err)
			}
		}
		for _, c := range []string{"sweep", "table", "figure9"} {
			if !seen[c] {
				t.Errorf("QUICK=%v: make reproduce-mnist does not run mgp %s:\n%s", quick, c, out)
			}
		}
		table, fig := "--markdown-out results/table4.md --csv-out results/table4.csv", "-o results/figures/figure9.png"
		if quick { // the 50,000-iteration table and figure keep results/table4.md and figure9.png
			table = "--markdown-out results/table4-short.md --csv-out results/table4-short.csv"
			fig = "-o results/figures/figure9-short.png"
		}
		for _, w := range []string{table, fig} {
			if !strings.Contains(string(out), w) {
				t.Errorf("QUICK=%v: no %q", quick, w)
			}
		}
		spec, err := sweep.ReadSpec(repoFile(want))
		if err != nil {
			t.Fatal(err)
		}
		if len(spec.Headline) < 4 {
			t.Errorf("%s: %d headline rows, want at least Table 4's 4", want, len(spec.Headline))
		}
		if !strings.Contains(string(out), "--variants dw2,dw16") {
			t.Errorf("QUICK=%v: figure9 does not keep the paper's d_w = 2 and 16 variants", quick)
		}
		dirs, err := paper.Figure9Runs(paper.Figure9Options{Sweep: repoFile(want), RunSeed: -1, Variants: []string{"dw2", "dw16"}})
		if err != nil || len(dirs) != 4 {
			t.Errorf("%s: figure9 runs %v, %v; want 4", want, dirs, err)
		}
		for _, d := range dirs {
			if !strings.Contains(filepath.ToSlash(d), "/mnist/") {
				t.Errorf("run %s is not an mnist run", d)
			}
		}
	}
	if _, err := os.Stat(repoFile("configs", "mnist", "slgp-dw2.yaml")); err != nil {
		t.Error(err)
	}
}
