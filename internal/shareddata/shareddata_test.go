package shareddata

import (
	"os"
	"path/filepath"
	"testing"
)

// TestLocateBesideModuleRoot: without the override the directory is
// shared/data beside the module root (two levels above this package).
func TestLocateBesideModuleRoot(t *testing.T) {
	t.Setenv(EnvVar, "")
	got, err := Locate()
	if err != nil {
		t.Fatal(err)
	}
	want, _ := filepath.Abs(filepath.Join("..", "..", "..", "shared", "data"))
	if got != want {
		t.Fatalf("Locate() = %s, want %s", got, want)
	}
}

// TestOverrideAndSkip: $MGP_SHARED_DATA is used as it is; a present path
// is returned, an absent one skips the test.
func TestOverrideAndSkip(t *testing.T) {
	dir := t.TempDir()
	if err := os.MkdirAll(filepath.Join(dir, "uci", "boston"), 0o755); err != nil {
		t.Fatal(err)
	}
	t.Setenv(EnvVar, dir)
	if got := Dir(t, "uci"); got != dir {
		t.Fatalf("Dir = %s, want %s", got, dir)
	}
	if got := Path(t, "uci/boston"); got != filepath.Join(dir, "uci", "boston") {
		t.Fatalf("Path = %s", got)
	}
	var sub *testing.T
	t.Run("absent", func(t *testing.T) {
		sub = t
		Dir(t, "mnist")
		t.Error("Dir returned although mnist is absent")
	})
	if !sub.Skipped() {
		t.Fatal("an absent path did not skip the test")
	}
	t.Setenv(EnvVar, filepath.Join(dir, "nowhere"))
	t.Run("no directory", func(t *testing.T) {
		sub = t
		Dir(t)
		t.Error("Dir returned although the directory is absent")
	})
	if !sub.Skipped() {
		t.Fatal("an absent directory did not skip the test")
	}
}
