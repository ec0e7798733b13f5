package sweep

import (
	"sync"
	"time"
)

// awakeTick is how often the awake clock looks at the wall clock, and
// awakeLate how late a tick must be to count as a stop: a process stopped
// by SIGSTOP (or on a suspended machine) misses its ticks, while a busy one
// is at most a scheduling delay late.
const (
	awakeTick = time.Second
	awakeLate = 5 * time.Second
)

// awakeClock measures the time the process was able to run: wall time
// minus the gaps in which it was stopped. The sweep's ETA calibrates its
// cost model on runs timed by it, so that a run paused with SIGSTOP and
// continued later does not make every later estimate longer.
type awakeClock struct {
	mu     sync.Mutex
	start  time.Time
	last   time.Time
	paused time.Duration
	done   chan struct{}
	once   sync.Once
}

// startAwakeClock returns a running clock; stop ends its ticker.
func startAwakeClock() *awakeClock {
	now := time.Now()
	c := &awakeClock{start: now, last: now, done: make(chan struct{})}
	go func() {
		t := time.NewTicker(awakeTick)
		defer t.Stop()
		for {
			select {
			case <-c.done:
				return
			case <-t.C:
				c.observe(time.Now())
			}
		}
	}()
	return c
}

// observe records a look at the wall clock at now: a gap since the last
// look longer than awakeLate counts, less one tick, as stopped time.
func (c *awakeClock) observe(now time.Time) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if gap := now.Sub(c.last); gap > awakeLate {
		c.paused += gap - awakeTick
	}
	if now.After(c.last) {
		c.last = now
	}
}

// now is the awake time since the clock started.
func (c *awakeClock) now() time.Duration { return c.at(time.Now()) }

// at is the awake time since the clock started, read at wall time t.
func (c *awakeClock) at(t time.Time) time.Duration {
	c.observe(t)
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.last.Sub(c.start) - c.paused
}

// stop ends the ticker; the clock can still be read.
func (c *awakeClock) stop() { c.once.Do(func() { close(c.done) }) }
