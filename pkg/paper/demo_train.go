package paper

import (
	"context"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"sync"

	"github.com/mgpteam/mgp/pkg/data"
	"github.com/mgpteam/mgp/pkg/train"
)

// demoJob is one (model, toy) training of the demo.
type demoJob struct{ model, toy string }

// demoJobs lists the demo's trainings, the costliest first so that the
// long ones do not start last: latent-input models before the others,
// larger toy cases (hetero 1000 points, step 500, moons 200) before
// smaller ones. The order changes only the wall time, not the results.
func demoJobs(o DemoOptions, toys []string) []demoJob {
	var jobs []demoJob
	for _, m := range o.Models {
		for _, toy := range toys {
			jobs = append(jobs, demoJob{m, toy})
		}
	}
	cost := func(j demoJob) int {
		c := o.itersFor(j.model) * (len(toys) - slices.Index(toys, j.toy))
		if slowModel(j.model) {
			c *= 15
		}
		return c
	}
	slices.SortStableFunc(jobs, func(a, b demoJob) int { return cost(b) - cost(a) })
	return jobs
}

// demoTrainAll trains every (model, toy) pair, o.Jobs at a time, draws each
// pair's figures and returns the test NLLs by model and toy and the fits
// for the paper's figures. Every run has its own seeded RNG, so the numbers
// do not depend on o.Jobs; with more than one job the progress bar gives
// way to plain log lines.
func demoTrainAll(ctx context.Context, o DemoOptions) (map[string]map[string]float64, toyFits, error) {
	jobs := demoJobs(o, data.ToyNames())
	tty := train.IsTerminal(os.Stderr) && o.Jobs == 1
	var logw = o.Log
	if o.Jobs > 1 {
		logw = &lockedWriter{w: o.Log}
	}
	nlls := make([]float64, len(jobs))
	outs := make([]*train.Outcome, len(jobs))
	errs := make([]error, len(jobs))
	sem := make(chan struct{}, o.Jobs)
	var wg sync.WaitGroup
	var plotMu sync.Mutex // gonum/plot's font cache is shared: draw one figure at a time
	for i, j := range jobs {
		wg.Add(1)
		sem <- struct{}{}
		go func() {
			defer func() { <-sem; wg.Done() }()
			cfg := toyRunConfig(j.model, j.toy, o.itersFor(j.model), o.Seed)
			out, err := train.Run(ctx, cfg, train.Options{Log: logw, TTY: tty, Quiet: o.Quiet})
			if err != nil {
				errs[i] = fmt.Errorf("%s on %s: %w", j.model, j.toy, err)
				return
			}
			nlls[i], outs[i] = out.Result.Metrics.NLLStd, out
			plotMu.Lock()
			defer plotMu.Unlock()
			errs[i] = demoFigure(fitOf(out, j.toy), filepath.Join(o.Out, fmt.Sprintf("%s-%s.png", j.toy, j.model)), o.Seed)
		}()
	}
	wg.Wait()
	nll := map[string]map[string]float64{}
	fits := toyFits{}
	for i, j := range jobs {
		if errs[i] != nil {
			return nil, nil, errs[i]
		}
		if nll[j.model] == nil {
			nll[j.model] = map[string]float64{}
		}
		nll[j.model][j.toy] = nlls[i]
		fits.add(j.model, fitOf(outs[i], j.toy))
	}
	return nll, fits, nil
}

// fitOf is the toyFit of a finished toy run.
func fitOf(out *train.Outcome, toy string) *toyFit {
	return &toyFit{model: out.Model, toy: toy, xTrain: out.Exp.XTrain, yTrain: out.Exp.YTrain, xTest: out.Exp.PlotX}
}

// lockedWriter serialises writes from concurrent trainings.
type lockedWriter struct {
	mu sync.Mutex
	w  io.Writer
}

// Write writes p to the underlying writer under the lock.
func (l *lockedWriter) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.w.Write(p)
}
