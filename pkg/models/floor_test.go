package models

import (
	"flag"
	"fmt"
	"io"
	"math/rand/v2"
	"os"
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/mgpteam/mgp/internal/flops"
	ad "github.com/mgpteam/mgp/pkg/autodiff"
	"gonum.org/v1/gonum/mat"
)

var (
	floorOut    = flag.String("floor", "", "TestFloorTable: write the floor table (Markdown) to this file, - for stdout; empty skips the test")
	floorNote   = flag.String("floor.note", "", "TestFloorTable: a line for the table's header (commit, what else was running)")
	floorTime   = flag.Duration("floor.time", time.Second, "TestFloorTable: least time spent timing each step and each DGEMM")
	floorRun    = flag.String("floor.run", "", "TestFloorTable: only the steps whose shape/name contains this")
	floorShapes = flag.Int("floor.shapes", 0, "TestFloorTable: after the table, each step's N level-3 shapes that took the most BLAS time")
)

// floorCase is one training step of the floor table: a model at a shape,
// its batch and the training set size that scales its bound.
type floorCase struct {
	shape, name string
	build       func() (Model, error)
	X, Y        *mat.Dense
	n           int
}

// floorCases are the steps of pkg/models' step benchmarks: every model at
// the UCI shape (bench_test.go: B = 512, M = 100, d = 8; SMGP and DAGP with
// T = 4), every model at the nytaxi shape (nytaxi_bench_test.go: B = 1024,
// M = 500, MLPs [256, 128, 64, 32]) and the mnist SLGP and heteroscedastic
// CVAE at d_w = 2 and 16 (mnist_bench_test.go: B = 64, P = 784, MLPs
// [512, 512, 512]).
func floorCases() []floorCase {
	var cs []floorCase
	X, Y, spec := benchData()
	uci := map[string]func() (Model, error){
		"sgp":   func() (Model, error) { return NewSGP(defaultSGPConfig(), spec) },
		"shgp":  func() (Model, error) { return NewSHGP(defaultHeteroConfig(), spec) },
		"svhgp": func() (Model, error) { return NewSVHGP(defaultHeteroConfig(), spec) },
		"gpcde": func() (Model, error) { return NewGPCDE(DefaultGPCDEConfig(), spec) },
		"slgp":  func() (Model, error) { return NewSLGP(DefaultSLGPConfig(), spec) },
		"smgp":  func() (Model, error) { return NewSMGP(DefaultSMGPConfig(), spec) },
		"dagp":  func() (Model, error) { return NewDAGP(DefaultDAGPConfig(), spec) },
		"hnn":   func() (Model, error) { return NewHNN(defaultHNNConfig(), spec) },
		"mdn":   func() (Model, error) { return NewMDN(defaultMDNConfig(), spec) },
		"cvae":  func() (Model, error) { return NewCVAE(defaultCVAEConfig(), spec) },
	}
	for _, name := range floorModels {
		cs = append(cs, floorCase{"uci B=512 M=100", name, uci[name], X, Y, 10000})
	}
	tX, tY, tspec := taxiData()
	taxi := taxiBuilders(tspec)
	for _, name := range floorModels {
		cs = append(cs, floorCase{"nytaxi B=1024 M=500", name, taxi[name], tX, tY, taxiN})
	}
	mX, mY, mspec := mnistBenchData()
	for _, dw := range []int{2, 16} {
		cs = append(cs, floorCase{"mnist B=64 P=784", fmt.Sprintf("slgp dw=%d", dw), func() (Model, error) {
			cfg := DefaultSLGPConfig()
			cfg.DW, cfg.Hidden = dw, []int{512, 512, 512}
			return NewSLGP(cfg, mspec)
		}, mX, mY, mnistBenchN})
		cs = append(cs, floorCase{"mnist B=64 P=784", fmt.Sprintf("cvae-hete dw=%d", dw), func() (Model, error) {
			cfg := defaultCVAEConfig()
			cfg.DW, cfg.Hidden, cfg.Decoder = dw, []int{512, 512, 512}, decoderHetero
			return NewCVAE(cfg, mspec)
		}, mX, mY, mnistBenchN})
	}
	return cs
}

// floorModels orders the models of the UCI and nytaxi rows.
var floorModels = []string{"sgp", "shgp", "svhgp", "gpcde", "slgp", "smgp", "dagp", "hnn", "mdn", "cvae"}

// trainStep returns one training step of m on (X, Y) as benchStepN times
// it: objective, backward, Adam update.
func trainStep(m Model, X, Y *mat.Dense, n int) func() {
	tp := ad.NewTape()
	opt := ad.NewAdam(m.Params(), 0.005)
	rng := rand.New(rand.NewPCG(2, 2))
	return func() {
		tp.Reset()
		o := m.Objective(tp, Step{X: X, Y: Y, N: n, Rng: rng})
		tp.Backward(tp.Neg(o))
		opt.Step()
	}
}

// TestFloorTable writes the floor table (internal/flops): per training
// step of floorCases its GFLOP counted from the BLAS calls it makes, its
// time, its rate, the rate of a DGEMM of its dominant level-3 shape timed
// in the same process, and the ratio of the step's time to the time of its
// flops at that rate. It runs only with -floor (make bench-floor); it
// swaps gonum's BLAS implementation while it counts, so it must not run in
// parallel with other tests (it does not call t.Parallel, and no test of
// this package does).
func TestFloorTable(t *testing.T) {
	if *floorOut == "" {
		t.Skip("floor table: run with -floor FILE (make bench-floor)")
	}
	var rows []flops.Row
	for _, c := range floorCases() {
		if *floorRun != "" && !strings.Contains(c.shape+"/"+c.name, *floorRun) {
			continue
		}
		m, err := c.build()
		if err != nil {
			t.Fatalf("%s %s: %v", c.shape, c.name, err)
		}
		r := flops.Measure(c.name, c.shape, trainStep(m, c.X, c.Y, c.n), flops.Shape{M: benchB, N: benchM, K: benchM}, 3, *floorTime)
		t.Logf("%s %s: %.4g GFLOP, %v cpu/step, step/floor %.2f", c.shape, c.name, r.Counts.GFLOP(), r.Time.CPU, r.Ratio())
		rows = append(rows, r)
	}
	w := io.Writer(os.Stdout)
	if *floorOut != "-" {
		f, err := os.Create(*floorOut)
		if err != nil {
			t.Fatal(err)
		}
		defer f.Close()
		w = f
	}
	fmt.Fprintf(w, "Floor table: BLAS backend %s, %s, GOMAXPROCS %d, %s, load average %s.\n",
		ad.Backend(), runtime.Version(), runtime.GOMAXPROCS(0), time.Now().UTC().Format("2006-01-02 15:04 UTC"), loadAvg())
	if *floorNote != "" {
		fmt.Fprintf(w, "%s\n", *floorNote)
	}
	fmt.Fprintf(w, "GFLOP counted from the BLAS calls of one step (internal/flops); times are medians over at least %v per step; GFLOP/s and floor from the CPU time.\n\n", *floorTime)
	if err := flops.WriteTable(w, rows); err != nil {
		t.Fatal(err)
	}
	if *floorShapes > 0 {
		for _, r := range rows {
			if err := r.WriteShapes(w, *floorShapes); err != nil {
				t.Fatal(err)
			}
		}
	}
}

// loadAvg is the first three fields of /proc/loadavg, or "unknown".
func loadAvg() string {
	b, err := os.ReadFile("/proc/loadavg")
	if f := strings.Fields(string(b)); err == nil && len(f) >= 3 {
		return strings.Join(f[:3], " ")
	}
	return "unknown"
}
