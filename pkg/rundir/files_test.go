package rundir

import (
	"errors"
	"os"
	"path/filepath"
	"slices"
	"testing"
	"time"

	"github.com/mgpteam/mgp/pkg/runlock"
)

// TestFileNames: the names are the ones every run directory written so
// far uses, and the result loaders pass over the JSON files that are not
// results.
func TestFileNames(t *testing.T) {
	got := []string{ResultFile, CheckpointFile, ErrorFile, LockFile, LogFile, ReplacedSuffix, ArraysTempBase, PointsSuffix, WriteCheckPattern}
	want := []string{"result.json", "checkpoint.json", "error.json", "lock.json", "train.log", ".replaced", "checkpoint.bin", "-points.csv", ".write-check-*"}
	if !slices.Equal(got, want) {
		t.Fatalf("names %q, want %q", got, want)
	}
	for _, n := range []string{CheckpointFile, ErrorFile, LockFile} {
		if !slices.Contains(NonResultFiles, n) {
			t.Errorf("NonResultFiles lacks %s", n)
		}
	}
	for name, want := range map[string]bool{"figure8-points.csv": true, "-points.csv": false, "points.csv": false, "figure8-points.csv.replaced": false} {
		if IsPointsFile(name) != want {
			t.Errorf("IsPointsFile(%q) = %v, want %v", name, !want, want)
		}
	}
	name := ArraysFileName("0123456789abcdef0123")
	if name != "checkpoint-0123456789abcdef.bin" || !IsArraysFile(name) {
		t.Fatalf("arrays file name %q", name)
	}
	for _, n := range []string{"checkpoint-0123.bin", "checkpoint-0123456789abcdeg.bin", "checkpoint-0123456789abcdef.bin" + ReplacedSuffix, CheckpointFile} {
		if IsArraysFile(n) {
			t.Errorf("%s taken for an arrays file", n)
		}
	}
}

// write creates empty files in dir.
func write(t *testing.T, dir string, names ...string) {
	t.Helper()
	for _, n := range names {
		if err := os.WriteFile(filepath.Join(dir, n), nil, 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

// names lists dir's entries.
func names(t *testing.T, dir string) []string {
	t.Helper()
	es, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	for _, e := range es {
		out = append(out, e.Name())
	}
	return out
}

// TestClearDiscardMoveAside: what an overwrite, a restart and a replace
// leave of a run directory.
func TestClearDiscardMoveAside(t *testing.T) {
	bin := ArraysFileName("00112233445566778899")
	all := []string{ResultFile, CheckpointFile, ErrorFile, LogFile, bin, "notes.txt"}
	for _, c := range []struct {
		name string
		do   func(string) error
		left []string
	}{
		{"clear", func(d string) error { _, err := Clear(d); return err }, []string{"notes.txt"}},
		{"discard", func(d string) error { _, err := Discard(d); return err }, []string{ErrorFile, "notes.txt", LogFile}},
		{"move aside", MoveAside, []string{bin + ReplacedSuffix, CheckpointFile + ReplacedSuffix, ErrorFile, "notes.txt", ResultFile + ReplacedSuffix, LogFile}},
	} {
		dir := t.TempDir()
		write(t, dir, all...)
		if err := c.do(dir); err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		got := names(t, dir)
		want := slices.Sorted(slices.Values(c.left))
		if !slices.Equal(got, want) {
			t.Errorf("%s left %q, want %q", c.name, got, want)
		}
	}
	removed, err := Discard(filepath.Join(t.TempDir(), "missing"))
	if err != nil || len(removed) != 0 {
		t.Fatalf("discard of a missing directory: %v %v", removed, err)
	}
}

// TestClaimModes: a fresh run refuses a directory that holds a run,
// naming what it holds; an overwrite clears it; a continuation leaves it;
// a file, or a directory another process holds, is refused, and no lock
// is left behind by a refused claim.
func TestClaimModes(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "run")
	l, err := Claim(dir, Fresh, time.Minute)
	if err != nil {
		t.Fatalf("new directory: %v", err)
	}
	l.Release()
	write(t, dir, CheckpointFile)
	_, err = Claim(dir, Fresh, time.Minute)
	var he *HeldError
	if !errors.As(err, &he) || he.Finished() || he.What() != "an unfinished run (checkpoint.json)" {
		t.Fatalf("unfinished run: %v", err)
	}
	write(t, dir, ResultFile)
	if _, err = Claim(dir, Fresh, time.Minute); !errors.As(err, &he) || he.What() != "a finished run (result.json, checkpoint.json)" {
		t.Fatalf("finished run: %v", err)
	}
	if Has(dir, LockFile) {
		t.Fatal("a refused claim left its lock")
	}
	l, err = Claim(dir, Continue, time.Minute)
	if err != nil || len(Held(dir)) != 2 {
		t.Fatalf("continue: %v, holds %v", err, Held(dir))
	}
	if _, err := Claim(dir, Overwrite, time.Minute); !errors.Is(err, runlock.ErrLocked) {
		t.Fatalf("claim of a held directory: %v", err)
	}
	l.Release()
	l, err = Claim(dir, Overwrite, time.Minute)
	if err != nil || len(Held(dir)) != 0 {
		t.Fatalf("overwrite: %v, holds %v", err, Held(dir))
	}
	l.Release()
	write(t, filepath.Dir(dir), "file")
	var nd *NotDirError
	if _, err := Claim(filepath.Join(filepath.Dir(dir), "file"), Fresh, time.Minute); !errors.As(err, &nd) {
		t.Fatalf("a file: %v", err)
	}
}

// TestDefault: runs/<model>-<data>-s<seed>-<8 hex digits of the config's
// fingerprint>.
func TestDefault(t *testing.T) {
	if got, want := Default("sgp", "step", 3, "sha256:0123456789abcdef"), filepath.Join("runs", "sgp-step-s3-01234567"); got != want {
		t.Fatalf("Default = %s, want %s", got, want)
	}
	if got, want := Default("mdn", "boston", 0, "abc"), filepath.Join("runs", "mdn-boston-s0-abc"); got != want {
		t.Fatalf("Default of a short fingerprint = %s, want %s", got, want)
	}
}
