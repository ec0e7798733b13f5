// Package awake measures the time a process was able to run: wall time
// minus the gaps in which it was stopped (SIGSTOP, a suspended machine),
// seen as ticks of a ticker that arrive late. Training times and the
// sweep's ETA use it, so that a run paused and continued later does not
// count the pause as training.
package awake

import (
	"sync"
	"time"
)

// Tick is how often the process clock looks at the wall clock, and Late
// how late a look must be to count as a stop: a stopped process misses
// its ticks, a busy one is at most a scheduling delay late.
const (
	Tick = time.Second
	Late = 5 * time.Second
)

// Clock is an awake clock. The zero value is not usable: see Start and
// Now.
type Clock struct {
	mu     sync.Mutex
	start  time.Time
	last   time.Time
	paused time.Duration
	done   chan struct{}
	once   sync.Once
}

// New returns a clock started at t that counts only the looks it is given
// (Observe); Start adds the ticker.
func New(t time.Time) *Clock { return &Clock{start: t, last: t, done: make(chan struct{})} }

// Start returns a clock that looks at the wall clock every Tick until
// Stop.
func Start() *Clock {
	c := New(time.Now())
	go func() {
		t := time.NewTicker(Tick)
		defer t.Stop()
		for {
			select {
			case <-c.done:
				return
			case <-t.C:
				c.Observe(time.Now())
			}
		}
	}()
	return c
}

// Observe records a look at the wall clock at t: a gap since the last
// look longer than Late counts, less one Tick, as stopped time.
func (c *Clock) Observe(t time.Time) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if gap := t.Sub(c.last); gap > Late {
		c.paused += gap - Tick
	}
	if t.After(c.last) {
		c.last = t
	}
}

// At is the awake time since the clock started, read at wall time t.
func (c *Clock) At(t time.Time) time.Duration {
	c.Observe(t)
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.last.Sub(c.start) - c.paused
}

// Since is the awake time since the clock started, read now.
func (c *Clock) Since() time.Duration { return c.At(time.Now()) }

// Stop ends the ticker; the clock can still be read.
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
