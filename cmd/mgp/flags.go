package main

import (
	"embed"
	"fmt"
	"strings"
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

// helpFiles holds the commands' long help texts, one help/<command>.txt
// each, as `mgp <command> --help` prints them.
//
//go:embed help/*.txt
var helpFiles embed.FS

// helpText is the long help text of the command name (help/<name>.txt,
// less its final newline). A missing file is a build mistake that every
// test of the commands catches.
func helpText(name string) string {
	b, err := helpFiles.ReadFile("help/" + name + ".txt")
	if err != nil {
		panic(err)
	}
	return strings.TrimSuffix(string(b), "\n")
}
