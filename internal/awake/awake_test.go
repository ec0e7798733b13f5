package awake

import (
	"testing"
	"time"
)

// TestClockLeavesOutStops: looks a second apart count in full; a gap of
// a minute with a SIGCONT (a stop) counts as one tick; the same gap
// without one (a process starved or swapping) counts in full; a read 3 s
// late is not a stop.
func TestClockLeavesOutStops(t *testing.T) {
	t0 := time.Date(2026, 11, 28, 0, 0, 0, 0, time.UTC)
	c := New(t0)
	sec := func(s int) time.Time { return t0.Add(time.Duration(s) * time.Second) }
	for s := 1; s <= 10; s++ {
		c.Observe(sec(s), false)
	}
	if got := c.At(sec(10)); got != 10*time.Second {
		t.Fatalf("10 s of ticks: %v", got)
	}
	c.Observe(sec(70), true) // stopped from 10 s to 69 s, then continued
	if got := c.At(sec(72)); got != 13*time.Second {
		t.Fatalf("after a 60 s stop, at 72 s wall: %v, want 13s", got)
	}
	c.Observe(sec(75), false)
	c.Observe(sec(74), true) // a look back in time changes nothing
	if got := c.At(sec(75)); got != 16*time.Second {
		t.Fatalf("at 75 s wall: %v, want 16s", got)
	}
	c.Observe(sec(135), false) // 60 s late without a SIGCONT: slow, not stopped
	if got := c.At(sec(135)); got != 76*time.Second {
		t.Fatalf("after 60 s without a look or a SIGCONT: %v, want 76s", got)
	}
}

// TestReadingsNeverDecrease: a reading taken while a late look is not
// judged yet counts the gap as one tick; whether the look then finds a
// stop or a slow process, later readings are not lower.
func TestReadingsNeverDecrease(t *testing.T) {
	t0 := time.Date(2026, 11, 28, 0, 0, 0, 0, time.UTC)
	for _, stopped := range []bool{true, false} {
		c := New(t0)
		c.Observe(t0.Add(time.Second), false)
		pending := c.At(t0.Add(61 * time.Second)) // 60 s since the last look, not judged
		if pending != 2*time.Second {
			t.Fatalf("reading over an unjudged gap: %v, want 2s", pending)
		}
		c.Observe(t0.Add(61*time.Second), stopped)
		if after := c.At(t0.Add(61 * time.Second)); after < pending {
			t.Fatalf("stopped %v: reading fell from %v to %v", stopped, pending, after)
		}
	}
}

// TestNowAdvances: the process clock runs with the wall clock when the
// process is not stopped.
func TestNowAdvances(t *testing.T) {
	a := Now()
	time.Sleep(20 * time.Millisecond)
	if d := Now() - a; d < 20*time.Millisecond || d > time.Minute {
		t.Fatalf("20 ms of sleep read as %v", d)
	}
}
