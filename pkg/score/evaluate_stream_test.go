package score

import (
	"context"
	"math"
	"math/rand/v2"
	"strings"
	"testing"
	"time"

	"github.com/mgpteam/mgp/pkg/eval"
	"github.com/mgpteam/mgp/pkg/models"
	"gonum.org/v1/gonum/mat"
)

// perPointModel draws each test point's samples from a generator seeded by
// the point's inputs alone (ignoring the generator it is given), so that
// its samples do not depend on how the test set is cut into blocks.
type perPointModel struct{ models.Model }

func (p perPointModel) Sample(X *mat.Dense, P int, _ *rand.Rand) (*mat.Dense, *mat.Dense) {
	n, dx := X.Dims()
	var out *mat.Dense
	for i := 0; i < n; i++ {
		var h uint64 = 1469598103934665603
		for _, v := range X.RawRowView(i) {
			h = (h ^ math.Float64bits(v)) * 1099511628211
		}
		ys, _ := p.Model.Sample(X.Slice(i, i+1, 0, dx).(*mat.Dense), P, rand.New(rand.NewPCG(h, 7)))
		_, c := ys.Dims()
		if out == nil {
			out = mat.NewDense(P, n*c, nil)
		}
		out.Slice(0, P, i*c, (i+1)*c).(*mat.Dense).Copy(ys)
	}
	return out, nil
}

// TestEvaluateStreamedMatchesWholeSet: with samples that do not depend on
// the blocks, the streamed evaluation in blocks of 7 points gives, bit for
// bit, the metrics, calibration and per-point log densities of scoring the
// whole set's samples at once (one m.Sample call, eval.KDELogDensities and
// one calibration pass over all points): the accumulation is the same
// operations in the same order. Two outputs, so each output's sums count.
func TestEvaluateStreamedMatchesWholeSet(t *testing.T) {
	inner, X, Y, sig := twoOutputSGP(t, 30, 10)
	m := perPointModel{inner}
	const P = 50
	n, dy := Y.Dims()

	// The whole set at once.
	ys, _ := m.Sample(X, P, nil)
	wantLD, err := eval.KDELogDensities(ys, Y, nil)
	if err != nil {
		t.Fatal(err)
	}
	perStd, nllStd, err := eval.KDENLLOutputs(ys, Y)
	if err != nil {
		t.Fatal(err)
	}
	cal := eval.NewCalibrationAccumulator(dy)
	if err := cal.Add(ys, Y); err != nil {
		t.Fatal(err)
	}
	wantCal := calibrationRecord(cal.Result(sig))

	ld := mat.NewDense(n, dy, nil)
	capF := 7 * P * dy
	got, err := evaluateBlocks(context.Background(), m, X, Y, sig, P, 3, Options{BlockFloats: capF, LogDensities: ld})
	if err != nil {
		t.Fatal(err)
	}
	if got.Blocks != (n+6)/7 || got.Blocks < 3 {
		t.Fatalf("%d blocks for %d points", got.Blocks, n)
	}
	sameBits := func(a, b float64) bool { return math.Float64bits(a) == math.Float64bits(b) }
	if !sameBits(got.NLLStd, nllStd) || !sameBits(got.NLL, eval.ToOriginalScaleOutputs(nllStd, sig)) {
		t.Errorf("streamed NLL_std %v, whole set %v", got.NLLStd, nllStd)
	}
	for d := range dy {
		if !sameBits(got.Outputs[d].NLLStd, perStd[d]) {
			t.Errorf("output %d: NLL_std %v streamed, %v whole", d, got.Outputs[d].NLLStd, perStd[d])
		}
	}
	if !mat.Equal(ld, wantLD) {
		t.Error("per-point log densities differ from the whole set's")
	}
	gc := got.Calibration
	if !sameBits(gc.CRPS, wantCal.CRPS) || !sameBits(gc.PITKS, wantCal.PITKS) || gc.Coverage50 != wantCal.Coverage50 ||
		gc.Coverage90 != wantCal.Coverage90 || gc.Coverage95 != wantCal.Coverage95 {
		t.Errorf("calibration streamed %+v, whole %+v", *gc, *wantCal)
	}
	// The RMSE of the whole set's sample means, per output (the same
	// differences and squares summed in point order).
	mean, _ := eval.SampleMeanStd(ys)
	for d := range dy {
		pred, y := make([]float64, n), make([]float64, n)
		for i := range n {
			pred[i], y[i] = mean[i*dy+d], Y.At(i, d)
		}
		if want := eval.RMSE(pred, y) * sig[d]; !sameBits(got.Outputs[d].RMSE, want) {
			t.Errorf("output %d: RMSE %v streamed, %v whole", d, got.Outputs[d].RMSE, want)
		}
	}
	// And the block cap does not matter to such a model.
	one, err := evaluateBlocks(context.Background(), m, X, Y, sig, P, 3, Options{BlockFloats: EvalBlockFloats})
	if err != nil || one.Blocks != 1 || !(sameBits(one.NLL, got.NLL) && sameBits(one.NLLStd, got.NLLStd) && sameBits(one.RMSE, got.RMSE) && one.NTest == got.NTest) {
		t.Errorf("one block: %v, %d blocks, %+v vs %+v", err, one.Blocks, one.Metrics, got.Metrics)
	}
}

// TestEvaluateBlockSubstreams: block b draws from BlockRNG(seed, b) alone
// (its log densities are those of its rows sampled with that generator,
// whatever came before), block 0's generator is the one evaluation always
// used, and different blocks get different streams.
func TestEvaluateBlockSubstreams(t *testing.T) {
	m, X, Y, sig := twoOutputSGP(t, 30, 10)
	const P, seed, rows = 40, 11, 9
	n, dy := Y.Dims()
	_, dx := X.Dims()
	ld := mat.NewDense(n, dy, nil)
	if _, err := evaluateBlocks(context.Background(), m, X, Y, sig, P, seed, Options{BlockFloats: rows * P * dy, LogDensities: ld}); err != nil {
		t.Fatal(err)
	}
	for _, b := range []int{0, 1, 2} {
		i0, i1 := b*rows, (b+1)*rows
		ys, _ := m.Sample(X.Slice(i0, i1, 0, dx).(*mat.Dense), P, BlockRNG(seed, b))
		want, err := eval.KDELogDensities(ys, Y.Slice(i0, i1, 0, dy).(*mat.Dense), nil)
		if err != nil {
			t.Fatal(err)
		}
		if !mat.Equal(want, ld.Slice(i0, i1, 0, dy)) {
			t.Errorf("block %d: log densities are not those of BlockRNG(seed, %d)", b, b)
		}
	}
	if BlockRNG(seed, 0).Uint64() != rand.New(rand.NewPCG(seed, 0)).Uint64() {
		t.Error("block 0 does not draw from PCG(seed, 0)")
	}
	a, b, c := BlockRNG(seed, 1).Uint64(), BlockRNG(seed, 2).Uint64(), BlockRNG(seed+1, 1).Uint64()
	if a == b || a == c || a == BlockRNG(seed, 0).Uint64() {
		t.Errorf("block streams coincide: %x %x %x", a, b, c)
	}
	if _, err := evaluateBlocks(context.Background(), m, X, Y, sig, P, seed, Options{BlockFloats: rows * P * dy, LogDensities: mat.NewDense(n-1, dy, nil)}); err == nil {
		t.Error("a log-density matrix of the wrong shape was accepted")
	}
}

// TestEvaluateProgress: a long evaluation reports points done and an ETA
// after EvalProgressAfter and then every EvalProgressEvery (never after the
// last block), then a closing line; a short one says nothing.
func TestEvaluateProgress(t *testing.T) {
	m, X, Y, sig := twoOutputSGP(t, 30, 10)
	const P, rows = 20, 3
	n, dy := Y.Dims()
	nb := (n + rows - 1) / rows
	run := func(step time.Duration) string {
		var clock time.Time
		var out strings.Builder
		opts := Options{Progress: &out, Label: "test", heartbeat: -1, now: func() time.Time { clock = clock.Add(step); return clock }}
		opts.BlockFloats = rows * P * dy
		if _, err := evaluateBlocks(context.Background(), m, X, Y, sig, P, 1, opts); err != nil {
			t.Fatal(err)
		}
		return out.String()
	}
	if s := run(time.Millisecond); s != "" {
		t.Errorf("a fast evaluation reported %q", s)
	}
	// 4 s per block: lines at 12 s, 20 s, 28 s, ... (every other block).
	s := run(4 * time.Second)
	lines := strings.Split(strings.TrimSpace(s), "\n")
	if want := (nb-4)/2 + 1; len(lines) != want+1 {
		t.Fatalf("%d lines for %d blocks (want %d and a closing line):\n%s", len(lines), nb, want, s)
	}
	if !strings.HasPrefix(lines[0], "test: 9/") || !strings.Contains(lines[0], "(block 4/") ||
		!strings.Contains(lines[0], "12s elapsed, ETA ") {
		t.Errorf("first line %q", lines[0])
	}
	if last := lines[len(lines)-1]; !strings.Contains(last, "test points in") || strings.Contains(last, "ETA") {
		t.Errorf("closing line %q", last)
	}
}

// TestEvalProgressHeartbeat: while the first block runs the heartbeat
// reports the evaluation alive (no ETA yet), then with an ETA from the
// blocks done; nothing before EvalProgressAfter; the real heartbeat
// goroutine stops when the evaluation ends.
func TestEvalProgressHeartbeat(t *testing.T) {
	var clock time.Time
	var out strings.Builder
	p := newEvalProgress(Options{Progress: &out, Label: "hb", heartbeat: -1, now: func() time.Time { return clock }}, 100, 4)
	clock = clock.Add(5 * time.Second)
	p.tick()
	if out.Len() != 0 {
		t.Fatalf("reported before %v: %q", EvalProgressAfter, out.String())
	}
	clock = clock.Add(6 * time.Second)
	p.tick()
	clock = clock.Add(time.Second)
	p.tick() // too soon after the last line
	if want := "hb: 0/100 test points (block 1/4 under way), 11s elapsed, ETA after the first block\n"; out.String() != want {
		t.Fatalf("got %q, want %q", out.String(), want)
	}
	clock = clock.Add(10 * time.Second) // 22 s
	p.block(25, 1)
	if !strings.HasSuffix(out.String(), "hb: 25/100 test points (block 2/4 under way), 22s elapsed, ETA 1m6s\n") {
		t.Errorf("after a block: %q", out.String())
	}
	p.finish(true)
	if !strings.HasSuffix(out.String(), "hb: 100 test points in 4 blocks, 22s\n") {
		t.Errorf("closing: %q", out.String())
	}
	// The goroutine: started with a writer, stopped by finish.
	q := newEvalProgress(Options{Progress: &strings.Builder{}}, 10, 1)
	if q.stop == nil {
		t.Fatal("no heartbeat")
	}
	q.finish(false)
	select {
	case <-q.stop:
	default:
		t.Error("heartbeat not stopped")
	}
}
