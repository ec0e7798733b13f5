package main

import (
	"errors"
	"fmt"
	"strings"

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

// adviceRule finds one kind of library error in err's chain and returns
// it with the CLI's words for it (nil when err holds none).
type adviceRule func(err error) (inner error, words string)

// rule is the adviceRule of the error type T, worded by words.
func rule[T error](words func(T) string) adviceRule {
	return func(err error) (error, string) {
		var t T
		if !errors.As(err, &t) {
			return nil, ""
		}
		return t, words(t)
	}
}

// adviceRules word the libraries' typed errors, which name no flag, with
// the flags that act on them.
func adviceRules() []adviceRule {
	return []adviceRule{
		rule(func(e *train.RunDirError) string { return runDirWords(e) }),
		rule(func(e *train.CorruptError) string {
			return strings.Replace(e.Error(), train.CorruptRemedy,
				"it is refused: start the run again with --restart (mgp train ... --restart or mgp sweep ... --restart), which discards it", 1)
		}),
		rule(func(e *data.FileError) string { return fetchWords(e) }),
		func(err error) (error, string) {
			if !errors.Is(err, train.ErrRestartAndResume) {
				return nil, ""
			}
			return train.ErrRestartAndResume, "--restart discards the checkpoint that --resume would continue from: give one of them"
		},
	}
}

// adviseFlags rewords the library errors in err's chain (adviceRules).
func adviseFlags(err error) error {
	if err == nil {
		return nil
	}
	for _, r := range adviceRules() {
		if inner, words := r(err); inner != nil && words != inner.Error() {
			err = reword(err, inner, words)
		}
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

// runDirWords words a *train.RunDirError with train's flags.
func runDirWords(e *train.RunDirError) string {
	var ue *train.UnfinishedError
	switch {
	case e.Problem == train.Unfinished && errors.As(e.Err, &ue):
		return fmt.Sprintf("%s holds an unfinished run (iteration %d of %d): add --resume to continue it, or remove the directory to start over", ue.Dir, ue.Iter, ue.Total)
	case e.Problem == train.NotCreatable:
		return fmt.Sprintf("--out %s cannot be created: %v", e.Dir, e.Err)
	case e.Problem == train.NotWritable:
		return fmt.Sprintf("--out %s is not writable: %v", e.Dir, e.Err)
	case e.Problem == train.CheckpointUnreadable:
		return fmt.Sprintf("%v; remove it or choose another --out", e.Err)
	case e.Problem == train.NoCheckpoint:
		return fmt.Sprintf("--resume: %s holds no checkpoint to continue from; run without --resume to start the run", e.Dir)
	case e.Problem == train.NotResumable:
		return fmt.Sprintf("--resume: %s was written by a version of mgp without resumable state; start the run again without --resume", e.Path)
	case e.Problem == train.ConfigDiffers:
		return fmt.Sprintf("--resume: the config differs from the checkpoint's (%s); resume with the same config and overrides, or start a new run elsewhere", e.Diff)
	case e.Problem == train.Unrebuildable:
		return e.Error() + " with --restart"
	case e.Problem == train.NotDiscarded:
		return fmt.Sprintf("--restart: %v", e.Err)
	}
	return e.Error()
}

// fetchWords words a missing UCI file's advice (data.FileError.Fetch)
// with the flag and variable that point mgp at the data.
func fetchWords(e *data.FileError) string {
	if !e.Fetch {
		return e.Error()
	}
	return strings.Replace(e.Error(), data.FetchAdvice, strings.TrimSuffix(data.FetchAdvice, "use DIR as the data directory")+
		"point mgp at DIR with --data-dir DIR or MGP_DATA_DIR=DIR", 1)
}

// continueHint says how to finish the unfinished run in dir: resume it
// with the command that started it, or re-run the sweep that did.
func continueHint(dir string) string {
	return fmt.Sprintf("continue it with `mgp train -c CONFIG --out %s --resume` (the config and --set overrides it was started with) or by running again the `mgp sweep` that started it", dir)
}
