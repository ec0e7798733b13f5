// Package awake measures the time a process was able to run: wall time
// minus the gaps in which it was stopped by SIGSTOP (or SIGTSTP) and later
// continued. A stop shows as a ticker that looked late and a SIGCONT that
// arrived meanwhile; a process that was only slow (starved of CPU, swapping)
// gets no SIGCONT and keeps its time. Training times and the sweep's ETA
// use it, so that a run paused and continued later does not count the
// pause as training. (Go's monotonic clock does not advance while the
// machine is suspended, so suspends never counted.)
package awake

import (
	"sync"
	"time"
)

// Tick is how often the process clock looks at the wall clock, and Late
// how late a look must be, with a SIGCONT received since the previous
// one, to count as a stop.
const (
	Tick = time.Second
	Late = 2 * time.Second
)

// Clock is an awake clock: see New, Start and Now.
type Clock struct {
	mu     sync.Mutex
	start  time.Time
	last   time.Time
	paused time.Duration
	done   chan struct{}
	once   sync.Once
}

// New returns a clock started at t that counts only the looks it is given
// (Observe); Start adds the ticker and the SIGCONT watch.
func New(t time.Time) *Clock { return &Clock{start: t, last: t, done: make(chan struct{})} }

// Start returns a clock that looks at the wall clock every Tick until
// Stop. A look later than Late waits up to settle for a SIGCONT (the
// signal can reach the process just after its ticker) before it is
// judged.
func Start() *Clock {
	c := New(time.Now())
	cont, unwatch := watchContinue()
	go func() {
		t := time.NewTicker(Tick)
		defer t.Stop()
		defer unwatch()
		continued := false
		for {
			select {
			case <-c.done:
				return
			case <-cont:
				continued = true
			case <-t.C:
				now := time.Now()
				if !continued && now.Sub(c.lastLook()) > Late {
					select {
					case <-cont:
						continued = true
					case <-time.After(settle):
					}
				}
				c.Observe(now, continued)
				continued = false
			}
		}
	}()
	return c
}

// settle is how long a late look waits for its SIGCONT.
const settle = 250 * time.Millisecond

// lastLook is the time of the latest look.
func (c *Clock) lastLook() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.last
}

// Observe records a look at the wall clock at t; continued says whether
// the process was continued (SIGCONT) since the previous look. A gap
// since that look longer than Late, with continued, counts less one Tick
// as stopped time. Only the clock's ticker (and tests) look.
func (c *Clock) Observe(t time.Time, continued bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if gap := t.Sub(c.last); continued && gap > Late {
		c.paused += gap - Tick
	}
	if t.After(c.last) {
		c.last = t
	}
}

// At reads the clock at wall time t: the awake time to the latest look,
// plus the time since it. A gap since that look longer than Late is not
// judged yet (a stop or a slow process), so it counts as one Tick until
// the next look judges it; readings never decrease.
func (c *Clock) At(t time.Time) time.Duration {
	c.mu.Lock()
	defer c.mu.Unlock()
	extra := max(t.Sub(c.last), 0)
	if extra > Late {
		extra = Tick
	}
	return c.last.Sub(c.start) - c.paused + extra
}

// Since is the awake time since the clock started, read now.
func (c *Clock) Since() time.Duration { return c.At(time.Now()) }

// Stop ends the ticker and the SIGCONT watch; the clock can still be
// read.
func (c *Clock) Stop() { c.once.Do(func() { close(c.done) }) }

var (
	procOnce  sync.Once
	procClock *Clock
)

// Now is the process clock's reading: the awake time since its first
// use. Differences of two readings time an interval without the stops
// in it.
func Now() time.Duration {
	procOnce.Do(func() { procClock = Start() })
	return procClock.Since()
}
