package main

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/spf13/cobra"
)

// TestDemoPaperFigures: with --paper-figures the demo writes figure2.png
// and figure3.png beside the per-pair figures and notes the skipped panels.
func TestDemoPaperFigures(t *testing.T) {
	dir := t.TempDir()
	out, errOut, err := run(t, "demo", "-q", "--iterations", "3", "--models", "sgp,shgp", "--paper-figures", "--out", dir)
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range []string{"figure2.png", "figure3.png"} {
		path := filepath.Join(dir, f)
		if w, h := pngSize(t, path); w < 300 || h < 300 {
			t.Errorf("%s is %d x %d", f, w, h)
		}
		if !strings.Contains(out, "wrote "+path) {
			t.Errorf("output does not name %s: %s", path, out)
		}
	}
	if !strings.Contains(errOut, "figure 3 (ii) skipped") || !strings.Contains(errOut, "figure 3 (iii) skipped") {
		t.Errorf("log does not note the skipped panels: %s", errOut)
	}
}

// TestDemoIterations: --slgp-iterations defaults to 800 or --iterations if
// smaller, --paper sets 10000 everywhere and refuses explicit counts.
func TestDemoIterations(t *testing.T) {
	resolve := func(args ...string) (*demoOpts, error) {
		o := &demoOpts{models: []string{"sgp", "slgp"}}
		c := &cobra.Command{}
		c.Flags().IntVar(&o.iters, "iterations", demoIterations, "")
		c.Flags().IntVar(&o.slgpIters, "slgp-iterations", demoSLGPIterations, "")
		c.Flags().BoolVar(&o.paper, "paper", false, "")
		if err := c.Flags().Parse(args); err != nil {
			t.Fatal(err)
		}
		return o, o.resolveIterations(c)
	}
	for _, c := range []struct {
		args        []string
		iters, slgp int
	}{
		{nil, 2000, 800},
		{[]string{"--iterations", "20"}, 20, 20},
		{[]string{"--iterations", "20", "--slgp-iterations", "50"}, 20, 50},
		{[]string{"--slgp-iterations", "3000"}, 2000, 3000},
		{[]string{"--paper"}, 10000, 10000},
	} {
		o, err := resolve(c.args...)
		if err != nil {
			t.Fatalf("%v: %v", c.args, err)
		}
		if o.itersFor("sgp") != c.iters || o.itersFor("slgp") != c.slgp || o.itersFor("gpcde") != c.slgp {
			t.Errorf("%v: sgp %d, slgp %d; want %d, %d", c.args, o.itersFor("sgp"), o.itersFor("slgp"), c.iters, c.slgp)
		}
	}
	o, _ := resolve()
	if info := o.iterationInfo(); info != "2000 iterations, SLGP 800" {
		t.Errorf("iteration info %q", info)
	}
	for _, args := range [][]string{{"--paper", "--iterations", "5"}, {"--paper", "--slgp-iterations", "5"}, {"--iterations", "0"}} {
		if _, err := resolve(args...); err == nil || exitCode(err) != 2 {
			t.Errorf("%v: err %v, want a usage error", args, err)
		}
	}
}

// TestDemoJobOrder: the slow latent-input runs start first, the largest
// toy first.
func TestDemoJobOrder(t *testing.T) {
	o := &demoOpts{models: []string{"sgp", "shgp", "slgp"}, iters: 2000, slgpIters: 800}
	jobs := demoJobs(o, fakeToys)
	if len(jobs) != 9 {
		t.Fatalf("%d jobs", len(jobs))
	}
	want := []demoJob{{"slgp", "hetero"}, {"slgp", "step"}, {"slgp", "moons"}, {"sgp", "hetero"}}
	for i, w := range want {
		if jobs[i] != w {
			t.Fatalf("jobs start %v, want %v", jobs[:4], want)
		}
	}
}
