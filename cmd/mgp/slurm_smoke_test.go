package main

import (
	"errors"
	"os"
	"os/exec"
	"testing"
)

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
