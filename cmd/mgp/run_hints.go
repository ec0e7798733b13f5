package main

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"

	"github.com/mgpteam/mgp/pkg/compare"
	"github.com/mgpteam/mgp/pkg/data"
	"github.com/mgpteam/mgp/pkg/rundir"
)

// checkNotCompareDir refuses (exit 2, naming flag) a --run that is a
// compare directory rather than a run, pointing to the chosen model's run.
func checkNotCompareDir(flag, dir string) error {
	if rundir.Has(dir, rundir.CheckpointFile) || !rundir.Has(dir, compare.SweepFile) || !rundir.Has(dir, compare.DataFile) {
		return nil
	}
	best := filepath.Join(dir, compare.BestLink)
	if _, err := os.Stat(best); err != nil {
		return inputErr(fmt.Errorf("%s %s is an mgp compare directory, not a run, and it has no %s yet: finish the comparison, or name one of its runs under %s",
			flag, dir, compare.BestLink, filepath.Join(dir, compare.RunsDir)))
	}
	return inputErr(fmt.Errorf("%s %s is an mgp compare directory, not a run: use %s %s (the chosen model's run)", flag, dir, flag, best))
}

// textColumnHint adds to a CSV value error of compare, when no --inputs
// were named, that a column that is not numeric can be left out with them.
func textColumnHint(err error, inputs []string) error {
	var fe *data.FileError
	if len(inputs) > 0 || !errors.As(err, &fe) || fe.Column == 0 {
		return err
	}
	hinted := *fe
	hinted.Msg += "; a column that is not a number (a name, a date) can be left out: name the input columns with --inputs"
	return &hinted
}
