package runlock

import (
	"crypto/rand"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"sync"
	"time"
)

// Lock is a held run lock; its heartbeat runs until Release.
type Lock struct {
	path  string
	token string
	stop  chan struct{}
	lost  chan struct{}
	wg    sync.WaitGroup
	once  sync.Once
}

// errRetry asks Acquire to read the lock again (it was released or its
// takeover marker was abandoned meanwhile).
var errRetry = errors.New("retry")

// Acquire takes dir's lock (creating dir if needed), taking over a stale
// one (see Holder.Stale; stale is raised to MinStale), and starts its
// heartbeat. A lock another process holds gives a *LockedError.
func Acquire(dir string, stale time.Duration) (*Lock, error) {
	stale = max(stale, minStale)
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return nil, err
	}
	me := self()
	info := Info{
		Host: me.Host, PID: me.PID, Started: time.Now().UTC().Format(time.RFC3339),
		BootID: me.BootID, PIDNS: me.PIDNS, PIDStart: me.Start, Token: newToken(),
	}
	path := filepath.Join(dir, FileName)
	var last Holder
	for range 4 {
		err := create(path, info)
		if err == nil {
			return start(path, info.Token), nil
		}
		if !errors.Is(err, fs.ErrExist) {
			return nil, fmt.Errorf("taking the run lock %s: %w", path, err)
		}
		h, ok := read(path)
		if !ok {
			continue // released meanwhile
		}
		last = h
		if h.Token == info.Token {
			// Ours: an NFS link whose reply was lost is retried by the client
			// and reports EEXIST although it succeeded.
			return start(path, info.Token), nil
		}
		if !h.Stale(stale) {
			return nil, &LockedError{Dir: dir, Holder: h}
		}
		err = takeover(path, h, info, stale)
		switch {
		case err == nil:
			return start(path, info.Token), nil
		case !errors.Is(err, errRetry):
			return nil, err
		}
	}
	return nil, &LockedError{Dir: dir, Holder: last}
}

// newToken returns 16 random bytes in hex.
func newToken() string {
	b := make([]byte, 16)
	_, _ = rand.Read(b)
	return hex.EncodeToString(b)
}

// tempName is the name info is written under before it becomes the lock.
func tempName(path string, info Info) string {
	return filepath.Join(filepath.Dir(path), "."+FileName+"."+info.Token+".tmp")
}

// writeTemp writes info to a new file beside path and returns its name.
func writeTemp(path string, info Info) (string, error) {
	b, err := json.Marshal(info)
	if err != nil {
		return "", err
	}
	tmp := tempName(path, info)
	f, err := os.OpenFile(tmp, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o644)
	if err != nil {
		return "", err
	}
	_, werr := f.Write(b)
	if err := errors.Join(werr, f.Close()); err != nil {
		_ = os.Remove(tmp)
		return "", err
	}
	return tmp, nil
}

// create makes path hold info if it does not exist (an error wrapping
// fs.ErrExist if it does). The lock is written whole under a temporary
// name and hard-linked into place, so it never exists half-written; where
// hard links are not supported it is created exclusively and written.
func create(path string, info Info) error {
	tmp, err := writeTemp(path, info)
	if err != nil {
		return err
	}
	defer os.Remove(tmp)
	err = os.Link(tmp, path)
	if err == nil || errors.Is(err, fs.ErrExist) {
		return err
	}
	b, _ := json.Marshal(info)
	f, err := os.OpenFile(path, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o644)
	if err != nil {
		return err
	}
	_, werr := f.Write(b)
	if err := errors.Join(werr, f.Close()); err != nil {
		_ = os.Remove(path)
		return err
	}
	return nil
}

// takeover replaces the stale lock h at path by info. Of the contenders
// for one stale lock only the one that creates its takeover marker (named
// by the lock's key) goes on; it checks that the lock is still h and still
// stale, renames its own lock over it and reads it back.
func takeover(path string, h Holder, info Info, stale time.Duration) error {
	dir := filepath.Dir(path)
	marker := filepath.Join(dir, "."+FileName+".takeover-"+h.key)
	m, err := os.OpenFile(marker, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o644)
	if errors.Is(err, fs.ErrExist) {
		if st, err := os.Stat(marker); err == nil && time.Since(st.ModTime()) > grace {
			_ = os.Remove(marker) // left by a contender killed mid-takeover
			return errRetry
		}
		if cur, ok := read(path); ok {
			h = cur
		}
		return &LockedError{Dir: dir, Holder: h} // another contender is taking it over
	}
	if err != nil {
		return fmt.Errorf("taking over the run lock %s: %w", path, err)
	}
	_ = m.Close()
	defer os.Remove(marker)
	cur, ok := read(path)
	switch {
	case !ok:
		return errRetry
	case cur.key != h.key || !cur.Stale(stale):
		return &LockedError{Dir: dir, Holder: cur}
	}
	tmp, err := writeTemp(path, info)
	if err != nil {
		return fmt.Errorf("taking over the run lock %s: %w", path, err)
	}
	if err := os.Rename(tmp, path); err != nil {
		_ = os.Remove(tmp)
		return fmt.Errorf("taking over the run lock %s: %w", path, err)
	}
	if got, ok := read(path); !ok || got.Token != info.Token {
		return &LockedError{Dir: dir, Holder: got}
	}
	return nil
}

// start returns the lock at path with token, its heartbeat going, after
// clearing what killed lock writers left in its directory.
func start(path, token string) *Lock {
	removeLeftovers(filepath.Dir(path))
	l := &Lock{path: path, token: token, stop: make(chan struct{}), lost: make(chan struct{})}
	l.wg.Add(1)
	go l.beat()
	return l
}

// removeLeftovers removes temporary lock files and takeover markers older
// than Grace (a writer lives for microseconds; these were left by kills).
func removeLeftovers(dir string) {
	for _, pat := range []string{"." + FileName + ".*.tmp", "." + FileName + ".takeover-*"} {
		names, _ := filepath.Glob(filepath.Join(dir, pat))
		for _, n := range names {
			if st, err := os.Stat(n); err == nil && time.Since(st.ModTime()) > grace {
				_ = os.Remove(n)
			}
		}
	}
}

// beat refreshes the lock's mtime every heartbeatEvery while the lock is
// ours; once it is not (taken over after a long pause), it closes lost and
// stops touching the file.
func (l *Lock) beat() {
	defer l.wg.Done()
	t := time.NewTicker(heartbeatEvery)
	defer t.Stop()
	for {
		select {
		case <-l.stop:
			return
		case now := <-t.C:
			if h, ok := read(l.path); !ok || h.Token != l.token {
				close(l.lost)
				return
			}
			_ = os.Chtimes(l.path, now, now)
		}
	}
}

// Lost is closed when the heartbeat finds the lock no longer ours.
func (l *Lock) Lost() <-chan struct{} { return l.lost }

// OnLost calls f once if the heartbeat finds the lock taken over before
// the returned stop is called; stop waits for a call under way to end.
func (l *Lock) OnLost(f func()) (stop func()) {
	done, ended := make(chan struct{}), make(chan struct{})
	go func() {
		defer close(ended)
		select {
		case <-l.lost:
			f()
		case <-done:
		}
	}()
	return func() { close(done); <-ended }
}

// Path is the lock file's path.
func (l *Lock) Path() string { return l.path }

// Release stops the heartbeat and removes the lock if it is still ours.
// It may be called more than once.
func (l *Lock) Release() {
	l.once.Do(func() {
		close(l.stop)
		l.wg.Wait()
		if h, ok := read(l.path); ok && h.Token == l.token {
			_ = os.Remove(l.path)
		}
	})
}
