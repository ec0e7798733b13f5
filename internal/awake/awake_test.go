package awake

import (
	"testing"
	"time"
)

// TestClockLeavesOutStops: looks a second apart count in full; a gap of
// a minute (a SIGSTOP) counts as one tick; a read 3 s late is not a stop.
func TestClockLeavesOutStops(t *testing.T) {
	t0 := time.Date(2026, 11, 28, 0, 0, 0, 0, time.UTC)
	c := New(t0)
	sec := func(s int) time.Time { return t0.Add(time.Duration(s) * time.Second) }
	for s := 1; s <= 10; s++ {
		c.Observe(sec(s))
	}
	if got := c.At(sec(10)); got != 10*time.Second {
		t.Fatalf("10 s of ticks: %v", got)
	}
	c.Observe(sec(70)) // stopped from 10 s to 69 s
	if got := c.At(sec(72)); got != 13*time.Second {
		t.Fatalf("after a 60 s stop, at 72 s wall: %v, want 13s", got)
	}
	if got := c.At(sec(75)); got != 16*time.Second {
		t.Fatalf("at 75 s wall: %v, want 16s", got)
	}
	c.Observe(sec(74)) // a look back in time changes nothing
	if got := c.At(sec(75)); got != 16*time.Second {
		t.Fatalf("after an older look: %v, want 16s", got)
	}
}

// TestNowAdvances: the process clock runs with the wall clock when the
// process is not stopped.
func TestNowAdvances(t *testing.T) {
	a := Now()
	time.Sleep(20 * time.Millisecond)
	if d := Now() - a; d < 20*time.Millisecond || d > 5*time.Second {
		t.Fatalf("20 ms of sleep read as %v", d)
	}
}
