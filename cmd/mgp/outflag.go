package main

import (
	"errors"
	"fmt"

	"github.com/mgpteam/mgp/pkg/outpath"
)

// csvOutput is the kind of file predict and eval write: an existing file
// with one of these extensions may be replaced without --overwrite.
var csvOutput = []string{".csv", ".tsv", ".txt", ""}

// checkOutFlag refuses (exit 2, naming flag) an output path that package
// outpath does not allow; the advice for a file of another kind names
// --overwrite when the command has it.
func checkOutFlag(flag, path string, p outpath.Policy, hasOverwrite bool) error {
	err := outpath.Check(path, p)
	if err == nil {
		return nil
	}
	var e *outpath.Error
	if hasOverwrite && errors.As(err, &e) && e.Problem == outpath.OtherKind {
		return inputErr(fmt.Errorf("%s %s exists and is not a CSV file (by its extension): give another name, or add --overwrite to replace it", flag, path))
	}
	return inputErr(fmt.Errorf("%s %w", flag, err))
}
