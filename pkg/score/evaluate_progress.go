package score

import (
	"fmt"
	"sync"
	"time"
)

// evalHeartbeat is how often a running evaluation checks whether a
// progress line is due while a block is being sampled.
const evalHeartbeat = time.Second

// evalProgress writes evaluation's progress lines (Options.Progress):
// after every block and, while a long block runs, from a heartbeat, so a
// block that takes minutes (SLGP's 20,000 points x 200 samples at M = 500)
// still shows the evaluation alive. The mutex orders the two writers.
type evalProgress struct {
	opts     Options
	n, nb    int
	start    time.Time
	mu       sync.Mutex
	last     time.Time
	reported bool
	done     int // points scored
	blocks   int // blocks scored
	stop     chan struct{}
	wg       sync.WaitGroup
}

// newEvalProgress starts the clock of an evaluation of n points in nb
// blocks, and its heartbeat when it reports at all.
func newEvalProgress(opts Options, n, nb int) *evalProgress {
	if opts.now == nil {
		opts.now = time.Now
	}
	if opts.Label == "" {
		opts.Label = "evaluate"
	}
	p := &evalProgress{opts: opts, n: n, nb: nb}
	if opts.Progress == nil {
		return p
	}
	p.start = opts.now()
	if opts.heartbeat >= 0 {
		p.stop = make(chan struct{})
		p.wg.Add(1)
		go p.beat(max(opts.heartbeat, evalHeartbeat))
	}
	return p
}

// beat calls tick every d until the evaluation ends.
func (p *evalProgress) beat(d time.Duration) {
	defer p.wg.Done()
	t := time.NewTicker(d)
	defer t.Stop()
	for {
		select {
		case <-p.stop:
			return
		case <-t.C:
			p.tick()
		}
	}
}

// block records that the first done points (b blocks) are scored and
// reports it when due (never after the last block: done closes).
func (p *evalProgress) block(done, b int) {
	if p.opts.Progress == nil {
		return
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	p.done, p.blocks = done, b
	if b < p.nb {
		p.report()
	}
}

// tick reports, when due, while a block is being scored.
func (p *evalProgress) tick() {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.blocks < p.nb {
		p.report()
	}
}

// report writes a line when the evaluation has run EvalProgressAfter and
// the last line is EvalProgressEvery old: the points done, the block under
// way and, once a block is done, the ETA from the rate so far. p.mu is held.
func (p *evalProgress) report() {
	now := p.opts.now()
	el := now.Sub(p.start)
	if el < EvalProgressAfter || (p.reported && now.Sub(p.last) < EvalProgressEvery) {
		return
	}
	p.reported, p.last = true, now
	eta := "after the first block"
	if p.done > 0 {
		eta = time.Duration(float64(el) * float64(p.n-p.done) / float64(p.done)).Round(time.Second).String()
	}
	fmt.Fprintf(p.opts.Progress, "%s: %d/%d test points (block %d/%d under way), %s elapsed, ETA %s\n",
		p.opts.Label, p.done, p.n, p.blocks+1, p.nb, el.Round(time.Second), eta)
}

// finish stops the heartbeat and closes the report of an evaluation that
// reported progress or took EvalProgressAfter or longer; it is called once,
// on every return of the evaluation.
func (p *evalProgress) finish(ok bool) {
	if p.opts.Progress == nil {
		return
	}
	if p.stop != nil {
		close(p.stop)
		p.wg.Wait()
	}
	el := p.opts.now().Sub(p.start)
	if !ok || (!p.reported && el < EvalProgressAfter) {
		return
	}
	fmt.Fprintf(p.opts.Progress, "%s: %d test points in %d blocks, %s\n", p.opts.Label, p.n, p.nb, el.Round(time.Second))
}
