package train

import (
	"fmt"
	"time"
)

// evalProgress writes evaluation's progress lines (EvalOptions.Progress).
type evalProgress struct {
	opts     EvalOptions
	n, nb    int
	start    time.Time
	last     time.Time
	reported bool
}

// newEvalProgress starts the clock of an evaluation of n points in nb
// blocks.
func newEvalProgress(opts EvalOptions, n, nb int) *evalProgress {
	if opts.now == nil {
		opts.now = time.Now
	}
	if opts.Label == "" {
		opts.Label = "evaluate"
	}
	p := &evalProgress{opts: opts, n: n, nb: nb}
	if opts.Progress != nil {
		p.start = opts.now()
	}
	return p
}

// block reports, when due, that the first done points (b blocks) are
// scored, with the ETA from the rate so far.
func (p *evalProgress) block(done, b int) {
	if p.opts.Progress == nil || b == p.nb {
		return
	}
	now := p.opts.now()
	el := now.Sub(p.start)
	if el < EvalProgressAfter || (p.reported && now.Sub(p.last) < EvalProgressEvery) {
		return
	}
	p.reported, p.last = true, now
	eta := time.Duration(float64(el) * float64(p.n-done) / float64(max(done, 1)))
	fmt.Fprintf(p.opts.Progress, "%s: %d/%d test points (block %d/%d), %s elapsed, ETA %s\n",
		p.opts.Label, done, p.n, b, p.nb, el.Round(time.Second), eta.Round(time.Second))
}

// done closes the report of an evaluation that reported progress or took
// EvalProgressAfter or longer.
func (p *evalProgress) done() {
	if p.opts.Progress == nil {
		return
	}
	el := p.opts.now().Sub(p.start)
	if !p.reported && el < EvalProgressAfter {
		return
	}
	fmt.Fprintf(p.opts.Progress, "%s: %d test points in %d blocks, %s\n", p.opts.Label, p.n, p.nb, el.Round(time.Second))
}
