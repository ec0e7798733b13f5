package train

import (
	"errors"
	"fmt"
)

// RunDirProblem is what is wrong with a run directory (RunDirError).
type RunDirProblem int

// The problems of a RunDirError.
const (
	// NotCreatable: the directory cannot be created.
	NotCreatable RunDirProblem = iota + 1
	// NotWritable: no file can be created in it.
	NotWritable
	// CheckpointUnreadable: its checkpoint cannot be read (other than
	// damaged, which is a *checkpoint.CorruptError): a new run would lose it.
	CheckpointUnreadable
	// NoCheckpoint: a resume finds no checkpoint to continue from.
	NoCheckpoint
	// NotResumable: a resume finds a checkpoint without training state
	// (written by an earlier version).
	NotResumable
	// ConfigDiffers: a resume finds a checkpoint made under another config
	// (Diff says what differs).
	ConfigDiffers
	// Unrebuildable: the checkpoint is complete but keeps no copy of
	// result.json, and this held-out-selection run cannot recompute it.
	Unrebuildable
	// NotDiscarded: a restart could not remove the run's files.
	NotDiscarded
	// Unfinished: a new run would lose the unfinished run the directory
	// holds (Err is its *checkpoint.UnfinishedError).
	Unfinished
)

// RunDirError reports a run directory that a run cannot use as it is, in
// facts: the CLI adds which of its flags to change.
type RunDirError struct {
	// Dir is the run directory; Path the file concerned, when one is.
	Dir, Path string
	// Problem is what is wrong.
	Problem RunDirProblem
	// Diff says what differs (ConfigDiffers).
	Diff string
	// Err is the cause, where there is one.
	Err error
}

// Error says what is wrong, and what to do where that needs no flag.
func (e *RunDirError) Error() string {
	switch e.Problem {
	case NotCreatable:
		return fmt.Sprintf("run directory %s cannot be created: %v", e.Dir, e.Err)
	case NotWritable:
		return fmt.Sprintf("run directory %s is not writable: %v", e.Dir, e.Err)
	case NoCheckpoint:
		return fmt.Sprintf("resume: %s holds no checkpoint to continue from", e.Dir)
	case NotResumable:
		return fmt.Sprintf("resume: %s was written by a version of mgp without resumable state", e.Path)
	case ConfigDiffers:
		return fmt.Sprintf("resume: the config differs from the checkpoint's (%s)", e.Diff)
	case Unrebuildable:
		return fmt.Sprintf("%s is complete but was written by a version of mgp that kept no copy of result.json in it, "+
			"and this held-out-selection run's last-iteration metrics cannot be recomputed from the selected parameters: "+
			"restore result.json, or start the run again", e.Path)
	case NotDiscarded:
		return fmt.Sprintf("restart: %v", e.Err)
	}
	return e.Err.Error() // CheckpointUnreadable, Unfinished
}

// Unwrap returns the cause.
func (e *RunDirError) Unwrap() error { return e.Err }

// ErrRestartAndResume refuses Options with both Restart and Resume: a
// restart discards the checkpoint a resume would continue from.
var ErrRestartAndResume = errors.New("a restart discards the checkpoint that a resume would continue from: give one of them")
