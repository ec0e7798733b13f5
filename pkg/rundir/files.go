package rundir

import (
	"encoding/hex"
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"strings"

	"github.com/mgpteam/mgp/pkg/runlock"
)

// The files of a run directory (doc.go says which file means what).
const (
	// ResultFile is the run's result, written last: its presence (and its
	// "complete" mark) says the run is finished.
	ResultFile = "result.json"
	// CheckpointFile is the run's checkpoint: parameters, config and, while
	// the run is under way, the training loop's state.
	CheckpointFile = "checkpoint.json"
	// ErrorFile records why a sweep's run failed.
	ErrorFile = "error.json"
	// LockFile marks a run under way, with a heartbeat in its mtime (the
	// run lock of package runlock, shared by `mgp train` and `mgp sweep`).
	LockFile = runlock.FileName
	// LogFile collects a sweep's progress lines for the run.
	LogFile = "train.log"
	// ReplacedSuffix is appended to the names of the result, checkpoint
	// and arrays files a replaced run moves aside (no longer *.json, so
	// tables pass over them).
	ReplacedSuffix = ".replaced"
	// ArraysTempBase is the name the temporary files of arrays files are
	// made from (.checkpoint.bin.<digits>.tmp; see results.IsAtomicTemp).
	ArraysTempBase = "checkpoint.bin"
	// PointsSuffix ends the name of a points file: what a figure draws of
	// the run, kept in its directory so that the figure can be drawn again
	// once the checkpoint, which is not committed, is gone (the paper's
	// Fig. 8 keeps "figure8-points.csv"; package paper names it).
	PointsSuffix = "-points.csv"
	// WriteCheckPattern names the empty file a run creates and removes to
	// check that its directory is writable (os.CreateTemp's pattern).
	WriteCheckPattern = ".write-check-*"
)

// arraysPrefix and arraysSuffix frame an arrays file's name around the
// first 16 hex digits of its content's SHA-256.
const (
	arraysPrefix = "checkpoint-"
	arraysSuffix = ".bin"
)

// ArraysFileName names the arrays file of a large checkpoint whose hex
// SHA-256 is sum: checkpoint-<first 16 hex digits>.bin.
func ArraysFileName(sum string) string { return arraysPrefix + sum[:16] + arraysSuffix }

// IsArraysFile reports whether name is an arrays file's name.
func IsArraysFile(name string) bool {
	mid, ok := strings.CutPrefix(name, arraysPrefix)
	if !ok {
		return false
	}
	mid, ok = strings.CutSuffix(mid, arraysSuffix)
	if !ok || len(mid) != 16 {
		return false
	}
	_, err := hex.DecodeString(mid)
	return err == nil
}

// ArraysFiles lists the names of dir's checkpoint arrays files (none when
// dir does not exist).
func ArraysFiles(dir string) ([]string, error) {
	entries, err := os.ReadDir(dir)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	var names []string
	for _, e := range entries {
		if e.Type().IsRegular() && IsArraysFile(e.Name()) {
			names = append(names, e.Name())
		}
	}
	return names, nil
}

// RemoveArraysFiles removes dir's checkpoint arrays files other than keep
// (a file name; "" removes them all) and returns the paths removed.
func RemoveArraysFiles(dir, keep string) ([]string, error) {
	names, err := ArraysFiles(dir)
	if err != nil {
		return nil, err
	}
	var removed []string
	for _, name := range names {
		if name == keep {
			continue
		}
		p := filepath.Join(dir, name)
		if err := os.Remove(p); err != nil && !errors.Is(err, fs.ErrNotExist) {
			return removed, err
		}
		removed = append(removed, p)
	}
	return removed, nil
}

// Has reports whether dir holds a file named name.
func Has(dir, name string) bool {
	_, err := os.Stat(filepath.Join(dir, name))
	return err == nil
}

// IsPointsFile reports whether name is a points file: a name ending in
// PointsSuffix, with something before it.
func IsPointsFile(name string) bool {
	return len(name) > len(PointsSuffix) && strings.HasSuffix(name, PointsSuffix)
}
