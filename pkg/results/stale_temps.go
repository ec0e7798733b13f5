package results

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
)

// tempSuffix ends the name of WriteFileAtomic's temporary files.
const tempSuffix = ".tmp"

// tempPrefix starts the name of WriteFileAtomic's temporary files for a
// file named base: ".checkpoint.json." for checkpoint.json.
func tempPrefix(base string) string { return "." + base + "." }

// IsAtomicTemp reports whether name (a file name, without directory) is one
// that WriteFileAtomic gives the temporary file of a file named base: a dot,
// base, a dot, the decimal random part os.CreateTemp puts in place of its
// "*", and ".tmp".
func IsAtomicTemp(name, base string) bool {
	mid, ok := strings.CutPrefix(name, tempPrefix(base))
	if !ok {
		return false
	}
	mid, ok = strings.CutSuffix(mid, tempSuffix)
	if !ok || mid == "" {
		return false
	}
	for _, c := range mid {
		if c < '0' || c > '9' {
			return false
		}
	}
	return true
}

// RemoveStaleTemps removes from dir the temporary files WriteFileAtomic
// leaves behind when it is killed mid-write for the files named bases (for
// example checkpoint.json): regular files whose names IsAtomicTemp accepts
// for one of bases, nothing else. Call it only where no other process can be
// writing those files at the same moment, such as when a run starts in its
// own directory. It returns the paths removed; a missing dir removes
// nothing. The error names the file that could not be removed.
func RemoveStaleTemps(dir string, bases ...string) ([]string, error) {
	entries, err := os.ReadDir(dir)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	var removed []string
	for _, e := range entries {
		if !e.Type().IsRegular() || !matchesAny(e.Name(), bases) {
			continue
		}
		p := filepath.Join(dir, e.Name())
		if err := os.Remove(p); err != nil && !errors.Is(err, fs.ErrNotExist) {
			return removed, err
		}
		removed = append(removed, p)
	}
	return removed, nil
}

// matchesAny reports whether name is a temporary file of one of bases.
func matchesAny(name string, bases []string) bool {
	for _, b := range bases {
		if IsAtomicTemp(name, b) {
			return true
		}
	}
	return false
}
