package main

import (
	"errors"
	"fmt"
	"strings"

	"github.com/mgpteam/mgp/pkg/checkpoint"
	"github.com/mgpteam/mgp/pkg/data"
	"github.com/mgpteam/mgp/pkg/train"
	"github.com/spf13/cobra"
)

// advisedError is an error whose text the CLI reworded in its own terms
// (adviseFlags); it unwraps to the original, so its exit code stays.
type advisedError struct {
	err  error
	text string
}

func (e *advisedError) Error() string { return e.text }
func (e *advisedError) Unwrap() error { return e.err }

// reword returns err with the text of inner, an error in its chain,
// replaced by words.
func reword(err, inner error, words string) error {
	return &advisedError{err, strings.Replace(err.Error(), inner.Error(), words, 1)}
}

// adviseFlags rewords the libraries' typed errors in err's chain, which
// name no flag, with the flags that act on them.
func adviseFlags(err error) error {
	var (
		rd *train.RunDirError
		ce *checkpoint.CorruptError
		fe *data.FileError
	)
	switch {
	case errors.As(err, &rd):
		return reword(err, rd, runDirText(rd))
	case errors.As(err, &ce):
		return reword(err, ce, strings.Replace(ce.Error(), checkpoint.CorruptRemedy,
			"it is refused: start the run again with --restart (mgp train ... --restart or mgp sweep ... --restart), which discards it", 1))
	case errors.As(err, &fe) && fe.Fetch:
		return reword(err, fe, strings.Replace(fe.Error(), data.FetchAdvice, strings.TrimSuffix(data.FetchAdvice, "use DIR as the data directory")+
			"point mgp at DIR with --data-dir DIR or MGP_DATA_DIR=DIR", 1))
	case errors.Is(err, train.ErrRestartAndResume):
		return reword(err, train.ErrRestartAndResume, "--restart discards the checkpoint that --resume would continue from: give one of them")
	}
	return err
}

// withAdvice makes every command's errors go through adviseFlags.
func withAdvice(cmds []*cobra.Command) {
	for _, c := range cmds {
		if run := c.RunE; run != nil {
			c.RunE = func(cmd *cobra.Command, args []string) error { return adviseFlags(run(cmd, args)) }
		}
	}
}

// runDirText words rd with runDirWords' format for its problem.
func runDirText(rd *train.RunDirError) string {
	var ue checkpoint.UnfinishedError
	if u := (*checkpoint.UnfinishedError)(nil); errors.As(rd.Err, &u) {
		ue = *u
	}
	f, ok := runDirWords()[rd.Problem]
	if !ok {
		return rd.Error()
	}
	return fmt.Sprintf(f, rd.Dir, rd.Path, rd.Err, rd.Diff, ue.Iter, ue.Total)
}

// runDirWords are the CLI's words for each train.RunDirProblem: format
// strings over the error's dir (1), path (2), cause (3) and diff (4), and
// an unfinished run's iterations done (5) and planned (6).
func runDirWords() map[train.RunDirProblem]string {
	return map[train.RunDirProblem]string{
		train.NotCreatable:         "--out %[1]s cannot be created: %[3]v",
		train.NotWritable:          "--out %[1]s is not writable: %[3]v",
		train.CheckpointUnreadable: "%[3]v; remove it or choose another --out",
		train.NoCheckpoint:         "--resume: %[1]s holds no checkpoint to continue from; run without --resume to start the run",
		train.NotResumable:         "--resume: %[2]s was written by a version of mgp without resumable state; start the run again without --resume",
		train.ConfigDiffers:        "--resume: the config differs from the checkpoint's (%[4]s); resume with the same config and overrides, or start a new run elsewhere",
		train.Unrebuildable:        "%[2]s is complete but was written by a version of mgp that kept no copy of result.json in it, and this held-out-selection run's last-iteration metrics cannot be recomputed from the selected parameters: restore result.json, or start the run again with --restart",
		train.NotDiscarded:         "--restart: %[3]v",
		train.Unfinished:           "%[1]s holds an unfinished run (iteration %[5]d of %[6]d): add --resume to continue it, or remove the directory to start over",
	}
}

// continueHint says how to finish the unfinished run in dir: resume it
// with the command that started it, or re-run the sweep that did.
func continueHint(dir string) string {
	return fmt.Sprintf("continue it with `mgp train -c CONFIG --out %s --resume` (the config and --set overrides it was started with) or by running again the `mgp sweep` that started it", dir)
}
