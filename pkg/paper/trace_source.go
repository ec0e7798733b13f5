package paper

import (
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/mgpteam/mgp/pkg/checkpoint"
	"github.com/mgpteam/mgp/pkg/results"
)

// traceRun is what the trace commands read of one run: its result, or for
// a run still training, the trace its checkpoint holds so far.
type traceRun struct {
	// File is the file the trace was read from.
	File string
	// Res holds the trace (and the held-out selection's trace, if any).
	Res *results.Result
	// Unfinished is true when Res was built from checkpoint.json.
	Unfinished bool
	// At and Of are the completed and configured iterations of an
	// unfinished run.
	At, Of int
}

// readTraceRun reads a result.json, or a run directory: its result.json
// when there is one, else the trace in its checkpoint.json (a run that is
// training or was interrupted; its arrays file is not read).
func readTraceRun(arg string) (*traceRun, error) {
	if strings.HasSuffix(arg, ".json") && filepath.Base(arg) != "checkpoint.json" {
		res, err := results.ReadResult(arg)
		if err != nil {
			return nil, inputErr(fmt.Errorf("%s: %w", arg, err))
		}
		return &traceRun{File: arg, Res: res}, nil
	}
	dir := arg
	if filepath.Base(arg) == "checkpoint.json" {
		dir = filepath.Dir(arg)
	} else if res, err := results.ReadResult(filepath.Join(dir, "result.json")); err == nil {
		return &traceRun{File: filepath.Join(dir, "result.json"), Res: res}, nil
	} else if !errors.Is(err, os.ErrNotExist) {
		return nil, inputErr(fmt.Errorf("%s: %w", filepath.Join(dir, "result.json"), err))
	}
	file := filepath.Join(dir, "checkpoint.json")
	ck, err := checkpoint.LoadHeader(file)
	if err != nil {
		return nil, inputErr(fmt.Errorf("%s has no result.json and its checkpoint cannot be read: %w", dir, err))
	}
	if ck.Complete && ck.Result != nil { // complete, its result.json lost: the copy the checkpoint keeps
		var res results.Result
		if err := json.Unmarshal(ck.Result, &res); err != nil {
			return nil, inputErr(fmt.Errorf("%s: the result it keeps cannot be read: %w", file, err))
		}
		return &traceRun{File: file, Res: &res}, nil
	}
	if ck.State == nil {
		return nil, inputErr(fmt.Errorf("%s: the checkpoint holds no training state, so no trace (written by a version before resumable checkpoints)", file))
	}
	res := &results.Result{Model: ck.Config.Model.Name, Dataset: ck.Config.Data.Name, Variant: ck.Variant,
		Iterations: ck.Config.Train.Iterations, Trace: ck.State.Trace, Version: ck.Version}
	if s := ck.Selection; s != nil {
		res.Selection = &results.Selection{Iter: s.Iter, ValNLL: s.NLL, Trace: s.Trace}
	}
	return &traceRun{File: file, Res: res, Unfinished: true, At: ck.State.Iter, Of: ck.Config.Train.Iterations}, nil
}

// readTraceRuns reads every argument with readTraceRun.
func readTraceRuns(args []string) ([]*traceRun, error) {
	rs := make([]*traceRun, len(args))
	for i, a := range args {
		r, err := readTraceRun(a)
		if err != nil {
			return nil, err
		}
		rs[i] = r
	}
	return rs, nil
}

// runPaths are the paths traceLabels names: a run's result.json, or its
// checkpoint.json when it is unfinished.
func runPaths(runs []*traceRun) []string {
	out := make([]string, len(runs))
	for i, r := range runs {
		out[i] = r.File
	}
	return out
}
