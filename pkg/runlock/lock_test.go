package runlock

import (
	"encoding/json"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"
)

// setKnob sets *p to v for the test.
func setKnob(t *testing.T, p *time.Duration, v time.Duration) {
	old := *p
	*p = v
	t.Cleanup(func() { *p = old })
}

// age sets the lock file's heartbeat d in the past.
func age(t *testing.T, path string, d time.Duration) {
	t.Helper()
	at := time.Now().Add(-d)
	if err := os.Chtimes(path, at, at); err != nil {
		t.Fatal(err)
	}
}

// TestStaleRules checks the staleness judgement case by case, against a
// contender with a known identity.
func TestStaleRules(t *testing.T) {
	me := self()
	if me.BootID == "" || me.PIDNS == "" {
		t.Skip("no boot id or PID namespace on this system")
	}
	now := time.Now()
	stale := time.Minute
	live := Info{Host: me.Host, PID: me.PID, BootID: me.BootID, PIDNS: me.PIDNS, PIDStart: me.Start}
	reused := live
	reused.PIDStart = me.Start + 1 // our PID, but a process started at another time
	otherNS := live
	otherNS.PIDNS = "pid:[1]"
	otherBoot := live
	otherBoot.BootID = "another-boot"
	otherHost := live
	otherHost.Host = "elsewhere"
	for _, tc := range []struct {
		name  string
		h     Holder
		stale bool
	}{
		{"live, fresh", Holder{Info: live, Valid: true, Beat: now}, false},
		{"live, heartbeat 3x stale old", Holder{Info: live, Valid: true, Beat: now.Add(-3 * stale)}, false},
		{"PID reused", Holder{Info: reused, Valid: true, Beat: now}, true},
		{"other namespace, fresh", Holder{Info: otherNS, Valid: true, Beat: now.Add(-stale / 2)}, false},
		{"other namespace, old", Holder{Info: otherNS, Valid: true, Beat: now.Add(-2 * stale)}, true},
		{"other boot, fresh", Holder{Info: otherBoot, Valid: true, Beat: now}, false},
		{"other host, old", Holder{Info: otherHost, Valid: true, Beat: now.Add(-2 * stale)}, true},
		{"empty, young", Holder{Beat: now.Add(-Grace / 2)}, false},
		{"empty, past grace", Holder{Beat: now.Add(-2 * Grace)}, true},
	} {
		if got := tc.h.staleAt(now, stale, me); got != tc.stale {
			t.Errorf("%s: stale %v, want %v", tc.name, got, tc.stale)
		}
	}
}

// TestLivePausedHolderKeepsLock: a holder whose heartbeat stopped for 3x
// the contender's stale, but whose process lives in our namespace, keeps
// its lock; its heartbeat then goes on.
func TestLivePausedHolderKeepsLock(t *testing.T) {
	setKnob(t, &heartbeatEvery, 20*time.Millisecond)
	dir := t.TempDir()
	l, err := Acquire(dir, MinStale)
	if err != nil {
		t.Fatal(err)
	}
	defer l.Release()
	age(t, l.Path(), 3*MinStale)
	if _, err := Acquire(dir, MinStale); !errors.Is(err, ErrLocked) || !strings.Contains(err.Error(), "locked by") {
		t.Fatalf("contender on a paused live holder: %v", err)
	}
	called := false
	stop := l.OnLost(func() { called = true })
	waitBeat(t, dir)
	select {
	case <-l.Lost():
		t.Fatal("the holder lost its lock")
	default:
	}
	if stop(); called {
		t.Fatal("OnLost called its function on a lock still held")
	}
}

// TestStaleIsClampedToMinimum: a contender asking for a stale below
// MinStale still waits MinStale for a foreign heartbeat.
func TestStaleIsClampedToMinimum(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, FileName)
	if err := os.WriteFile(path, []byte(`{"host":"elsewhere","pid":7,"token":"aa"}`), 0o644); err != nil {
		t.Fatal(err)
	}
	age(t, path, 10*time.Second)
	if _, err := Acquire(dir, time.Second); !errors.Is(err, ErrLocked) {
		t.Fatalf("a 10 s old heartbeat was taken with stale 1 s: %v", err)
	}
	if err := CheckStale(time.Second); err == nil {
		t.Fatal("CheckStale accepts 1 s")
	}
	if err := CheckStale(MinStale); err != nil {
		t.Fatal(err)
	}
}

// TestHeartbeatAtFixedCadence: the heartbeat refreshes the lock's mtime
// at heartbeatEvery, whatever stale the holder was given.
func TestHeartbeatAtFixedCadence(t *testing.T) {
	setKnob(t, &heartbeatEvery, 20*time.Millisecond)
	dir := t.TempDir()
	l, err := Acquire(dir, time.Hour)
	if err != nil {
		t.Fatal(err)
	}
	defer l.Release()
	age(t, l.Path(), time.Hour)
	// The beat must come from the fixed cadence, not from the holder's
	// --stale (an hour here, which would mean a beat every 15 minutes).
	waitBeat(t, dir)
}

// waitBeat waits for dir's lock to show a heartbeat less than a minute
// old, polling: its deadline of 20 s is far above the tests' 20 ms
// cadence, so a loaded machine cannot fail it, and far below the
// minutes a cadence derived from --stale would take.
func waitBeat(t *testing.T, dir string) {
	t.Helper()
	deadline := time.Now().Add(20 * time.Second)
	for {
		if h, _ := Read(dir); time.Since(h.Beat) < time.Minute {
			return
		}
		if time.Now().After(deadline) {
			t.Fatal("no heartbeat within 20 s with a 20 ms cadence")
		}
		time.Sleep(10 * time.Millisecond)
	}
}

// TestReleaseOnlyOwnLock: a lock taken over while its holder was away is
// neither touched by the old holder's heartbeat nor removed by its
// release, and the old holder learns it lost it.
func TestReleaseOnlyOwnLock(t *testing.T) {
	setKnob(t, &heartbeatEvery, 20*time.Millisecond)
	dir := t.TempDir()
	l, err := Acquire(dir, MinStale)
	if err != nil {
		t.Fatal(err)
	}
	told := make(chan struct{})
	stop := l.OnLost(func() { close(told) })
	other := []byte(`{"host":"elsewhere","pid":7,"token":"bb"}`)
	if err := os.WriteFile(l.Path(), other, 0o644); err != nil {
		t.Fatal(err)
	}
	select {
	case <-l.Lost():
	case <-time.After(5 * time.Second):
		t.Fatal("the old holder was not told it lost the lock")
	}
	select {
	case <-told:
	case <-time.After(5 * time.Second):
		t.Fatal("OnLost did not call its function when the lock was lost")
	}
	stop()
	// The heartbeat must end once it finds the lock lost: wait for that
	// (bounded), so that no later beat can touch the file, then age it.
	ended := make(chan struct{})
	go func() { l.wg.Wait(); close(ended) }()
	select {
	case <-ended:
	case <-time.After(5 * time.Second):
		t.Fatal("the old holder's heartbeat goes on after it lost the lock")
	}
	age(t, l.Path(), time.Hour)
	l.Release()
	b, err := os.ReadFile(l.Path())
	if err != nil || string(b) != string(other) {
		t.Fatalf("release removed or changed another's lock: %q %v", b, err)
	}
	if h, _ := Read(dir); time.Since(h.Beat) < 30*time.Minute {
		t.Fatal("the old holder's heartbeat touched another's lock")
	}
}

// TestNoHalfWrittenLockOrLeftovers: a lock is never seen empty, and a
// holder's release leaves nothing behind; stale temporary files and
// takeover markers older than the grace are cleared by the next holder.
func TestNoHalfWrittenLockOrLeftovers(t *testing.T) {
	dir := t.TempDir()
	old := []string{"." + FileName + ".0123.tmp", "." + FileName + ".takeover-i1-0-0"}
	for _, n := range old {
		p := filepath.Join(dir, n)
		if err := os.WriteFile(p, nil, 0o644); err != nil {
			t.Fatal(err)
		}
		age(t, p, 2*Grace)
	}
	l, err := Acquire(dir, MinStale)
	if err != nil {
		t.Fatal(err)
	}
	if h, ok := Read(dir); !ok || !h.Valid || h.Token == "" {
		t.Fatalf("lock as read: %+v %v", h, ok)
	}
	l.Release()
	ents, _ := os.ReadDir(dir)
	if len(ents) != 0 {
		t.Fatalf("left behind: %v", ents)
	}
}

// TestAbandonedTakeoverMarker: a contender killed mid-takeover leaves its
// marker; within the grace nobody takes the lock, after it the next does.
func TestAbandonedTakeoverMarker(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, FileName)
	if err := os.WriteFile(path, []byte(`{"host":"elsewhere","pid":7,"token":"cc"}`), 0o644); err != nil {
		t.Fatal(err)
	}
	age(t, path, time.Hour)
	marker := filepath.Join(dir, "."+FileName+".takeover-cc")
	if err := os.WriteFile(marker, nil, 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := Acquire(dir, MinStale); !errors.Is(err, ErrLocked) {
		t.Fatalf("taken while another contender's takeover is under way: %v", err)
	}
	age(t, marker, 2*Grace)
	l, err := Acquire(dir, MinStale)
	if err != nil {
		t.Fatalf("an abandoned takeover blocks the lock: %v", err)
	}
	l.Release()
}

// TestThreeContendersOneWinner races three contenders, 300 times each on
// a free directory and on a stale lock: exactly one holds it every time.
func TestThreeContendersOneWinner(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, FileName)
	for i := range 600 {
		if i%2 == 1 {
			if err := os.WriteFile(path, []byte(`{"host":"elsewhere","pid":7,"token":"dd"}`), 0o644); err != nil {
				t.Fatal(err)
			}
			age(t, path, time.Hour)
		}
		var start, done sync.WaitGroup
		start.Add(1)
		locks := make([]*Lock, 3)
		errs := make([]error, 3)
		for c := range 3 {
			done.Add(1)
			go func() {
				defer done.Done()
				start.Wait()
				locks[c], errs[c] = Acquire(dir, MinStale)
			}()
		}
		start.Done()
		done.Wait()
		n := 0
		for c := range 3 {
			if errs[c] != nil && !errors.Is(errs[c], ErrLocked) {
				t.Fatalf("trial %d: %v", i, errs[c])
			}
			if locks[c] != nil {
				n++
				locks[c].Release()
			}
		}
		if n != 1 {
			t.Fatalf("trial %d: %d holders", i, n)
		}
	}
}

// TestZombieHolderIsDead: a holder killed but not yet reaped (kill(pid, 0)
// still finds it) frees its lock at once in our namespace.
func TestZombieHolderIsDead(t *testing.T) {
	me := self()
	if me.BootID == "" || me.PIDNS == "" {
		t.Skip("no boot id or PID namespace on this system")
	}
	c := exec.Command("true")
	if err := c.Start(); err != nil {
		t.Skip(err)
	}
	defer c.Wait()
	pid := c.Process.Pid
	deadline := time.Now().Add(5 * time.Second)
	for {
		if st, _ := procStat(pid); st == 'Z' {
			break
		}
		if time.Now().After(deadline) {
			t.Skip("the child did not become a zombie")
		}
		time.Sleep(5 * time.Millisecond)
	}
	_, start := procStat(pid)
	b, _ := json.Marshal(Info{Host: me.Host, PID: pid, BootID: me.BootID, PIDNS: me.PIDNS, PIDStart: start, Token: "ee"})
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, FileName), b, 0o644); err != nil {
		t.Fatal(err)
	}
	l, err := Acquire(dir, MinStale)
	if err != nil {
		t.Fatalf("a zombie holder's fresh lock was not taken: %v", err)
	}
	l.Release()
}
