package runlock

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"syscall"
	"time"
)

// FileName is the lock's file in a run directory.
const FileName = "lock.json"

// The lock's timing rules.
const (
	// Heartbeat is how often a holder refreshes its lock's mtime.
	Heartbeat = 10 * time.Second
	// MinStale is the shortest stale a contender may use: three
	// heartbeats, so that a late heartbeat or two never frees a lock.
	MinStale = 3 * Heartbeat
	// Grace is how old an empty or unreadable lock file must be before it
	// counts as stale (a process killed between creating and writing it).
	Grace = 30 * time.Second
	// DefaultStale is the stale that `mgp train` and `mgp sweep` use
	// unless told otherwise.
	DefaultStale = 10 * time.Minute
)

// Knobs the tests turn down; the constants above in production.
var (
	heartbeatEvery = Heartbeat
	minStale       = MinStale
	grace          = Grace
)

// Info is what lock.json holds: who holds the lock and where it runs.
type Info struct {
	// Host is the holder's host name.
	Host string `json:"host"`
	// PID is the holder's process ID in its own PID namespace.
	PID int `json:"pid"`
	// Started is when the holder took the lock, RFC 3339 UTC.
	Started string `json:"started"`
	// BootID is the holder's kernel boot id (empty off Linux).
	BootID string `json:"boot_id,omitempty"`
	// PIDNS names the holder's PID namespace, as the link
	// /proc/self/ns/pid reads ("pid:[inode]"; empty off Linux).
	PIDNS string `json:"pid_ns,omitempty"`
	// PIDStart is the holder's start time in clock ticks after boot, which
	// tells a reused PID from the holder (0: unknown).
	PIDStart uint64 `json:"pid_start,omitempty"`
	// Token is random and tells this lock from any other.
	Token string `json:"token,omitempty"`
}

// Holder is a lock file as read from disk.
type Holder struct {
	Info
	// Beat is the last heartbeat (the file's mtime).
	Beat time.Time
	// Valid says the file named a holder; false for an empty or unreadable
	// file, whose Info is zero.
	Valid bool
	// key identifies this lock file for a takeover: its token, or for a
	// lock without one its inode, size and mtime.
	key string
}

// Read reads dir's lock; ok is false when there is none.
func Read(dir string) (h Holder, ok bool) {
	return read(filepath.Join(dir, FileName))
}

// read reads the lock file at path.
func read(path string) (Holder, bool) {
	f, err := os.Open(path)
	if err != nil {
		return Holder{}, false
	}
	defer f.Close()
	st, err := f.Stat()
	if err != nil {
		return Holder{}, false
	}
	h := Holder{Beat: st.ModTime()}
	b, err := io.ReadAll(io.LimitReader(f, 1<<16))
	if err == nil && json.Unmarshal(b, &h.Info) == nil && h.PID > 0 {
		h.Valid = true
	} else {
		h.Info = Info{}
	}
	h.key = h.Token
	if h.key == "" {
		var ino uint64
		if s, ok := st.Sys().(*syscall.Stat_t); ok {
			ino = uint64(s.Ino)
		}
		h.key = fmt.Sprintf("i%d-%d-%d", ino, st.Size(), st.ModTime().UnixNano())
	}
	return h, true
}

// Stale reports whether the lock may be taken over by a contender that
// uses stale (raised to MinStale): a holder in our host, boot and PID
// namespace is stale exactly when its process is gone, whatever its
// heartbeat; any other holder when its heartbeat is older than stale; an
// empty or unreadable lock when it is older than Grace.
func (h Holder) Stale(stale time.Duration) bool {
	return h.staleAt(time.Now(), max(stale, minStale), self())
}

// staleAt is Stale at time now for a contender me.
func (h Holder) staleAt(now time.Time, stale time.Duration, me identity) bool {
	age := now.Sub(h.Beat)
	switch {
	case !h.Valid:
		return age > grace
	case me.sameNamespace(h.Info):
		return !alive(h.PID, h.PIDStart)
	}
	return age > stale
}

// alive reports whether process pid (of our namespace) is running (not a
// zombie, which kill(pid, 0) still finds) and, when start is known, is the
// process that started then.
func alive(pid int, start uint64) bool {
	if err := syscall.Kill(pid, 0); errors.Is(err, syscall.ESRCH) {
		return false
	}
	state, s := procStat(pid)
	switch {
	case state == 'Z' || state == 'X':
		return false // exited, not yet reaped
	case start != 0 && s != 0 && s != start:
		return false // the PID was reused
	}
	return true
}

// String names the holder for messages.
func (h Holder) String() string {
	if h.Beat.IsZero() {
		return "a lock that kept changing while it was read (other processes are taking it)"
	}
	if !h.Valid {
		return fmt.Sprintf("a lock file that names no holder (empty or unreadable, written %s ago; it counts as stale after %s)",
			time.Since(h.Beat).Round(time.Second), grace)
	}
	since := h.Started
	if since == "" {
		since = "an unknown time"
	}
	return fmt.Sprintf("%s pid %d since %s (last heartbeat %s ago)", h.Host, h.PID, since, time.Since(h.Beat).Round(time.Second))
}

// ErrLocked is what a LockedError is: the run belongs to another process.
var ErrLocked = errors.New("locked by another process")

// LockedError reports a run directory whose lock another process holds.
type LockedError struct {
	// Dir is the run directory.
	Dir string
	// Holder is the lock as it was read.
	Holder Holder
}

// Error names the directory and the holder.
func (e *LockedError) Error() string {
	if !e.Holder.Valid {
		return fmt.Sprintf("%s: locked: %s", e.Dir, e.Holder)
	}
	return fmt.Sprintf("%s: locked by %s", e.Dir, e.Holder)
}

// Is makes errors.Is(err, ErrLocked) true.
func (e *LockedError) Is(target error) bool { return target == ErrLocked }

// CheckStale refuses a stale shorter than MinStale, which would free the
// lock of a live holder whose heartbeat is a little late.
func CheckStale(stale time.Duration) error {
	if stale < MinStale {
		return fmt.Errorf("must be at least %s (three of the lock's %s heartbeats)", MinStale, Heartbeat)
	}
	return nil
}
