package verify

import (
	"fmt"
	"math"
	"path/filepath"
	"runtime"
	"slices"
	"strings"

	ad "github.com/mgpteam/mgp/pkg/autodiff"
	"github.com/mgpteam/mgp/pkg/results"
	"github.com/mgpteam/mgp/pkg/rundir"
	"github.com/mgpteam/mgp/pkg/sweep"
)

// Status is a verified run's verdict.
type Status string

// The verdicts, in the reports' order.
const (
	// Identical: every number compared is the same, bit for bit.
	Identical Status = "identical"
	// WithinTolerance: every number compared is within the tolerance.
	WithinTolerance Status = "within tolerance"
	// Different: some number is beyond the tolerance (or missing).
	Different Status = "different"
	// NotRerunnable: the run cannot be re-run (Reason says why).
	NotRerunnable Status = "not re-runnable"
	// Failed: the re-run failed (Reason holds its error).
	Failed Status = "failed"
	// Unfinished: the re-run has not finished (interrupted, or running
	// in another process); running the command again continues it.
	Unfinished Status = "unfinished"
	// LeftOut: the budget left the run out.
	LeftOut Status = "left out"
)

// Statuses lists the verdicts in the reports' order.
var Statuses = []Status{Identical, WithinTolerance, Different, NotRerunnable, Failed, Unfinished, LeftOut}

// Binary is the binary that made a run.
type Binary struct {
	Version string `json:"version"`
	// Earlier are the versions that trained the run before Version (a
	// resumed run), oldest first.
	Earlier []string `json:"earlier,omitempty"`
	Date    string   `json:"date,omitempty"`
	BLAS    string   `json:"blas,omitempty"`
	Go      string   `json:"go,omitempty"`
}

// binaryOf is the binary recorded in r.
func binaryOf(r *results.Result) *Binary {
	if r == nil {
		return nil
	}
	return &Binary{Version: r.Version, Earlier: r.EarlierVersions, Date: r.Date, BLAS: r.BLAS, Go: r.GoVersion}
}

// Outcome is one committed run's verification.
type Outcome struct {
	// Path is the committed result.json; Scratch the re-run's directory.
	Path    string `json:"path"`
	Scratch string `json:"scratch,omitempty"`
	// Dataset, Model, Variant and Seed name the run.
	Dataset string `json:"dataset,omitempty"`
	Model   string `json:"model,omitempty"`
	Variant string `json:"variant,omitempty"`
	Seed    uint64 `json:"seed"`
	Status  Status `json:"status"`
	// Reason says why a run is not re-runnable, failed, unfinished or
	// left out.
	Reason string `json:"reason,omitempty"`
	// Old is the committed run's binary, New the re-run's.
	Old *Binary `json:"old,omitempty"`
	New *Binary `json:"new,omitempty"`
	// Iterations is what the re-run trains; Truncated says it stops
	// before the committed run's last iteration, so that its trace is
	// compared, not its metrics.
	Iterations int  `json:"iterations,omitempty"`
	Truncated  bool `json:"truncated,omitempty"`
	// ConfigNote says how the recorded config decodes today.
	ConfigNote string `json:"config_note,omitempty"`
	// Compared says what was compared; Diff is the comparison.
	Compared string `json:"compared,omitempty"`
	Diff     *Diff  `json:"diff,omitempty"`
	// Metrics are the committed metrics beside the re-run's (a full
	// re-run that is not identical; see sideBySide).
	Metrics []Row `json:"metrics,omitempty"`
	// FirstTraceDiff is, for a full re-run, the first iteration whose
	// trace entry differs (-1: none; the trace agrees bit for bit).
	FirstTraceDiff *int `json:"first_trace_diff,omitempty"`
	// EstimateSeconds is the re-run's estimated cost (single core).
	EstimateSeconds float64 `json:"estimate_seconds,omitempty"`
}

// outcomeOf judges one item after the re-runs: from its scratch run's
// state and, when finished, its result against the committed one.
func outcomeOf(it Item, o Options) Outcome {
	out := Outcome{Path: it.Path, Scratch: it.Scratch, Status: NotRerunnable, Reason: it.Reason, Old: binaryOf(it.Result),
		Iterations: it.Iterations, Truncated: it.Truncated, ConfigNote: it.ConfigNote, EstimateSeconds: it.Estimate}
	if r := it.Result; r != nil {
		out.Dataset, out.Model, out.Variant, out.Seed = r.Dataset, r.Model, variantOf(r), r.SplitSeed
	}
	if it.Reason != "" {
		return out
	}
	if it.LeftOut != "" {
		out.Status, out.Reason = LeftOut, it.LeftOut
		return out
	}
	st := sweep.RunStatus(it.prep.Run, o.Stale)
	switch st.State {
	case sweep.Done:
	case sweep.Failed:
		out.Status, out.Reason = Failed, st.Detail
		return out
	default:
		out.Status, out.Reason = Unfinished, st.State.String()
		if st.Detail != "" {
			out.Reason += ": " + st.Detail
		}
		return out
	}
	nr, err := results.ReadResult(filepath.Join(it.Scratch, rundir.ResultFile))
	if err != nil {
		out.Status, out.Reason = Failed, "the re-run's result cannot be read: "+err.Error()
		return out
	}
	out.New = binaryOf(nr)
	var d Diff
	if it.Truncated {
		out.Compared = fmt.Sprintf("trace up to iteration %d", it.Iterations)
		d = compareNumbers(TraceNumbers(it.Result, it.Iterations), TraceNumbers(nr, it.Iterations), o.Tolerance)
		if d.Compared == 0 {
			out.Status, out.Reason = NotRerunnable, fmt.Sprintf("the committed run traced nothing up to iteration %d to compare", it.Iterations)
			return out
		}
	} else {
		out.Compared = "metrics"
		old, now := MetricNumbers(it.Result.Metrics), MetricNumbers(nr.Metrics)
		d = compareNumbers(old, now, o.Tolerance)
		if !d.Identical {
			out.Metrics = sideBySide(old, now)
		}
		first := firstTraceDifference(it.Result, nr)
		out.FirstTraceDiff = &first
	}
	out.Diff = &d
	switch {
	case d.Identical:
		out.Status = Identical
	case d.Within:
		out.Status = WithinTolerance
	default:
		out.Status = Different
	}
	return out
}

// sideBySide lists the committed metrics beside the re-run's (NaN where
// the re-run lacks one), in key order: every one but the PIT histogram's
// counts, which are listed where they differ.
func sideBySide(old, now map[string]float64) []Row {
	rows := make([]Row, 0, len(old))
	for k, v := range old {
		n, ok := now[k]
		if !ok {
			n = math.NaN()
		}
		if ok && same(v, n) && strings.Contains(k, "pit_hist[") {
			continue
		}
		rows = append(rows, Row{Key: k, Old: v, New: n})
	}
	slices.SortFunc(rows, func(a, b Row) int { return compareKeys(a.Key, b.Key) })
	return rows
}

// thisBinary is the binary of this process, as a re-run records it.
func thisBinary(version string) Binary {
	return Binary{Version: version, BLAS: ad.Backend(), Go: runtime.Version()}
}
