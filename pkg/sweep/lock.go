package sweep

import (
	"time"

	"github.com/mgpteam/mgp/pkg/runlock"
)

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
