package main

import (
	"image"
	"image/png"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/mgpteam/mgp/pkg/paper"
	"github.com/spf13/cobra"
)

// pngConfig returns the size of the PNG file at path.
func pngConfig(t *testing.T, path string) image.Config {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	cfg, err := png.DecodeConfig(f)
	if err != nil {
		t.Fatalf("%s: %v", path, err)
	}
	return cfg
}

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
		if cfg := pngConfig(t, path); cfg.Width < 300 || cfg.Height < 300 {
			t.Errorf("%s is %d x %d", f, cfg.Width, cfg.Height)
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
		c.Flags().IntVar(&o.iters, "iterations", paper.DemoIterations, "")
		c.Flags().IntVar(&o.slgpIters, "slgp-iterations", paper.DemoSlowIterations, "")
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
		if o.iters != c.iters || o.slgpIters != c.slgp {
			t.Errorf("%v: iterations %d, slgp %d; want %d, %d", c.args, o.iters, o.slgpIters, c.iters, c.slgp)
		}
	}
	for _, args := range [][]string{{"--paper", "--iterations", "5"}, {"--paper", "--slgp-iterations", "5"}, {"--iterations", "0"}} {
		if _, err := resolve(args...); err == nil || exitCode(err) != 2 {
			t.Errorf("%v: err %v, want a usage error", args, err)
		}
	}
}
