package train

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// TestRunRemovesStaleWriteTemps: the temporary files a kill during a
// checkpoint or result write leaves in the run directory are removed when
// the run next starts, fresh or resumed, and said so in the log; files that
// only look alike, and other files' temporaries, are left alone.
func TestRunRemovesStaleWriteTemps(t *testing.T) {
	cfg := resumeConfig("sgp", "hetero")
	keep := []string{"notes.tmp", ".checkpoint.json.tmp", ".checkpoint.bin.tmp", ".checkpoint.json.1x.tmp", ".lock.json.77.tmp", "checkpoint.json.5.tmp"}
	plant := func(t *testing.T, dir string) {
		t.Helper()
		for _, n := range append([]string{".checkpoint.json.2046813371.tmp", ".result.json.31.tmp", ".checkpoint.bin.4417.tmp"}, keep...) {
			if err := os.WriteFile(filepath.Join(dir, n), []byte(`{"par`), 0o644); err != nil {
				t.Fatal(err)
			}
		}
	}
	check := func(t *testing.T, dir, log string) {
		t.Helper()
		es, err := os.ReadDir(dir)
		if err != nil {
			t.Fatal(err)
		}
		var tmps []string
		for _, e := range es {
			if strings.HasSuffix(e.Name(), ".tmp") {
				tmps = append(tmps, e.Name())
			}
		}
		want := slices.Clone(keep)
		slices.Sort(want)
		slices.Sort(tmps)
		if !slices.Equal(tmps, want) {
			t.Errorf("temporary files left %q, want %q", tmps, want)
		}
		if !strings.Contains(log, "removed "+filepath.Join(dir, ".checkpoint.json.2046813371.tmp")) {
			t.Errorf("the removal is not in the log:\n%s", log)
		}
	}
	t.Run("fresh", func(t *testing.T) {
		dir := t.TempDir()
		plant(t, dir)
		var log bytes.Buffer
		if _, err := Run(context.Background(), cfg, Options{OutDir: dir, Log: &log}); err != nil {
			t.Fatal(err)
		}
		check(t, dir, log.String())
	})
	t.Run("resume", func(t *testing.T) {
		dir := t.TempDir()
		ctx, cancel := context.WithCancel(context.Background())
		_, _ = Run(ctx, cfg, Options{OutDir: dir, AfterStep: func(it int) {
			if it == 8 {
				cancel()
			}
		}})
		plant(t, dir)
		var log bytes.Buffer
		if _, err := Run(context.Background(), cfg, Options{OutDir: dir, Resume: true, Log: &log}); err != nil {
			t.Fatal(err)
		}
		check(t, dir, log.String())
	})
}
