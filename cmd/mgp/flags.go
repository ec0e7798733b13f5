package main

import (
	"fmt"
	"time"

	"github.com/mgpteam/mgp/pkg/runlock"
	"github.com/spf13/cobra"
	"github.com/spf13/pflag"
)

// staleFlag defines --stale, the run lock's takeover age, as mgp train
// and mgp sweep share it.
func staleFlag(fs *pflag.FlagSet, d *time.Duration) {
	fs.DurationVar(d, "stale", runlock.DefaultStale, "a run lock of another host or container whose heartbeat is older than this is taken over (at least 30s)")
}

// checkStale refuses a --stale below runlock's minimum.
func checkStale(d time.Duration) error {
	if err := runlock.CheckStale(d); err != nil {
		return fmt.Errorf("--stale %s: %v", d, err)
	}
	return nil
}

// markRequired marks c's flags names as required.
func markRequired(c *cobra.Command, names ...string) {
	for _, n := range names {
		_ = c.MarkFlagRequired(n)
	}
}
