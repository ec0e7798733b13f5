package main

import (
	"errors"
	"os"
	"os/exec"
	"regexp"
	"strings"
	"testing"
)

// TestSlurmSweepScriptDefaults checks the defaults of scripts/slurm-sweep.sh
// that a real Slurm found wrong: its output file needs no directory (Slurm
// opens it before the script runs, and a missing directory fails every task
// with JobLaunchFailure), a task asks for one core (two tasks of two cores
// run one after the other on a two-core node), the time-limit signal is
// SIGUSR1, which the script handles by waiting for the limit (TIMEOUT), and
// no --data-dir is forced on mgp sweep (a config's data.dir counts).
func TestSlurmSweepScriptDefaults(t *testing.T) {
	b, err := os.ReadFile(repoFile("scripts", "slurm-sweep.sh"))
	if err != nil {
		t.Fatal(err)
	}
	text := string(b)
	opt := func(name string) string {
		m := regexp.MustCompile(`(?m)^#SBATCH --` + name + `=(\S+)$`).FindStringSubmatch(text)
		if m == nil {
			t.Fatalf("no #SBATCH --%s", name)
		}
		return m[1]
	}
	if out := opt("output"); strings.Contains(out, "/") {
		t.Errorf("#SBATCH --output=%s names a directory, which must exist before sbatch", out)
	}
	if c := opt("cpus-per-task"); c != "1" {
		t.Errorf("#SBATCH --cpus-per-task=%s, want 1", c)
	}
	if s := opt("signal"); !strings.HasPrefix(s, "B:USR1@") || !strings.Contains(text, "' USR1") {
		t.Errorf("#SBATCH --signal=%s: want B:USR1@..., trapped by the script", s)
	}
	if strings.Contains(text, "--data-dir \"$") {
		t.Error("the script forces --data-dir on mgp sweep")
	}
}

// TestSlurmSmoke runs scripts/slurm-smoke.sh: a toy sweep submitted as a
// Slurm array of scripts/slurm-sweep.sh with --share, one task cancelled
// mid-run and the array resubmitted; every run must finish exactly once and
// the cancelled run resume from its checkpoint. It needs Slurm: it runs
// when sbatch is installed and a cluster answers sinfo (scripts/slurm-local.sh
// start), or with MGP_SLURM_SMOKE=1 as root, when the script starts and
// stops the local cluster itself; elsewhere, and with -short, it skips. It
// takes about a minute.
func TestSlurmSmoke(t *testing.T) {
	if testing.Short() {
		t.Skip("the Slurm smoke test takes about a minute (-short)")
	}
	if _, err := exec.LookPath("sbatch"); err != nil {
		t.Skip("Slurm is not installed (no sbatch): scripts/slurm-local.sh start installs and starts a local one")
	}
	if exec.Command("sinfo", "-h").Run() != nil && os.Getenv("MGP_SLURM_SMOKE") != "1" {
		t.Skip("no Slurm cluster answers sinfo: start one with scripts/slurm-local.sh start, or set MGP_SLURM_SMOKE=1 (as root) to have the test start and stop it")
	}
	c := exec.Command("bash", repoFile("scripts", "slurm-smoke.sh"), t.TempDir())
	out, err := c.CombinedOutput()
	var ee *exec.ExitError
	if errors.As(err, &ee) && ee.ExitCode() == 77 {
		t.Skipf("scripts/slurm-smoke.sh skipped:\n%s", out)
	}
	if err != nil {
		t.Fatalf("scripts/slurm-smoke.sh: %v\n%s", err, out)
	}
	t.Logf("%s", out)
}
