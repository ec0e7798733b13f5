package report

import (
	"fmt"
	"math"
	"strconv"
	"strings"
)

// RunCell summarises the runs of one cell (data set, model, variant,
// protocol; see Summarise): how many, the mean and population sd of the
// reported test NLL, the mean of the last iteration's NLL over the runs
// that selected, and the mean of each diagnostic over the runs that report
// it. Unlike a Row it keeps every run, repeats of a seed included.
type RunCell struct {
	// Dataset, Model and Variant name the cell; Iterations is its runs'.
	Dataset, Model, Variant string
	Iterations              int
	// Protocol is what the cell's runs share, and Config their config
	// (configKey): runs under different configs make different cells.
	Protocol Protocol
	Config   string
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

// RunCells groups rows into cells as Summarise does, in the order of each
// cell's first row (RunRows' order gives data set, model, variant).
func RunCells(rows []RunRow) []RunCell {
	keys, groups := groupCells(rows, func(r RunRow) cellKey {
		return cellKey{r.Model, r.Variant, r.Dataset, r.Protocol, r.Config}
	})
	cells := make([]RunCell, len(keys))
	for i, k := range keys {
		cells[i] = summariseRunCell(k, groups[k])
	}
	return cells
}

// summariseRunCell summarises the rows of one cell.
func summariseRunCell(k cellKey, rows []RunRow) RunCell {
	c := RunCell{Dataset: k.dataset, Model: k.model, Variant: k.variant, Iterations: k.protocol.Iterations, Protocol: k.protocol, Config: k.config, N: len(rows)}
	var nll, last []float64
	var diags [][]float64
	for _, r := range rows {
		c.Seeds = append(c.Seeds, r.Seed)
		nll = append(nll, r.NLL)
		if r.SelectedIter > 0 {
			last = append(last, r.LastNLL)
		}
		for len(diags) < len(r.Diags) {
			diags = append(diags, nil)
		}
		for j, v := range r.Diags {
			if !math.IsNaN(v) {
				diags[j] = append(diags[j], v)
			}
		}
	}
	c.NLLMean, c.NLLStd = PopMeanSD(nll)
	c.LastMean, _ = PopMeanSD(last)
	for _, d := range diags {
		m, _ := PopMeanSD(d)
		c.Diags = append(c.Diags, m)
	}
	return c
}

// MarkdownRunCells renders cells as a Markdown table: one line per (data
// set, model, variant, protocol) with the seeds, the test NLL as mean ± sd,
// the mean last-iteration NLL and the mean of each diagnostic. The
// iterations column names the rest of the protocol ("20000 (fixed split)")
// where a data set, model and variant come under several.
func MarkdownRunCells(cells []RunCell, diags []string) string {
	header := []string{"data set", "model", "variant", "its", "runs (seeds)", "test NLL", "last-it NLL"}
	for _, d := range diags {
		header = append(header, "mean "+d)
	}
	type mvd struct{ model, variant, dataset string }
	protocols := map[mvd][]Protocol{}
	configs := map[mvd]map[string]bool{}
	for _, c := range cells {
		k := mvd{c.Model, c.Variant, c.Dataset}
		protocols[k] = append(protocols[k], c.Protocol)
		if configs[k] == nil {
			configs[k] = map[string]bool{}
		}
		configs[k][c.Config] = true
	}
	lines := make([][]string, len(cells))
	for i, c := range cells {
		seeds := make([]string, len(c.Seeds))
		for k, s := range c.Seeds {
			seeds[k] = strconv.FormatUint(s, 10)
		}
		its := strconv.Itoa(c.Iterations)
		if siblings := protocols[mvd{c.Model, c.Variant, c.Dataset}]; len(siblings) > 1 {
			parts := varyingParts(siblings)
			parts.iterations = false // the column says it
			if rest := c.Protocol.text(parts, shortWords); rest != "" {
				its += " (" + rest + ")"
			}
		}
		if len(configs[mvd{c.Model, c.Variant, c.Dataset}]) > 1 {
			its += " [" + configLabel(c.Config) + "; kept apart]"
		}
		line := []string{c.Dataset, c.Model, orDash(c.Variant), its,
			fmt.Sprintf("%d (%s)", c.N, strings.Join(seeds, ", ")),
			runCell(c.NLLMean) + " ± " + runCell(c.NLLStd), runCell(c.LastMean)}
		for _, v := range c.Diags {
			line = append(line, runCell(v))
		}
		lines[i] = line
	}
	var b strings.Builder
	WriteMarkdown(&b, header, lines)
	return b.String()
}
