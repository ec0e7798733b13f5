//go:build unix

package awake

import (
	"os"
	"os/signal"
	"syscall"
)

// watchContinue delivers the process's SIGCONTs (each continue after a
// stop) on the returned channel until unwatch.
func watchContinue() (<-chan os.Signal, func()) {
	ch := make(chan os.Signal, 1)
	signal.Notify(ch, syscall.SIGCONT)
	return ch, func() { signal.Stop(ch) }
}
