package sweep

import (
	"fmt"
	"io"
	"maps"
	"slices"
	"sync"
	"time"
)

// progress keeps the counts and writes one line per event.
type progress struct {
	mu      sync.Mutex
	w       io.Writer
	sum     Summary
	pending []Run             // not yet finished (including running)
	running map[string]Status // id -> where it started from (iteration, seconds so far)
	est     func(r Run, st Status) (float64, bool)
	jobs    int
	shared  bool // other processes take runs of the same sweep
	start   time.Time
	// clock times the runs: the process's awake clock (awake.Now), without
	// the time the process was stopped (nil: wall time since the first
	// reading).
	clock func() time.Duration
	// calibration: measured / estimated seconds of the runs completed
	// here, per model (a model that stops early and one that runs to its
	// cap scale apart).
	measured, estimated map[string]float64
	begun               map[string]time.Duration // clock reading at each run's start
	// seconds of the runs completed here, per model, for runs whose cost
	// the estimate does not know.
	taken map[string][]float64
}

// begin marks r as running from where st says it is (a checkpoint's
// iteration, and the training time to it).
func (p *progress) begin(r Run, st Status) {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.running == nil {
		p.running, p.begun = map[string]Status{}, map[string]time.Duration{}
	}
	p.running[r.ID()], p.begun[r.ID()] = st, p.now()
	verb := "started"
	if st.Iter > 0 {
		verb = fmt.Sprintf("resumed at iteration %d", st.Iter)
	}
	p.line(fmt.Sprintf("%s: %s", r.ID(), verb))
}

// finish removes r from the pending list, updates the counts and writes
// msg (if any) with the progress line.
func (p *progress) finish(r Run, count func(*Summary), msg string) {
	p.mu.Lock()
	defer p.mu.Unlock()
	before := p.sum.Completed
	count(&p.sum)
	completed := p.sum.Completed > before
	id := r.ID()
	for i, q := range p.pending {
		if q.ID() == id {
			p.pending = append(p.pending[:i], p.pending[i+1:]...)
			break
		}
	}
	if t0, ok := p.begun[id]; ok {
		took := (p.now() - t0).Seconds()
		if completed {
			if p.taken == nil {
				p.taken = map[string][]float64{}
			}
			p.taken[r.Model] = append(p.taken[r.Model], took)
		}
		if p.est != nil {
			if e, ok := p.est(r, p.running[id]); ok && completed {
				if p.measured == nil {
					p.measured, p.estimated = map[string]float64{}, map[string]float64{}
				}
				p.measured[r.Model] += took
				p.estimated[r.Model] += e
			}
		}
		delete(p.running, id)
		delete(p.begun, id)
	}
	if msg != "" {
		p.line(msg)
	}
}

// now reads the run clock: the awake clock, or wall time since the first
// reading when there is none.
func (p *progress) now() time.Duration {
	if p.clock != nil {
		return p.clock()
	}
	if p.start.IsZero() {
		p.start = time.Now()
	}
	return time.Since(p.start)
}

// line writes msg and the progress counts.
func (p *progress) line(msg string) {
	if p.w == nil {
		return
	}
	s := p.sum
	done := s.AlreadyDone + s.Completed
	left := len(p.pending) - len(p.running)
	fmt.Fprintf(p.w, "[sweep %s] %s | %d/%d done, %d running, %d failed, %d left%s\n",
		time.Since(p.start).Round(time.Second), msg, done, s.Total, len(p.running), s.Failed+s.SkippedFailed, left, p.eta())
}

// scale is the factor on model's estimates: how its runs completed here
// compared with their estimates, or where none has, how all runs
// completed here did (1 before any).
func (p *progress) scale(model string) float64 {
	if e := p.estimated[model]; e > 0 {
		return p.measured[model] / e
	}
	var m, e float64
	for _, k := range slices.Sorted(maps.Keys(p.estimated)) { // one order: the same sum every time
		m, e = m+p.measured[k], e+p.estimated[k]
	}
	if e > 0 {
		return m / e
	}
	return 1
}

// eta estimates the time to finish the pending runs with p.jobs at once,
// scaled by how the estimates compared with this session's measured runs
// (per model where its runs have completed here).
func (p *progress) eta() string {
	if len(p.pending) == 0 {
		return ""
	}
	total, local, unknown := 0.0, 0.0, 0
	for _, r := range p.pending {
		sec, ok := 0.0, false
		if p.est != nil {
			sec, ok = p.est(r, p.running[r.ID()]) // not running: from the start
		}
		if !ok {
			if t := p.taken[r.Model]; len(t) > 0 { // measured here: the median
				left := med(t)
				if t0, ok := p.begun[r.ID()]; ok { // less what a running run has done
					left = max(left-(p.now()-t0).Seconds(), 0)
				}
				local += left
				continue
			}
			unknown++
			continue
		}
		sec *= p.scale(r.Model)
		if t0, ok := p.begun[r.ID()]; ok {
			sec = max(sec-(p.now()-t0).Seconds(), 0)
		}
		total += sec
	}
	eta := time.Duration((total+local)/float64(p.jobs)) * time.Second
	r := time.Second
	if eta > time.Hour {
		r = time.Minute
	}
	s := fmt.Sprintf("; ETA %s", eta.Round(r))
	if unknown > 0 {
		s += fmt.Sprintf(" (+%d runs of unknown cost)", unknown)
	}
	if p.shared {
		s += " if no other task helps"
	}
	return s
}
