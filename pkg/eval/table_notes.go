package eval

import (
	"fmt"
	"strconv"
	"strings"
)

// Notes returns one line per thing Summarise kept apart instead of pooling,
// each starting "kept apart: ": groups whose runs came under several
// protocols (each protocol has its own row) and runs repeating the seeds of
// an earlier run of their row (only the first file in path order is pooled).
func (s Summary) Notes() []string {
	var out []string
	for _, p := range s.Protocols {
		ps := make([]Protocol, len(p.Rows))
		for i, r := range p.Rows {
			ps[i] = r.Protocol
		}
		parts := varyingParts(ps)
		var groups []string
		for _, r := range p.Rows {
			groups = append(groups, fmt.Sprintf("%d %s %s", r.N, plural(r.N, "run", "runs"), r.Protocol.phrase(parts)))
		}
		out = append(out, fmt.Sprintf("kept apart: %s on %s: %s",
			modelVariant(p.Model, p.Variant), p.Dataset, strings.Join(groups, ", ")))
	}
	for _, d := range s.Duplicates {
		n := len(d.LeftApart)
		out = append(out, fmt.Sprintf("kept apart: %d %s of split %d / model seed %d for %s on %s (%s): pooled only %s; not pooled: %s",
			n, plural(n, "repeat", "repeats"), d.SplitSeed, d.ModelSeed, modelVariant(d.Model, d.Variant), d.Dataset,
			d.Protocol.brief(), pathOrUnknown(d.Kept), joinRepeats(d.LeftApart)))
	}
	return out
}

// joinRepeats lists left-out runs, each with the config keys that set it
// apart from the pooled run: "a/result.json (config differs in model.ard)".
func joinRepeats(rs []Repeat) string {
	const maxKeys = 4
	s := make([]string, len(rs))
	for i, r := range rs {
		s[i] = pathOrUnknown(r.Path)
		switch keys := r.ConfigDiff; {
		case len(keys) == 0:
			s[i] += " (same config)"
		case len(keys) > maxKeys:
			s[i] += fmt.Sprintf(" (config differs in %s and %d more)", strings.Join(keys[:maxKeys], ", "), len(keys)-maxKeys)
		default:
			s[i] += " (config differs in " + strings.Join(keys, ", ") + ")"
		}
	}
	return strings.Join(s, ", ")
}

// brief names p in short: "2000 its, 200 samples, random split".
func (p Protocol) brief() string {
	return p.short(protocolParts{iterations: true, samples: true, split: true})
}

// phrase names the given parts of p for prose: "at 2000 iterations with 100
// samples on fixed splits".
func (p Protocol) phrase(parts protocolParts) string {
	var s []string
	if parts.iterations {
		s = append(s, fmt.Sprintf("at %d iterations", p.Iterations))
	}
	if parts.samples {
		s = append(s, fmt.Sprintf("with %d samples", p.Samples))
	}
	if parts.split {
		switch p.Split {
		case SplitToy:
			s = append(s, "on toy data")
		default:
			s = append(s, "on "+string(p.Split)+" splits")
		}
	}
	return strings.Join(s, " ")
}

// protocolLines states the protocol and the seeds behind every cell of g:
// the protocol once when all rows share it, else a line per protocol naming
// its rows; then the seeds, once when all cells share them, else the most
// common set and the cells that differ from it.
func protocolLines(g grid) []string {
	var protocols []string
	rowsOf := map[string][]string{}
	for _, r := range g.rows {
		p := r.protocol.String()
		if _, ok := rowsOf[p]; !ok {
			protocols = append(protocols, p)
		}
		rowsOf[p] = append(rowsOf[p], r.label)
	}
	var out []string
	if len(protocols) == 1 {
		out = append(out, "Protocol (every cell): "+protocols[0]+".")
	} else {
		out = append(out, "Protocol per row:", "")
		for _, p := range protocols {
			out = append(out, "- "+p+": "+strings.Join(rowsOf[p], ", "))
		}
		out = append(out, "")
	}
	return append(out, seedsLine(g))
}

// seedsLine lists the seeds behind the cells of g.
func seedsLine(g grid) string {
	type group struct {
		seeds string
		n     int
		cells map[int][]string // row -> data sets
		rows  []int
	}
	var groups []*group
	bySeeds := map[string]*group{}
	pairs := false
	for i := range g.rows {
		for _, d := range g.datasets {
			c, ok := g.cells[gridKey{i, d}]
			if !ok {
				continue
			}
			s, pair := seedsList(c.Row)
			pairs = pairs || pair
			gr := bySeeds[s]
			if gr == nil {
				gr = &group{seeds: s, cells: map[int][]string{}}
				bySeeds[s] = gr
				groups = append(groups, gr)
			}
			if _, ok := gr.cells[i]; !ok {
				gr.rows = append(gr.rows, i)
			}
			gr.cells[i] = append(gr.cells[i], d)
			gr.n++
		}
	}
	legend := " (split seed = model seed)"
	if pairs {
		legend = " (n: split seed = model seed = n; s/m: split seed s, model seed m)"
	}
	if len(groups) == 1 {
		return "Seeds (every cell)" + legend + ": " + groups[0].seeds + "."
	}
	most := 0
	for i, gr := range groups {
		if gr.n > groups[most].n {
			most = i
		}
	}
	parts := []string{groups[most].seeds + " in most cells"}
	for i, gr := range groups {
		if i == most {
			continue
		}
		var where []string
		for _, r := range gr.rows {
			if ds := gr.cells[r]; len(ds) < g.rowCells(r) {
				where = append(where, g.rows[r].label+" on "+strings.Join(ds, ", "))
			} else {
				where = append(where, g.rows[r].label)
			}
		}
		parts = append(parts, gr.seeds+" in "+strings.Join(where, ", "))
	}
	return "Seeds" + legend + ": " + strings.Join(parts, "; ") + "."
}

// rowCells is the number of cells row i has.
func (g grid) rowCells(i int) int {
	n := 0
	for _, d := range g.datasets {
		if _, ok := g.cells[gridKey{i, d}]; ok {
			n++
		}
	}
	return n
}

// seedsList lists the seeds behind a row: "0, 1, 2" when each run's split
// and model seeds agree, "0/0, 1/0" (split/model) otherwise, and whether it
// used the pair form.
func seedsList(r Row) (string, bool) {
	pair := false
	for i := range r.SplitSeeds {
		pair = pair || r.SplitSeeds[i] != r.ModelSeeds[i]
	}
	s := make([]string, len(r.SplitSeeds))
	for i := range r.SplitSeeds {
		s[i] = strconv.FormatUint(r.SplitSeeds[i], 10)
		if pair {
			s[i] += "/" + strconv.FormatUint(r.ModelSeeds[i], 10)
		}
	}
	return strings.Join(s, ", "), pair
}

// modelVariant names a model and its variant: "slgp [beta=0.1]".
func modelVariant(model, variant string) string {
	if variant == "" {
		return model
	}
	return model + " [" + variant + "]"
}

// pathOrUnknown names a result file, or says that it has no path.
func pathOrUnknown(p string) string {
	if p == "" {
		return "(a result given without a path)"
	}
	return p
}
