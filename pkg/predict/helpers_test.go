package predict

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/mgpteam/mgp/pkg/config"
	"github.com/mgpteam/mgp/pkg/runconfig"
	"github.com/mgpteam/mgp/pkg/train"
)

// twoTargetCSV writes a CSV of n rows with input x and targets y1, y2 and
// returns its path.
func twoTargetCSV(t testing.TB, dir string, n int) string {
	t.Helper()
	var b strings.Builder
	b.WriteString("x,y1,y2\n")
	for i := range n {
		x := -2 + 4*float64(i)/float64(n-1)
		fmt.Fprintf(&b, "%g,%g,%g\n", x, x*x-1+0.1*float64(i%7-3), 3*x+0.2*float64(i%5-2))
	}
	path := filepath.Join(dir, "two.csv")
	if err := os.WriteFile(path, []byte(b.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

// trainedRun trains a short SGP on a two-target CSV in a new directory
// (extra overrides on top, e.g. data.split=none) and returns the run
// directory.
func trainedRun(t testing.TB, extra ...string) string {
	t.Helper()
	dir := t.TempDir()
	sets := append([]string{"model.name=sgp", "model.m=8", "data.kind=csv", "data.path=" + twoTargetCSV(t, dir, 120),
		"data.target=[y1, y2]", "train.iterations=30", "train.batch_size=0", "train.lr=0.03", "eval.samples=30"}, extra...)
	var ovs []config.Override
	for _, s := range sets {
		o, err := config.ParseSet(s)
		if err != nil {
			t.Fatal(err)
		}
		ovs = append(ovs, o)
	}
	cfg, err := runconfig.DecodeRunConfig(nil, ovs)
	if err != nil {
		t.Fatal(err)
	}
	run := filepath.Join(dir, "run")
	if _, err := train.Run(context.Background(), cfg, train.Options{OutDir: run, Quiet: true}); err != nil {
		t.Fatal(err)
	}
	return run
}
