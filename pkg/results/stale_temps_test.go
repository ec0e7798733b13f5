package results

import (
	"errors"
	"io"
	"os"
	"path/filepath"
	"slices"
	"testing"
)

// TestIsAtomicTempMatchesWriter: the name WriteFileAtomic gives its
// temporary file is one IsAtomicTemp accepts for the target's base name
// (and not for another base), so the cleaner and the writer agree.
func TestIsAtomicTempMatchesWriter(t *testing.T) {
	dir := t.TempDir()
	var seen []string
	err := WriteFileAtomic(filepath.Join(dir, "checkpoint.json"), func(w io.Writer) error {
		seen = append(seen, dirNames(t, dir)...)
		_, err := io.WriteString(w, "{}")
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	if len(seen) != 1 || !IsAtomicTemp(seen[0], "checkpoint.json") || IsAtomicTemp(seen[0], "result.json") {
		t.Fatalf("temporary files during the write: %q", seen)
	}
}

// TestRemoveStaleTemps: only regular files named like WriteFileAtomic's
// temporaries of the given base names are removed; the files themselves,
// other bases' temporaries, look-alikes and directories stay.
func TestRemoveStaleTemps(t *testing.T) {
	dir := t.TempDir()
	stale := []string{".checkpoint.json.2046813371.tmp", ".checkpoint.json.7.tmp", ".result.json.42.tmp"}
	keep := []string{
		"checkpoint.json", "result.json", ".checkpoint.json.tmp", ".checkpoint.json.12a.tmp",
		"checkpoint.json.5.tmp", ".checkpoint.json.5.tmp.bak", ".state.json.77.tmp", "notes.tmp",
		".checkpoint.json.5.TMP", "x.checkpoint.json.5.tmp",
	}
	for _, n := range append(append([]string{}, stale...), keep...) {
		if err := os.WriteFile(filepath.Join(dir, n), []byte("x"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.Mkdir(filepath.Join(dir, ".checkpoint.json.9.tmp"), 0o755); err != nil {
		t.Fatal(err)
	}
	keep = append(keep, ".checkpoint.json.9.tmp")
	removed, err := RemoveStaleTemps(dir, "checkpoint.json", "result.json")
	if err != nil {
		t.Fatal(err)
	}
	var want []string
	for _, n := range stale {
		want = append(want, filepath.Join(dir, n))
	}
	slices.Sort(want)
	slices.Sort(removed)
	if !slices.Equal(removed, want) {
		t.Errorf("removed %q, want %q", removed, want)
	}
	left := dirNames(t, dir)
	slices.Sort(keep)
	slices.Sort(left)
	if !slices.Equal(left, keep) {
		t.Errorf("left %q, want %q", left, keep)
	}
	if removed, err := RemoveStaleTemps(filepath.Join(dir, "absent"), "checkpoint.json"); err != nil || len(removed) != 0 {
		t.Errorf("a missing directory: %q, %v", removed, err)
	}
}

// TestWriteFileAtomicNamed: the file gets the name its writer returns,
// its temporary is one RemoveStaleTemps clears for base, and a failed
// write or a name with a directory leaves nothing behind.
func TestWriteFileAtomicNamed(t *testing.T) {
	dir := t.TempDir()
	var tmp string
	p, err := WriteFileAtomicNamed(dir, "x.bin", func(w io.Writer) (string, error) {
		tmp = w.(*os.File).Name()
		_, err := w.Write([]byte("abc"))
		return "x-abc.bin", err
	})
	if err != nil || p != filepath.Join(dir, "x-abc.bin") {
		t.Fatalf("path %q, err %v", p, err)
	}
	if !IsAtomicTemp(filepath.Base(tmp), "x.bin") {
		t.Fatalf("temporary %s is not one RemoveStaleTemps clears", tmp)
	}
	if b, _ := os.ReadFile(p); string(b) != "abc" {
		t.Fatalf("content %q", b)
	}
	for _, name := range []string{"", "../y.bin", "sub/y.bin"} {
		if _, err := WriteFileAtomicNamed(dir, "x.bin", func(io.Writer) (string, error) { return name, nil }); err == nil {
			t.Errorf("name %q accepted", name)
		}
	}
	if _, err := WriteFileAtomicNamed(dir, "x.bin", func(io.Writer) (string, error) { return "z.bin", errors.New("boom") }); err == nil {
		t.Error("a failed write succeeded")
	}
	ents, _ := os.ReadDir(dir)
	if len(ents) != 1 {
		t.Fatalf("files left: %v", ents)
	}
}
