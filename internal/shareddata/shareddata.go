// Package shareddata finds the project's shared data directory for tests.
//
// The real data sets (UCI, MNIST, the nytaxi sample; see the MANIFEST.md
// there) are not in the repository. Tests find them at $MGP_SHARED_DATA
// when it is set, otherwise at ../shared/data relative to the module root
// (the directory holding go.mod). A test that reads them asks Dir or Path
// for what it needs and is skipped, with a message saying what is missing
// and where it was looked for, when it is absent, so that the suite passes
// on a fresh clone with nothing beside it.
//
// The package imports testing and is for tests only.
package shareddata

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"testing"
)

// EnvVar names the environment variable that, when set, is the shared data
// directory.
const EnvVar = "MGP_SHARED_DATA"

// Locate returns the absolute path where the shared data directory is
// looked for: $MGP_SHARED_DATA when set, otherwise shared/data beside the
// module root found by walking up from the working directory to go.mod.
// The directory need not exist.
func Locate() (string, error) {
	if d := os.Getenv(EnvVar); d != "" {
		return filepath.Abs(d)
	}
	root, err := moduleRoot()
	if err != nil {
		return "", err
	}
	return filepath.Join(filepath.Dir(root), "shared", "data"), nil
}

// moduleRoot walks up from the working directory to the first directory
// holding go.mod.
func moduleRoot() (string, error) {
	dir, err := os.Getwd()
	if err != nil {
		return "", err
	}
	for {
		if _, err := os.Stat(filepath.Join(dir, "go.mod")); err == nil {
			return dir, nil
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			return "", errors.New("no go.mod in the working directory or above it")
		}
		dir = parent
	}
}

// Dir returns the shared data directory, skipping t unless it exists and
// holds every one of need (slash-separated paths relative to it, such as
// "uci" or "nytaxi/train-sample0.05.csv.gz").
func Dir(t testing.TB, need ...string) string {
	t.Helper()
	dir, err := Locate()
	if err != nil {
		t.Skipf("shared data not found: %v", err)
	}
	for _, n := range append([]string{"."}, need...) {
		p := filepath.Join(dir, filepath.FromSlash(n))
		if _, err := os.Stat(p); err != nil {
			t.Skip(missing(p, err))
		}
	}
	return dir
}

// Path returns the absolute path of sub (slash-separated, relative to the
// shared data directory), skipping t when it does not exist.
func Path(t testing.TB, sub string) string {
	t.Helper()
	return filepath.Join(Dir(t, sub), filepath.FromSlash(sub))
}

// missing is the skip message for the absent path p.
func missing(p string, err error) string {
	how := "put the shared data at ../shared/data beside the module root or set " + EnvVar
	if os.Getenv(EnvVar) != "" {
		how = EnvVar + " is set to " + os.Getenv(EnvVar)
	}
	if errors.Is(err, os.ErrNotExist) {
		return fmt.Sprintf("shared data not found: no %s (%s)", p, how)
	}
	return fmt.Sprintf("shared data not usable: %v (%s)", err, how)
}
