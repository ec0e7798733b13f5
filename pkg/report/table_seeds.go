package report

import (
	"slices"
	"strconv"
	"strings"
)

// protocolLines states the protocol and the seeds behind every cell of g:
// the protocol once when all rows share it, else a line per protocol naming
// its rows; then the seeds, once when all cells share them, else the most
// common set and the cells that differ from it.
func protocolLines(g grid) []string {
	var protocols []Protocol
	rowsOf := map[Protocol][]string{}
	for _, r := range g.rows {
		if _, ok := rowsOf[r.protocol]; !ok {
			protocols = append(protocols, r.protocol)
		}
		rowsOf[r.protocol] = append(rowsOf[r.protocol], r.label)
	}
	slices.SortFunc(protocols, CompareProtocols)
	var out []string
	if len(protocols) == 1 {
		out = append(out, "Protocol (every cell): "+protocols[0].String()+".")
	} else {
		out = append(out, "Protocol per row:", "")
		for _, p := range protocols {
			out = append(out, "- "+p.String()+": "+strings.Join(rowsOf[p], ", "))
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
			s, pair := SeedsList(c.Row)
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
	legend := "split seed = model seed"
	if pairs {
		legend = "n: split seed = model seed = n; s/m: split seed s, model seed m"
	}
	if len(groups) == 1 {
		return "Seeds (every cell; " + legend + "): " + groups[0].seeds + "."
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
	return "Seeds (" + legend + "): " + strings.Join(parts, "; ") + "."
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

// SeedsList lists the seeds behind a row: "0, 1, 2" when each run's split
// and model seeds agree, "0/0, 1/0" (split/model) otherwise, and whether it
// used the pair form.
func SeedsList(r Row) (string, bool) {
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
