package sweep

import (
	"time"

	"github.com/mgpteam/mgp/pkg/runlock"
)

// lockInfo is a run's lock as read from disk (see package runlock, which
// `mgp train` shares).
type lockInfo struct{ runlock.Holder }

// stale reports whether the lock may be taken over (runlock's rules: a
// live holder in our PID namespace never is; another holder when its
// heartbeat is older than stale).
func (l lockInfo) stale(stale time.Duration) bool { return l.Holder.Stale(stale) }

// readLock reads dir's lock, if any.
func readLock(dir string) (lockInfo, bool) {
	h, ok := runlock.Read(dir)
	return lockInfo{h}, ok
}

// errLocked reports a run another live process holds.
var errLocked = runlock.ErrLocked

// acquireLock takes dir's lock (taking over a stale one) and keeps its
// heartbeat going until release is called.
func acquireLock(dir string, stale time.Duration) (release func(), err error) {
	l, err := runlock.Acquire(dir, stale)
	if err != nil {
		return nil, err
	}
	return l.Release, nil
}
