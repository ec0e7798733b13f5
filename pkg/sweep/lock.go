package sweep

import (
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"sync"
	"syscall"
	"time"
)

// lockInfo is what lock.json holds; its mtime is the heartbeat.
type lockInfo struct {
	Host    string `json:"host"`
	PID     int    `json:"pid"`
	Started string `json:"started"`
	mtime   time.Time
}

// stale reports whether the holder is gone: no heartbeat for longer than
// stale, or a dead process on this host.
func (l lockInfo) stale(stale time.Duration) bool {
	if time.Since(l.mtime) > stale {
		return true
	}
	if h, _ := os.Hostname(); h == l.Host && l.PID > 0 {
		if err := syscall.Kill(l.PID, 0); errors.Is(err, syscall.ESRCH) {
			return true
		}
	}
	return false
}

// readLock reads dir's lock, if any.
func readLock(dir string) (lockInfo, bool) {
	path := filepath.Join(dir, LockFile)
	st, err := os.Stat(path)
	if err != nil {
		return lockInfo{}, false
	}
	var li lockInfo
	if b, err := os.ReadFile(path); err == nil {
		_ = json.Unmarshal(b, &li)
	}
	li.mtime = st.ModTime()
	return li, true
}

// errLocked reports a run another live process holds.
var errLocked = errors.New("locked by another process")

// acquireLock takes dir's lock (removing a stale one) and keeps its
// heartbeat going until release is called.
func acquireLock(dir string, stale time.Duration) (release func(), err error) {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return nil, err
	}
	path := filepath.Join(dir, LockFile)
	for attempt := 0; attempt < 2; attempt++ {
		f, err := os.OpenFile(path, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o644)
		if errors.Is(err, os.ErrExist) {
			li, ok := readLock(dir)
			if ok && !li.stale(stale) {
				return nil, fmt.Errorf("%s: %w (%s pid %d)", dir, errLocked, li.Host, li.PID)
			}
			_ = os.Remove(path)
			continue
		}
		if err != nil {
			return nil, err
		}
		host, _ := os.Hostname()
		b, _ := json.Marshal(lockInfo{Host: host, PID: os.Getpid(), Started: time.Now().UTC().Format(time.RFC3339)})
		_, werr := f.Write(b)
		cerr := f.Close()
		if werr != nil || cerr != nil {
			_ = os.Remove(path)
			return nil, fmt.Errorf("writing %s: %v", path, errors.Join(werr, cerr))
		}
		return heartbeat(path, stale), nil
	}
	return nil, fmt.Errorf("%s: %w", dir, errLocked)
}

// heartbeat touches path every stale/4 until the returned release is
// called, which stops it and removes the file.
func heartbeat(path string, stale time.Duration) func() {
	every := max(stale/4, time.Second)
	stop := make(chan struct{})
	var wg sync.WaitGroup
	wg.Add(1)
	go func() {
		defer wg.Done()
		t := time.NewTicker(every)
		defer t.Stop()
		for {
			select {
			case <-stop:
				return
			case now := <-t.C:
				_ = os.Chtimes(path, now, now)
			}
		}
	}()
	var once sync.Once
	return func() {
		once.Do(func() {
			close(stop)
			wg.Wait()
			_ = os.Remove(path)
		})
	}
}
