package report

import (
	"math"
	"regexp"
	"strings"
	"testing"

	"github.com/mgpteam/mgp/pkg/results"

	"github.com/mgpteam/mgp/pkg/paper/values"
)

func TestMarkdownTable(t *testing.T) {
	rows := SummariseResults(syntheticResults()).Rows
	want := `Test NLL, mean ± population sd over runs (n), original y scale; lower is better. **Bold**: lowest mean in its column; *italics*: second lowest, among cells with at least 3 runs and a finite mean (ties share a mark; a column with one such cell is not marked); a single run shows its value and (1) only; –: no runs.

| model | boston | energy | toy |
|---|---|---|---|
| sgp | 2.3000 ± 0.0816 (3) | – | – |
| SLGP | 2.2000 ± 0.1000 (2) | 0.7000 (1) | – |
| mine | – | – | 1.0000 (1) |

The paper (Table 3: mean ± std over 10 runs; † best and ‡ second in the paper) and z = (ours − paper) / √(std_ours² + std_paper²):

| model | boston | energy | toy |
|---|---|---|---|
| sgp | 2.3325 ± 0.0723, z -0.3 | – | – |
| SLGP | 2.2075 ± 0.0804, z -0.1 | 0.6821 ± 0.3064 †, z +0.1 | – |
| mine | – | – | – |

Against the paper (within its band means |z| ≤ 2): 3 cells within, 0 better (z < −2), 0 worse (z > 2), 1 without a paper value.

The paper's SLGP used the hybrid bound with β: boston 1, energy 1.

Protocol (every cell): 2000 iterations, 200 samples per test point, random split.
Seeds (split seed = model seed): 0 in most cells; 0, 1, 2 in sgp; 0, 1 in SLGP on boston.
`
	if got := MarkdownTable(rows, values.Table3()); got != want {
		t.Fatalf("MarkdownTable:\n%s\nwant:\n%s", got, want)
	}
	// Without paper values only our table and the protocol are written.
	got := MarkdownTable(rows, nil)
	if strings.Contains(got, "paper") || strings.Contains(got, "β") || !strings.Contains(got, "Protocol (every cell)") {
		t.Fatalf("MarkdownTable without paper:\n%s", got)
	}
	// No cell the paper covers: say so instead of an empty second table.
	toy := MarkdownTable(SummariseResults([]*results.Result{run("slgp", "moons", 0, 1, 1)}).Rows, values.Table3())
	if !strings.Contains(toy, "no value for any of these cells") || strings.Count(toy, "| model |") != 1 {
		t.Fatalf("MarkdownTable with no paper cell:\n%s", toy)
	}
}

// markdownTables returns the tables of md, each as its lines.
func markdownTables(md string) [][]string {
	var tables [][]string
	var cur []string
	for _, line := range strings.Split(md, "\n") {
		if strings.HasPrefix(line, "|") {
			cur = append(cur, line)
			continue
		}
		if cur != nil {
			tables = append(tables, cur)
			cur = nil
		}
	}
	return tables
}

// cellCount counts the cells of a Markdown table line (unescaped pipes).
func cellCount(line string) int {
	return len(regexp.MustCompile(`(^|[^\\])\|`).FindAllString(line, -1)) - 1
}

// TestMarkdownIsValidTable: with variants (one holding a pipe), several
// protocols, NaN means and cells missing, every line of every table has the
// header's number of cells and the separator line is well formed.
func TestMarkdownIsValidTable(t *testing.T) {
	rs := []*results.Result{
		run("sgp", "boston", 0, 2.3, 1),
		with(run("sgp", "boston", 1, 2.4, 1), func(r *results.Result) { r.Iterations = 20000 }),
		with(run("slgp", "energy", 0, math.NaN(), 1), func(r *results.Result) { r.Variant = "a|b" }),
		run("slgp", "kin8nm", 0, -1, 1),
		run("mine", "toy|set", 0, 1, 1),
	}
	md := MarkdownTable(SummariseResults(rs).Rows, values.Table3())
	tables := markdownTables(md)
	if len(tables) != 2 {
		t.Fatalf("%d tables, want 2:\n%s", len(tables), md)
	}
	for _, tab := range tables {
		want := cellCount(tab[0])
		if want != 5 { // model + boston, energy, kin8nm, toy|set
			t.Fatalf("header %q has %d cells, want 5", tab[0], want)
		}
		if tab[1] != "|---|---|---|---|---|" {
			t.Errorf("separator %q", tab[1])
		}
		if len(tab) != 2+5 { // sgp (2000 its), sgp (20000 its), slgp, slgp [a|b], mine
			t.Errorf("%d rows, want 5:\n%s", len(tab)-2, strings.Join(tab, "\n"))
		}
		for _, line := range tab {
			if n := cellCount(line); n != want {
				t.Errorf("%d cells, want %d: %s", n, want, line)
			}
		}
	}
	if !strings.Contains(md, `| slgp [a\|b] |`) || !strings.Contains(md, `| toy\|set |`) {
		t.Errorf("pipes in names not escaped:\n%s", md)
	}
	if cellCount("| a\\|b | x |") != 2 {
		t.Fatal("cellCount miscounts escaped pipes")
	}
}

// TestMarkdownMarksBestAndSecond: bold and italics follow the ranks of each
// column; ties share a mark; NaN means are never marked, nor is a lone
// finite mean.
func TestMarkdownMarksBestAndSecond(t *testing.T) {
	cases := []struct {
		name   string
		means  []float64
		bold   []string // models whose cell is bold
		italic []string
	}{
		{"distinct", []float64{3, 1, 2}, []string{"b"}, []string{"c"}},
		{"tie for best", []float64{1, 1, 2}, []string{"a", "b"}, nil},
		{"tie for second", []float64{2, 1, 2}, []string{"b"}, []string{"a", "c"}},
		{"NaN lowest in sort order", []float64{math.NaN(), 2, 3}, []string{"b"}, []string{"c"}},
		{"only NaN", []float64{math.NaN()}, nil, nil},
		{"one finite mean", []float64{math.NaN(), 2, math.Inf(1)}, nil, nil},
		{"one row", []float64{2}, nil, nil},
		{"thin cells never marked", []float64{3, 1, 2, 0.5}, []string{"b"}, []string{"c"}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			rows := column(c.means...)
			if len(rows) == 4 {
				rows[3].N = MinMarkRuns - 1 // lowest mean, too few runs
			}
			md := MarkdownTable(rows, nil)
			for i := range c.means {
				model := string(rune('a' + i))
				line := ""
				for _, l := range strings.Split(md, "\n") {
					if strings.HasPrefix(l, "| "+model+" |") {
						line = l
					}
				}
				bold := strings.Contains(line, "| **")
				italic := !bold && strings.Contains(line, "| *")
				if bold != contains(c.bold, model) || italic != contains(c.italic, model) {
					t.Errorf("row %s: %q (bold %v, italic %v)", model, line, bold, italic)
				}
			}
		})
	}
}

// contains reports whether list holds s.
func contains(list []string, s string) bool {
	for _, v := range list {
		if v == s {
			return true
		}
	}
	return false
}

// TestMarkdownLabelsAndProtocolLines: a model with several protocols gets
// them in its row labels (only the parts that differ), the protocol line
// names each protocol's rows, and the seeds line the cells that differ.
func TestMarkdownLabelsAndProtocolLines(t *testing.T) {
	rs := []*results.Result{
		run("slgp", "boston", 0, 2.3, 1),
		run("slgp", "boston", 1, 2.4, 1),
		run("slgp", "energy", 0, 0.7, 1),
		with(run("slgp", "boston", 0, 2.1, 1), func(r *results.Result) { r.Iterations = 20000 }),
		with(run("slgp", "boston", 1, 2.2, 1), func(r *results.Result) { r.Iterations = 20000; r.ModelSeed = 7 }),
		run("sgp", "boston", 0, 2.5, 1),
	}
	md := MarkdownTable(SummariseResults(rs).Rows, values.Table3())
	for _, want := range []string{
		"| sgp | 2.5000 (1) | – |",
		"| slgp (2000 its) | 2.3500 ± 0.0500 (2) | 0.7000 (1) |",
		"| slgp (20000 its) | 2.1500 ± 0.0500 (2) | – |",
		"Protocol per row:\n\n" +
			"- 2000 iterations, 200 samples per test point, random split: sgp, slgp (2000 its)\n" +
			"- 20000 iterations, 200 samples per test point, random split: slgp (20000 its)\n",
		"Seeds (n: split seed = model seed = n; s/m: split seed s, model seed m): 0 in most cells; " +
			"0, 1 in slgp (2000 its) on boston; 0/0, 1/7 in slgp (20000 its).",
	} {
		if !strings.Contains(md, want) {
			t.Errorf("Markdown lacks %q:\n%s", want, md)
		}
	}
}
