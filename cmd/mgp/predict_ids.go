package main

import (
	"errors"
	"fmt"
	"slices"
	"strings"

	"github.com/mgpteam/mgp/pkg/data"
	"github.com/mgpteam/mgp/pkg/models"
	"github.com/mgpteam/mgp/pkg/train"
	"gonum.org/v1/gonum/mat"
)

// readIDs reads the --id columns of the input CSV as text, one slice per
// row of X (nil when ids is empty). A name the header lacks, or an empty or
// repeated name, is an input error.
func readIDs(path string, ids []string, X *mat.Dense) ([][]string, error) {
	if len(ids) == 0 {
		return nil, nil
	}
	seen := map[string]bool{}
	for _, id := range ids {
		if strings.TrimSpace(id) == "" || id != strings.TrimSpace(id) {
			return nil, inputErr(fmt.Errorf("--id %q: give a column name without surrounding spaces", id))
		}
		if seen[id] {
			return nil, inputErr(fmt.Errorf("--id %s: named twice", id))
		}
		seen[id] = true
	}
	rows, err := data.ReadCSVText(path, ids)
	if err != nil {
		return nil, inputErr(fmt.Errorf("--id: %w", err))
	}
	if n, _ := X.Dims(); len(rows) != n {
		return nil, fmt.Errorf("%s: read %d rows of --id columns but %d rows of inputs", path, len(rows), n)
	}
	return rows, nil
}

// predictSummary is the line predict prints when done: rows predicted, the
// output file, the run, the iteration whose parameters it used and the
// predictive.
func predictSummary(n int, out, run string, ck *train.Checkpoint) string {
	pred := "the model's predictive draws"
	if train.RunPredictive(ck) == models.PlugIn {
		pred = "the plug-in predictive (latent variables at their means)"
	}
	return fmt.Sprintf("predicted %d rows into %s with run %s (%s, model %s), predictive: %s",
		n, out, run, predictIteration(ck), ck.Config.ModelName(), pred)
}

// predictIteration describes which iteration's parameters a checkpoint
// holds: the held-out selection's best iteration once a selecting run is
// complete, otherwise the iterations trained so far.
func predictIteration(ck *train.Checkpoint) string {
	if ck.Complete && ck.Selection != nil && ck.Selection.Iter > 0 {
		return fmt.Sprintf("parameters of iteration %d, chosen on the held-out part", ck.Selection.Iter)
	}
	if ck.State != nil {
		if !ck.Trained {
			return fmt.Sprintf("iteration %d of %d, --partial", ck.State.Iter, ck.Config.Train.Iterations)
		}
		return fmt.Sprintf("iteration %d", ck.State.Iter)
	}
	return fmt.Sprintf("iteration %d", ck.Config.Train.Iterations)
}

// errHeaderRead stops a CSV read once the header is in hand.
var errHeaderRead = errors.New("header read")

// nonInputColumns returns, in file order, the header's columns that are
// not among the run's input names (--keep-columns). The run must have
// recorded its d input names: without them no column can be told apart.
func nonInputColumns(path string, names []string, d int) ([]string, error) {
	if len(names) != d {
		return nil, inputErr(fmt.Errorf("--keep-columns: this run did not record its input columns' names, so the other columns cannot be told apart: name them with --id"))
	}
	var keep []string
	_, err := data.ReadCSVColumns(path, func(header []string) ([]int, error) {
		for _, h := range header {
			if h = strings.TrimSpace(h); !slices.Contains(names, h) {
				keep = append(keep, h)
			}
		}
		return nil, errHeaderRead
	})
	if err != nil && !errors.Is(err, errHeaderRead) {
		return nil, inputErr(err)
	}
	return keep, nil
}
