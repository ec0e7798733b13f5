package sweep

import (
	"fmt"
	"os"
	"path/filepath"
	"testing"
)

// TestAppendLogSurvivesReplacement: a run's log that is replaced while the
// run writes (as git checkout or stash does to a tracked file) gets the
// lines written after the replacement; before, they went to the unlinked
// file and were lost.
func TestAppendLogSurvivesReplacement(t *testing.T) {
	path := filepath.Join(t.TempDir(), LogFile)
	w := appendLog(path)
	fmt.Fprintln(w, "line 1")
	tmp := path + ".new"
	if err := os.WriteFile(tmp, []byte("line 1\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.Rename(tmp, path); err != nil { // a new inode at the path
		t.Fatal(err)
	}
	fmt.Fprintln(w, "line 2")
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if string(b) != "line 1\nline 2\n" {
		t.Fatalf("log after replacement: %q", b)
	}
	if _, err := appendLog(filepath.Join(path, "not-a-dir", "x")).Write([]byte("x")); err == nil {
		t.Fatal("a write below a file succeeded")
	}
}
