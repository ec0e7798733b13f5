package paper

import (
	"fmt"
	"io"
	"sort"
	"strconv"
	"strings"

	"github.com/mgpteam/mgp/pkg/results"
)

// ColumnsAll, as the only column, asks TraceTable for the test NLL, the
// ELBO and every diagnostic the runs traced.
const ColumnsAll = "all"

// TraceTable writes, for each run (a result.json or a run directory, as
// Trace reads them), a Markdown heading naming the run and where its trace
// was read, and a table with one row per evaluated trace point (a point
// with a test NLL or a diagnostic; every point when only the ELBO is
// asked for) and one column per name in columns: test_nll, elbo or a
// diagnostic. A column no run traced is an input error listing what the
// runs have. Values carry four significant digits; "–" marks a point
// without that value.
func TraceTable(w io.Writer, runs []string, columns []string) error {
	if len(columns) == 0 {
		return optErr("columns", ": give at least one of test_nll, elbo or a traced diagnostic")
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
		writeTraceRows(w, r.Res.Trace, columns)
	}
	return nil
}

// allColumns orders the traced names: test NLL, ELBO, then the
// diagnostics alphabetically.
func allColumns(have map[string]bool) []string {
	var out, diag []string
	for _, c := range []string{MetricTestNLL, MetricELBO} {
		if have[c] {
			out = append(out, c)
		}
	}
	for k := range have {
		if k != MetricTestNLL && k != MetricELBO {
			diag = append(diag, k)
		}
	}
	sort.Strings(diag)
	return append(out, diag...)
}

// traceSourceLine says where a run's trace comes from and how far it got.
func traceSourceLine(r *traceRun) string {
	id := r.Res.Model + " on " + r.Res.Dataset
	if r.Res.Variant != "" {
		id += ", variant " + r.Res.Variant
	}
	if r.Unfinished {
		return fmt.Sprintf("%s: unfinished, trace from %s at iteration %d of %d (binary %s).", id, r.File, r.At, r.Of, r.Res.Version)
	}
	return fmt.Sprintf("%s: %d iterations, trace from %s (binary %s).", id, r.Res.Iterations, r.File, r.Res.Version)
}

// writeTraceRows writes the table of one run's trace.
func writeTraceRows(w io.Writer, tr []results.TracePoint, columns []string) {
	fmt.Fprintf(w, "| iteration | %s |\n|---|%s\n", strings.Join(columns, " | "), strings.Repeat("---|", len(columns)))
	onlyELBO := len(columns) == 1 && columns[0] == MetricELBO
	for _, p := range tr {
		if !onlyELBO && p.TestNLL == nil && len(p.Diagnostics) == 0 {
			continue
		}
		cells := make([]string, len(columns))
		for j, c := range columns {
			cells[j] = traceCell(p, c)
		}
		fmt.Fprintf(w, "| %d | %s |\n", p.Iter, strings.Join(cells, " | "))
	}
}

// traceCell formats one value of a trace point, "–" when it is absent.
func traceCell(p results.TracePoint, column string) string {
	v, ok := p.Diagnostics[column]
	switch {
	case column == MetricELBO:
		v, ok = p.ELBO, true
	case column == MetricTestNLL:
		ok = p.TestNLL != nil
		if ok {
			v = *p.TestNLL
		}
	}
	if !ok {
		return "–"
	}
	return strconv.FormatFloat(v, 'g', 4, 64)
}
