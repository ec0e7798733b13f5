package main

import (
	"os"
	"path/filepath"
	"regexp"
	"runtime"
	"strconv"
	"strings"
	"sync"
	"testing"

	"github.com/mgpteam/mgp/pkg/sweep"
	"github.com/spf13/cobra"
)

// TestSweepShareSplitsTheWorkOnce: two processes given the whole sweep with
// --share, as two array tasks on one shared tree would be (Slurm's index is
// set and ignored), train every run exactly once between them: the
// completed counts add up to the sweep, and each run's log records one
// training. --share with a fixed shard is refused with exit 2.
func TestSweepShareSplitsTheWorkOnce(t *testing.T) {
	dir := t.TempDir()
	spec := toySweep(t, dir)
	t.Setenv("SLURM_ARRAY_TASK_ID", "1")
	t.Setenv("SLURM_ARRAY_TASK_COUNT", "2")
	var wg sync.WaitGroup
	outs := make([]string, 2)
	errs := make([]error, 2)
	for i := range 2 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			outs[i], _, errs[i] = run(t, "sweep", "-q", "-c", spec, "--share")
		}()
	}
	wg.Wait()
	completed := 0
	re := regexp.MustCompile(`(\d+) completed now`)
	for i := range 2 {
		if errs[i] != nil {
			t.Fatalf("task %d: %v\n%s", i, errs[i], outs[i])
		}
		if !strings.Contains(outs[i], "sweep toy") || !strings.Contains(outs[i], "shared with other processes") || strings.Contains(outs[i], "shard 1/2") {
			t.Errorf("task %d header:\n%s", i, outs[i])
		}
		m := re.FindStringSubmatch(outs[i])
		if m == nil {
			t.Fatalf("task %d: no summary in\n%s", i, outs[i])
		}
		n, _ := strconv.Atoi(m[1])
		completed += n
	}
	if completed != 8 {
		t.Errorf("the two tasks completed %d runs between them, want the sweep's 8:\n%s\n%s", completed, outs[0], outs[1])
	}
	logs, err := filepath.Glob(filepath.Join(dir, "out", "*", "sgp", "*", "s*", sweep.LogFile))
	if err != nil || len(logs) != 8 {
		t.Fatalf("%d run logs (%v), want 8", len(logs), err)
	}
	for _, l := range logs {
		b, err := os.ReadFile(l)
		if err != nil {
			t.Fatal(err)
		}
		if n := strings.Count(string(b), "(resume false)"); n != 1 {
			t.Errorf("%s: trained %d times:\n%s", l, n, b)
		}
	}
	for _, bad := range [][]string{{"--share", "--shard", "0/2"}, {"--share", "--shards", "2"}} {
		_, _, err := run(t, append([]string{"sweep", "-c", spec}, bad...)...)
		if err == nil || exitCode(err) != 2 || !strings.Contains(err.Error(), "--share") {
			t.Errorf("%v: err %v (exit %d)", bad, err, exitCode(err))
		}
	}
}

// TestJobsDefaultToCores: mgp sweep and mgp compare run one job per core
// this process may use unless --jobs says otherwise (one BLAS thread each,
// so that is what pays), as make's JOBS and mgp demo do.
func TestJobsDefaultToCores(t *testing.T) {
	for _, c := range []*cobra.Command{newSweepCmd(&globalOpts{}), newCompareCmd(&globalOpts{})} {
		if got := c.Flags().Lookup("jobs").DefValue; got != strconv.Itoa(runtime.GOMAXPROCS(0)) {
			t.Errorf("mgp %s --jobs defaults to %s, want %d", c.Name(), got, runtime.GOMAXPROCS(0))
		}
	}
}
