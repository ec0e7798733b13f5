package doccheck

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// exampleDir holds the committed run of the worked example, the
// hetero-example compare command that README and docs/compare.md quote.
const exampleDir = "results/compare/hetero-example"

// exampleCommand is the line of the worked example's command that each
// quoting document shows in a code block just before its paragraph.
const exampleCommand = "--out runs/ex-compare"

// exampleReport is the part of report.json the worked example quotes.
type exampleReport struct {
	Splits int `json:"splits"`
	Models []struct {
		Model string `json:"model"`
		NLL   struct {
			Mean, SD float64
		} `json:"nll"`
		Density struct {
			Mean, SD float64
		} `json:"density_nll"`
		Cov50 struct {
			Mean, SD float64
		} `json:"coverage_50"`
		Cov90 struct {
			Mean, SD float64
		} `json:"coverage_90"`
	} `json:"models"`
	Decision struct {
		Chosen  string `json:"chosen"`
		Ranking []struct {
			Model    string  `json:"model"`
			DiffMean float64 `json:"diff_mean"`
			DiffSD   float64 `json:"diff_sd"`
			BestWins int     `json:"best_wins"`
			SignP    float64 `json:"sign_p"`
		} `json:"ranking"`
	} `json:"decision"`
}

// num formats v as the docs quote it: prec decimals, a minus sign (U+2212)
// for negatives.
func num(v float64, prec int) string {
	return strings.Replace(fmt.Sprintf("%.*f", prec, v), "-", "−", 1)
}

// decimal matches a quoted decimal number, with its sign if any.
var decimal = regexp.MustCompile(`[−+-]?\d+\.\d+`)

// unsigned drops a number's sign.
func unsigned(s string) string { return strings.TrimLeft(s, "−+-") }

// exampleParagraph returns the paragraph that follows the code block
// holding the worked example's command in the document at path.
func exampleParagraph(t *testing.T, path string) string {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(string(b), "\n")
	i := 0
	for i < len(lines) && !strings.Contains(lines[i], exampleCommand) {
		i++
	}
	for i < len(lines) && strings.TrimSpace(lines[i]) != "```" {
		i++
	}
	for i++; i < len(lines) && strings.TrimSpace(lines[i]) == ""; i++ {
	}
	var para []string
	for ; i < len(lines) && strings.TrimSpace(lines[i]) != ""; i++ {
		para = append(para, lines[i])
	}
	if len(para) == 0 {
		t.Fatalf("%s: no paragraph after a code block with %q", path, exampleCommand)
	}
	return strings.Join(para, "\n")
}

// TestWorkedExampleQuotesItsReport: README, docs/compare.md and the run's
// own README quote the worked example from its one committed report: each
// names the chosen model and gives its and the other candidates' mean
// density NLL ± sd, the wins and the chosen model's 90 % coverage as
// report.json has them, and every other decimal number in the paragraph is
// one of report.json's figures (as rounded there) or of sklearn.md's
// table, whose mgp rows must be this report's. When the report is made
// again, the docs must follow it.
func TestWorkedExampleQuotesItsReport(t *testing.T) {
	root, err := filepath.Abs("../..")
	if err != nil {
		t.Fatal(err)
	}
	b, err := os.ReadFile(filepath.Join(root, exampleDir, "report.json"))
	if err != nil {
		t.Fatal(err)
	}
	var rep exampleReport
	if err := json.Unmarshal(b, &rep); err != nil {
		t.Fatal(err)
	}
	chosen := strings.ToUpper(rep.Decision.Chosen)
	required := []string{}
	allowed := map[string]bool{}
	allow := func(vs ...string) {
		for _, v := range vs {
			allowed[unsigned(v)] = true
		}
	}
	for _, m := range rep.Models {
		d := num(m.Density.Mean, 3) + " ± " + num(m.Density.SD, 3)
		required = append(required, d)
		allow(num(m.Density.Mean, 3), num(m.Density.SD, 3), num(m.NLL.Mean, 3), num(m.NLL.SD, 3),
			num(m.Cov50.Mean, 2), num(m.Cov50.SD, 2), num(m.Cov90.Mean, 2), num(m.Cov90.SD, 2))
		if m.Model == rep.Decision.Chosen {
			required = append(required, num(m.Cov90.Mean, 2)+" ± "+num(m.Cov90.SD, 2))
		}
	}
	for _, r := range rep.Decision.Ranking {
		allow(num(r.DiffMean, 3), num(r.DiffSD, 3), num(r.SignP, 3))
		if r.Model != rep.Decision.Chosen {
			required = append(required, fmt.Sprintf("%d of %d splits", r.BestWins, rep.Splits))
		}
	}
	for _, v := range sklearnFigures(t, filepath.Join(root, exampleDir, "sklearn.md"), rep) {
		allow(v)
	}
	for _, doc := range []string{"README.md", "docs/compare.md", exampleDir + "/README.md"} {
		p := exampleParagraph(t, filepath.Join(root, doc))
		if !strings.Contains(p, "chose "+chosen) && !strings.Contains(p, "Chosen: "+chosen) {
			t.Errorf("%s: the worked example does not say that it chose %s (report.json's decision)", doc, chosen)
		}
		for _, r := range required {
			if !strings.Contains(p, r) {
				t.Errorf("%s: the worked example does not quote %q from %s/report.json", doc, r, exampleDir)
			}
		}
		for _, n := range decimal.FindAllString(p, -1) {
			if !allowed[unsigned(n)] {
				t.Errorf("%s: the worked example quotes %s, which is not a figure of %s/report.json or sklearn.md", doc, n, exampleDir)
			}
		}
	}
}

// sklearnFigures returns the decimal numbers of sklearn.md's table (what
// the docs may quote of scikit-learn) after checking that its row of each
// mgp candidate gives the report's mean density NLL.
func sklearnFigures(t *testing.T, path string, rep exampleReport) []string {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	rows := map[string]string{}
	for _, line := range strings.Split(string(b), "\n") {
		if !strings.HasPrefix(line, "| ") {
			continue
		}
		cells := strings.Split(line, "|")
		rows[strings.TrimSpace(cells[1])] = line
		out = append(out, decimal.FindAllString(line, -1)...)
	}
	for _, m := range rep.Models {
		row, ok := rows[m.Model]
		want := strings.Replace(num(m.Density.Mean, 3), "−", "-", 1) + " ±"
		if !ok || !strings.Contains(row, "| "+want) {
			t.Errorf("%s: %s's row %q does not give report.json's mean density NLL %s: run scripts/analysis/sklearn_yardstick.py on the report again", path, m.Model, row, want)
		}
	}
	return out
}
