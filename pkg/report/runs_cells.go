package report

import (
	"fmt"
	"math"
	"strconv"
	"strings"
)

// RunCell summarises the runs of one (data set, model, variant, number of
// iterations): how many, the mean and population sd of the reported test
// NLL, the mean of the last iteration's NLL over the runs that selected,
// and the mean of each diagnostic over the runs that report it.
type RunCell struct {
	// Dataset, Model and Variant name the cell; Iterations is its runs'.
	Dataset, Model, Variant string
	Iterations              int
	// N is the number of runs; Seeds lists their split seeds in order.
	N     int
	Seeds []uint64
	// NLLMean and NLLStd are the mean and population sd of the test NLL.
	NLLMean, NLLStd float64
	// LastMean is the mean last-iteration NLL of the runs that selected
	// (NaN when none did).
	LastMean float64
	// Diags holds the mean of each diagnostic, NaN where no run has it.
	Diags []float64
}

// RunCells groups rows into cells, in the order of each cell's first row
// (RunRows' order gives data set, model, variant).
func RunCells(rows []RunRow) []RunCell {
	type key struct {
		dataset, model, variant string
		iterations              int
	}
	index := map[key]int{}
	var cells []RunCell
	var nll, last [][]float64
	var diags [][][]float64
	for _, r := range rows {
		k := key{r.Dataset, r.Model, r.Variant, r.Iterations}
		i, ok := index[k]
		if !ok {
			i = len(cells)
			index[k] = i
			cells = append(cells, RunCell{Dataset: r.Dataset, Model: r.Model, Variant: r.Variant, Iterations: r.Iterations})
			nll, last = append(nll, nil), append(last, nil)
			diags = append(diags, make([][]float64, len(r.Diags)))
		}
		c := &cells[i]
		c.N++
		c.Seeds = append(c.Seeds, r.Seed)
		nll[i] = append(nll[i], r.NLL)
		if r.SelectedIter > 0 {
			last[i] = append(last[i], r.LastNLL)
		}
		for k, v := range r.Diags {
			if !math.IsNaN(v) {
				diags[i][k] = append(diags[i][k], v)
			}
		}
	}
	for i := range cells {
		c := &cells[i]
		c.NLLMean, c.NLLStd = meanSD(nll[i])
		c.LastMean, _ = meanSD(last[i])
		for _, d := range diags[i] {
			m, _ := meanSD(d)
			c.Diags = append(c.Diags, m)
		}
	}
	return cells
}

// MarkdownRunCells renders cells as a Markdown table: one line per (data
// set, model, variant, iterations) with the seeds, the test NLL as mean ±
// sd, the mean last-iteration NLL and the mean of each diagnostic.
func MarkdownRunCells(cells []RunCell, diags []string) string {
	header := []string{"data set", "model", "variant", "its", "runs (seeds)", "test NLL", "last-it NLL"}
	for _, d := range diags {
		header = append(header, "mean "+d)
	}
	lines := make([][]string, len(cells))
	for i, c := range cells {
		seeds := make([]string, len(c.Seeds))
		for k, s := range c.Seeds {
			seeds[k] = strconv.FormatUint(s, 10)
		}
		line := []string{c.Dataset, c.Model, orDash(c.Variant), strconv.Itoa(c.Iterations),
			fmt.Sprintf("%d (%s)", c.N, strings.Join(seeds, ", ")),
			runCell(c.NLLMean) + " ± " + runCell(c.NLLStd), runCell(c.LastMean)}
		for _, v := range c.Diags {
			line = append(line, runCell(v))
		}
		lines[i] = line
	}
	var b strings.Builder
	writeMarkdown(&b, header, lines)
	return b.String()
}
