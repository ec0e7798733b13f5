package main

import (
	"errors"
	"fmt"
	"io/fs"
	"testing"

	"github.com/mgpteam/mgp/pkg/checkpoint"
	"github.com/mgpteam/mgp/pkg/data"
	"github.com/mgpteam/mgp/pkg/inputerr"
	"github.com/mgpteam/mgp/pkg/train"
)

// TestAdviceWords: the libraries' typed errors, which name no flag, read
// as the CLI has always printed them, naming the flags that act on them,
// inside whatever wraps them, and keep their exit code.
func TestAdviceWords(t *testing.T) {
	cause := errors.New("permission denied")
	for _, c := range []struct {
		err  error
		want string
		exit int
	}{
		{&inputerr.Error{Err: &train.RunDirError{Dir: "r", Problem: train.NotWritable, Err: cause}}, "--out r is not writable: permission denied", 2},
		{&inputerr.Error{Err: &train.RunDirError{Dir: "r", Problem: train.NotCreatable, Err: cause}}, "--out r cannot be created: permission denied", 2},
		{&inputerr.Error{Err: &train.RunDirError{Dir: "r", Problem: train.CheckpointUnreadable, Err: cause}}, "permission denied; remove it or choose another --out", 2},
		{&inputerr.Error{Err: &train.RunDirError{Dir: "r", Problem: train.NoCheckpoint}},
			"--resume: r holds no checkpoint to continue from; run without --resume to start the run", 2},
		{&inputerr.Error{Err: &train.RunDirError{Dir: "r", Path: "r/checkpoint.json", Problem: train.NotResumable}},
			"--resume: r/checkpoint.json was written by a version of mgp without resumable state; start the run again without --resume", 2},
		{&inputerr.Error{Err: &train.RunDirError{Dir: "r", Problem: train.ConfigDiffers, Diff: "train.lr: 0.01 → 0.02"}},
			"--resume: the config differs from the checkpoint's (train.lr: 0.01 → 0.02); resume with the same config and overrides, or start a new run elsewhere", 2},
		{&inputerr.Error{Err: &train.RunDirError{Dir: "r", Problem: train.Unfinished, Err: &checkpoint.UnfinishedError{Dir: "r", Iter: 12, Total: 30}}},
			"r holds an unfinished run (iteration 12 of 30): add --resume to continue it, or remove the directory to start over", 2},
		{&inputerr.Error{Err: &train.RunDirError{Dir: "r", Path: "r/checkpoint.json", Problem: train.Unrebuildable}},
			"r/checkpoint.json is complete but was written by a version of mgp that kept no copy of result.json in it, and this held-out-selection run's " +
				"last-iteration metrics cannot be recomputed from the selected parameters: restore result.json, or start the run again with --restart", 2},
		{&train.RunDirError{Dir: "r", Problem: train.NotDiscarded, Err: cause}, "--restart: permission denied", 1},
		{&inputerr.Error{Err: train.ErrRestartAndResume}, "--restart discards the checkpoint that --resume would continue from: give one of them", 2},
		{fmt.Errorf("resume: %w", &checkpoint.CorruptError{Path: "r/checkpoint.json", Reason: "it fails its checksum"}),
			"resume: checkpoint r/checkpoint.json: it fails its checksum; it is refused: start the run again with --restart (mgp train ... --restart or mgp sweep ... --restart), which discards it", 1},
		{&data.FileError{Path: "d/uci/boston/meta.yaml", Msg: "file not found", Err: fs.ErrNotExist, Fetch: true},
			"d/uci/boston/meta.yaml: file not found; download the UCI sets with scripts/fetch_uci.sh DIR (or copy them from a local copy " +
				"with scripts/fetch_uci.sh --mirror SRC DIR) and point mgp at DIR with --data-dir DIR or MGP_DATA_DIR=DIR", 2},
		{&data.FileError{Path: "d.csv", Msg: "file not found; check the path of the CSV file", Err: fs.ErrNotExist}, "d.csv: file not found; check the path of the CSV file", 2},
	} {
		err := adviseFlags(c.err)
		if err.Error() != c.want || exitCode(err) != c.exit {
			t.Errorf("%T: %q (exit %d), want %q (exit %d)", c.err, err, exitCode(err), c.want, c.exit)
		}
	}
}
