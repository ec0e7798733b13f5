package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestVerifyCommand: mgp verify re-derives a trained run (identical),
// plans it with --dry-run, and refuses (exit 2) an --out inside the
// repository's results/ directory and a missing --out.
func TestVerifyCommand(t *testing.T) {
	dir := t.TempDir()
	cfg := writeFile(t, dir, "c.yaml", toyYAML)
	runDir := filepath.Join(dir, "tree", "step", "sgp", "default", "s0")
	if _, _, err := run(t, "train", "-q", "-c", cfg, "--seed", "0", "--out", runDir, "--set", "train.iterations=20"); err != nil {
		t.Fatal(err)
	}
	out := filepath.Join(dir, "scratch")
	plan, _, err := run(t, "verify", filepath.Join(dir, "tree"), "--out", out, "--dry-run", "--costs", filepath.Join(dir, "none"))
	if err != nil || !strings.Contains(plan, "1 to re-run") {
		t.Fatalf("dry run: %v\n%s", err, plan)
	}
	got, _, err := run(t, "verify", "-q", runDir, "--out", out, "--costs", filepath.Join(dir, "none"))
	if err != nil || !strings.Contains(got, "verified 1 runs: 1 identical") {
		t.Fatalf("verify: %v\n%s", err, got)
	}
	inside := filepath.Join("..", "..", "results", "verify-cli-test")
	for _, args := range [][]string{{"verify", runDir, "--out", inside}, {"verify", runDir}} {
		if _, _, err := run(t, args...); err == nil || exitCode(err) != 2 {
			t.Errorf("%v: err %v (exit %d), want exit 2", args, err, exitCode(err))
		}
	}
	if _, err := os.Stat(inside); err == nil {
		t.Error("a refused verify created its --out")
	}
}
