package main

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// slurmLocal runs scripts/slurm-local.sh cmd with the state directory dir
// and returns its output and exit code.
func slurmLocal(t *testing.T, dir, cmd string) (string, int) {
	t.Helper()
	c := exec.Command("bash", "../../scripts/slurm-local.sh", cmd)
	c.Env = append(os.Environ(), "MGP_SLURM_DIR="+dir, "PATH=/usr/bin:/bin")
	var out bytes.Buffer
	c.Stdout, c.Stderr = &out, &out
	err := c.Run()
	if ee, ok := err.(*exec.ExitError); ok {
		return out.String(), ee.ExitCode()
	}
	if err != nil {
		t.Fatal(err)
	}
	return out.String(), 0
}

// liveStranger starts a process that is not a Slurm daemon (sleep) and
// returns its PID; it is killed when the test ends.
func liveStranger(t *testing.T) int {
	t.Helper()
	c := exec.Command("sleep", "60")
	if err := c.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = c.Process.Kill(); _ = c.Wait() })
	return c.Process.Pid
}

// TestSlurmLocalStatusChecksThePIDsProgram: status does not take a live
// process that reused slurmctld's PID for the cluster (it said running
// and ran sinfo before): it reports not running (exit 3).
func TestSlurmLocalStatusChecksThePIDsProgram(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "state")
	if err := os.Mkdir(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	pid := liveStranger(t)
	if err := os.WriteFile(filepath.Join(dir, "slurmctld.pid"), []byte(strconv.Itoa(pid)+"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	out, code := slurmLocal(t, dir, "status")
	if code != 3 || !strings.Contains(out, "not running") {
		t.Errorf("status with a stranger's PID: exit %d, %q; want 3, not running", code, out)
	}
}

// TestSlurmLocalStopSparesAReusedPID: stop (as root) leaves alone a live
// process that reused a daemon's PID, and removes the stale PID file.
func TestSlurmLocalStopSparesAReusedPID(t *testing.T) {
	if os.Geteuid() != 0 {
		t.Skip("stop needs root")
	}
	dir := filepath.Join(t.TempDir(), "state")
	if err := os.Mkdir(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	pid := liveStranger(t)
	for _, f := range []string{"slurmd.pid", "slurmctld.pid", "munged.pid"} {
		if err := os.WriteFile(filepath.Join(dir, f), []byte(strconv.Itoa(pid)+"\n"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	if out, code := slurmLocal(t, dir, "stop"); code != 0 {
		t.Fatalf("stop: exit %d: %s", code, out)
	}
	if _, err := os.Stat(filepath.Join("/proc", strconv.Itoa(pid))); err != nil {
		t.Error("stop killed a process that only reused a daemon's PID")
	}
	if _, err := os.Stat(filepath.Join(dir, "slurmd.pid")); err == nil {
		t.Error("stop kept a stale PID file")
	}
}

// TestSlurmLocalRefusesASharedStateDir: a state directory writable by
// others, or a symbolic link, is refused (the default was a fixed name in
// the shared temporary directory, taken without an owner check).
func TestSlurmLocalRefusesASharedStateDir(t *testing.T) {
	base := t.TempDir()
	open := filepath.Join(base, "open")
	if err := os.Mkdir(open, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.Chmod(open, 0o777); err != nil {
		t.Fatal(err)
	}
	if out, code := slurmLocal(t, open, "status"); code == 0 || code == 3 || !strings.Contains(out, "writable by group or others") {
		t.Errorf("a world-writable state directory: exit %d, %q", code, out)
	}
	link := filepath.Join(base, "link")
	if err := os.Symlink(open, link); err != nil {
		t.Fatal(err)
	}
	if out, code := slurmLocal(t, link, "status"); code == 0 || code == 3 || !strings.Contains(out, "symbolic link") {
		t.Errorf("a symlinked state directory: exit %d, %q", code, out)
	}
	b, err := os.ReadFile("../../scripts/slurm-local.sh")
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(b), "DIR=${MGP_SLURM_DIR:-/run/mgp-slurm}") {
		t.Error("the default state directory is not /run/mgp-slurm")
	}
}

// TestSlurmLocalChecksMungeFirst: start_munge asks whether munged already
// runs before it changes the owner or mode of munge's directories (it
// changed them first, under a running munged).
func TestSlurmLocalChecksMungeFirst(t *testing.T) {
	b, err := os.ReadFile("../../scripts/slurm-local.sh")
	if err != nil {
		t.Fatal(err)
	}
	s := string(b)
	i := strings.Index(s, "start_munge() {")
	if i < 0 {
		t.Fatal("no start_munge")
	}
	body := s[i:]
	body = body[:strings.Index(body, "\n}\n")]
	check, chown := strings.Index(body, "munge -n"), strings.Index(body, "chown")
	if check < 0 || chown < 0 || check > chown {
		t.Errorf("start_munge checks for a running munged at %d, changes owners at %d: the check must come first", check, chown)
	}
}
