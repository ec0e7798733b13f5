package sweep

import (
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"
)

// writeForeignLock writes dir's lock.json as another process left it,
// with body as its contents and age as its heartbeat's age.
func writeForeignLock(t *testing.T, dir, body string, age time.Duration) {
	t.Helper()
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(dir, LockFile)
	if err := os.WriteFile(path, []byte(body), 0o644); err != nil {
		t.Fatal(err)
	}
	at := time.Now().Add(-age)
	if err := os.Chtimes(path, at, at); err != nil {
		t.Fatal(err)
	}
}

// deadPID returns the PID of a process that has exited (and been reaped).
func deadPID(t *testing.T) int {
	t.Helper()
	c := exec.Command("true")
	if err := c.Run(); err != nil {
		t.Skipf("cannot start a process: %v", err)
	}
	return c.Process.Pid
}

// TestLockTakeoverRaceHasOneWinner has two contenders take over the same
// stale lock (another host's, its heartbeat an hour old) at the same
// moment, 2000 times: never may both hold it. Taking over by remove and
// recreate let both win in about one trial in eight.
func TestLockTakeoverRaceHasOneWinner(t *testing.T) {
	dir := t.TempDir()
	const trials = 2000
	for i := range trials {
		writeForeignLock(t, dir, `{"host":"elsewhere","pid":4242,"started":"2026-01-01T00:00:00Z"}`, time.Hour)
		var ready, start sync.WaitGroup
		ready.Add(2)
		start.Add(1)
		var wins [2]func()
		var errs [2]error
		var done sync.WaitGroup
		for c := range 2 {
			done.Add(1)
			go func() {
				defer done.Done()
				ready.Done()
				start.Wait()
				wins[c], errs[c] = acquireLock(dir, time.Minute)
			}()
		}
		ready.Wait()
		start.Done()
		done.Wait()
		n := 0
		for c := range 2 {
			if errs[c] == nil {
				n++
			} else if !errors.Is(errs[c], errLocked) {
				t.Fatalf("trial %d: contender %d: %v", i, c, errs[c])
			}
		}
		for c := range 2 {
			if wins[c] != nil {
				wins[c]()
			}
		}
		if n != 1 {
			t.Fatalf("trial %d: %d contenders hold the lock, want exactly 1", i, n)
		}
	}
}

// TestLockLivePausedHolderKeepsLock pauses a live holder (its heartbeat
// three times --stale old, as a stopped or swapped-out process leaves it):
// its PID is alive in our namespace, so nobody takes its lock.
func TestLockLivePausedHolderKeepsLock(t *testing.T) {
	dir := t.TempDir()
	stale := time.Minute
	release, err := acquireLock(dir, stale)
	if err != nil {
		t.Fatal(err)
	}
	defer release()
	at := time.Now().Add(-3 * stale)
	if err := os.Chtimes(filepath.Join(dir, LockFile), at, at); err != nil {
		t.Fatal(err)
	}
	if st := StatusOf(dir, stale); st.State != Locked {
		t.Fatalf("status of a run whose live holder is paused: %v %s", st.State, st.Detail)
	}
	if r2, err := acquireLock(dir, stale); !errors.Is(err, errLocked) {
		if r2 != nil {
			r2()
		}
		t.Fatalf("a paused live holder's lock was taken over (err %v)", err)
	}
}

// TestLockOtherNamespaceFreshHeartbeatIsKept writes the lock of a holder
// on our host name but in another PID namespace (a container) whose PID
// looks dead from here: its heartbeat is fresh, so it is left alone; the
// same lock in our own namespace is taken at once (the PID check is
// trusted there), and the other namespace's once its heartbeat is old.
func TestLockOtherNamespaceFreshHeartbeatIsKept(t *testing.T) {
	boot, err := os.ReadFile("/proc/sys/kernel/random/boot_id")
	ns, nerr := os.Readlink("/proc/self/ns/pid")
	if err != nil || nerr != nil {
		t.Skip("no boot id or PID namespace on this system")
	}
	bootID := strings.TrimSpace(string(boot))
	host, _ := os.Hostname()
	pid := deadPID(t)
	lock := func(pidNS string) string {
		return `{"host":"` + host + `","pid":` + strconv.Itoa(pid) + `,"started":"2026-01-01T00:00:00Z","boot_id":"` + bootID + `","pid_ns":"` + pidNS + `"}`
	}
	dir := t.TempDir()
	writeForeignLock(t, dir, lock("pid:[1]"), 5*time.Second)
	if r, err := acquireLock(dir, time.Minute); !errors.Is(err, errLocked) {
		if r != nil {
			r()
		}
		t.Fatalf("a fresh lock from another PID namespace was taken (err %v)", err)
	}
	writeForeignLock(t, dir, lock("pid:[1]"), 2*time.Minute)
	r, err := acquireLock(dir, time.Minute)
	if err != nil {
		t.Fatalf("another namespace's lock with an old heartbeat was not taken: %v", err)
	}
	r()
	writeForeignLock(t, dir, lock(ns), 5*time.Second)
	r, err = acquireLock(dir, time.Minute)
	if err != nil {
		t.Fatalf("a dead holder's lock in our own namespace was not taken: %v", err)
	}
	r()
}

// TestLockEmptyOlderThanGraceIsTaken leaves an empty lock.json (a kill
// between creating and writing it): older than the grace period it is
// taken, younger it is not (its writer may be about to fill it).
func TestLockEmptyOlderThanGraceIsTaken(t *testing.T) {
	dir := t.TempDir()
	writeForeignLock(t, dir, "", 5*time.Second)
	if r, err := acquireLock(dir, 10*time.Minute); !errors.Is(err, errLocked) {
		if r != nil {
			r()
		}
		t.Fatalf("an empty lock 5 s old was taken (err %v)", err)
	}
	writeForeignLock(t, dir, "", time.Minute)
	r, err := acquireLock(dir, 10*time.Minute)
	if err != nil {
		t.Fatalf("an empty lock a minute old blocks the run: %v", err)
	}
	r()
	writeForeignLock(t, dir, `{"host":`, time.Minute)
	r, err = acquireLock(dir, 10*time.Minute)
	if err != nil {
		t.Fatalf("an unreadable lock a minute old blocks the run: %v", err)
	}
	r()
}
