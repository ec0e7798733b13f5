package paper

import (
	"fmt"
	"io"
	"slices"
	"sort"
	"strconv"
	"strings"

	"github.com/mgpteam/mgp/pkg/results"
)

// ColumnsAll, as the only column, asks TraceTable for the test NLL, the
// validation NLL, the ELBO and every diagnostic the runs traced.
const ColumnsAll = "all"

// TraceTable writes, for each run (a result.json or a run directory, as
// Trace reads them), a Markdown heading naming the run and where its trace
// was read (and, with held-out selection, the iteration it selected), and
// a table with one row per evaluated trace point (a point with a test NLL
// or a diagnostic; every point when only the ELBO is asked for), and per
// held-out check when val_nll is asked for, in iteration order, and one
// column per name in columns: test_nll, val_nll, elbo or a diagnostic. A
// column no run traced is an input error listing what the runs have.
// Values carry four significant digits; "–" marks a row without that
// value.
func TraceTable(w io.Writer, runs []string, columns []string) error {
	if len(columns) == 0 {
		return optErr("columns", ": give at least one of test_nll, val_nll, elbo or a traced diagnostic")
	}
	rs, err := readTraceRuns(runs)
	if err != nil {
		return err
	}
	have := map[string]bool{}
	for _, r := range rs {
		for _, p := range r.Res.Trace {
			if p.TestNLL != nil {
				have[MetricTestNLL] = true
			}
			for k := range p.Diagnostics {
				have[k] = true
			}
		}
		if len(r.Res.Trace) > 0 {
			have[MetricELBO] = true
		}
		if r.Res.Selection != nil && len(r.Res.Selection.Trace) > 0 {
			have[MetricValNLL] = true
		}
	}
	if len(columns) == 1 && columns[0] == ColumnsAll {
		columns = allColumns(have)
	}
	for _, c := range columns {
		if !have[c] {
			return optErr("columns", fmt.Sprintf(" %q: no run traced it (they have: %s)", c, strings.Join(allColumns(have), ", ")))
		}
	}
	labels := traceLabels(runPaths(rs))
	for i, r := range rs {
		if i > 0 {
			fmt.Fprintln(w)
		}
		fmt.Fprintf(w, "### %s\n\n%s\n\n", labels[i], traceSourceLine(r))
		writeTraceRows(w, r.Res, columns)
	}
	return nil
}

// allColumns orders the traced names: test NLL, validation NLL, ELBO,
// then the diagnostics alphabetically.
func allColumns(have map[string]bool) []string {
	var out, diag []string
	for _, c := range []string{MetricTestNLL, MetricValNLL, MetricELBO} {
		if have[c] {
			out = append(out, c)
		}
	}
	for k := range have {
		if k != MetricTestNLL && k != MetricValNLL && k != MetricELBO {
			diag = append(diag, k)
		}
	}
	sort.Strings(diag)
	return append(out, diag...)
}

// traceSourceLine says where a run's trace comes from, how far it got and
// which iteration its held-out selection chose.
func traceSourceLine(r *traceRun) string {
	id := r.Res.Model + " on " + r.Res.Dataset
	if r.Res.Variant != "" {
		id += ", variant " + r.Res.Variant
	}
	line := fmt.Sprintf("%s: %d iterations, trace from %s (binary %s).", id, r.Res.Iterations, r.File, r.Res.Version)
	if r.Unfinished {
		line = fmt.Sprintf("%s: unfinished, trace from %s at iteration %d of %d (binary %s).", id, r.File, r.At, r.Of, r.Res.Version)
	}
	if s := r.Res.Selection; s != nil && len(s.Trace) > 0 {
		sofar := ""
		if r.Unfinished {
			sofar = " so far"
		}
		line += fmt.Sprintf(" Held-out selection%s: iteration %d (validation NLL %s).", sofar, s.Iter, strconv.FormatFloat(s.ValNLL, 'g', 4, 64))
	}
	return line
}

// traceRow is one row of a run's table: the trace point and the held-out
// check at one iteration (either may be absent).
type traceRow struct {
	iter  int
	point *results.TracePoint
	val   *float64
}

// writeTraceRows writes the table of one run's trace: its evaluated trace
// points, and its held-out checks when val_nll is a column.
func writeTraceRows(w io.Writer, res *results.Result, columns []string) {
	fmt.Fprintf(w, "| iteration | %s |\n|---|%s\n", strings.Join(columns, " | "), strings.Repeat("---|", len(columns)))
	onlyELBO := len(columns) == 1 && columns[0] == MetricELBO
	byIter := map[int]*traceRow{}
	var rows []*traceRow
	row := func(it int) *traceRow {
		if byIter[it] == nil {
			byIter[it] = &traceRow{iter: it}
			rows = append(rows, byIter[it])
		}
		return byIter[it]
	}
	points := map[int]*results.TracePoint{}
	for i := range res.Trace {
		p := &res.Trace[i]
		points[p.Iter] = p
		if onlyELBO || p.TestNLL != nil || len(p.Diagnostics) > 0 {
			row(p.Iter).point = p
		}
	}
	if res.Selection != nil && slices.Contains(columns, MetricValNLL) {
		for _, v := range res.Selection.Trace {
			r := row(v.Iter)
			r.val = &v.NLL
			r.point = points[v.Iter] // its ELBO, when the trace has the iteration
		}
	}
	sort.SliceStable(rows, func(i, j int) bool { return rows[i].iter < rows[j].iter })
	for _, r := range rows {
		cells := make([]string, len(columns))
		for j, c := range columns {
			cells[j] = traceCell(r, c)
		}
		fmt.Fprintf(w, "| %d | %s |\n", r.iter, strings.Join(cells, " | "))
	}
}

// traceCell formats one value of a row, "–" when it is absent.
func traceCell(r *traceRow, column string) string {
	var v float64
	ok := false
	switch {
	case column == MetricValNLL:
		if ok = r.val != nil; ok {
			v = *r.val
		}
	case r.point == nil:
	case column == MetricELBO:
		v, ok = r.point.ELBO, true
	case column == MetricTestNLL:
		if ok = r.point.TestNLL != nil; ok {
			v = *r.point.TestNLL
		}
	default:
		v, ok = r.point.Diagnostics[column]
	}
	if !ok {
		return "–"
	}
	return strconv.FormatFloat(v, 'g', 4, 64)
}
