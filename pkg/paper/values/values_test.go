package values

import (
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
)

func TestPaperTable3(t *testing.T) {
	tab := Table3()
	if len(tab) != 10 {
		t.Fatalf("%d models, want 10", len(tab))
	}
	cells := 0
	for _, m := range models {
		for _, d := range datasets {
			if _, ok := tab[m][d]; ok {
				cells++
			} else {
				t.Errorf("missing %s/%s", m, d)
			}
		}
	}
	if cells != 80 {
		t.Errorf("%d cells, want 80", cells)
	}
	spot := map[[2]string]Value{
		{"sgp", "boston"}:    {Mean: 2.3325, Std: 0.0723},
		{"cvae", "wine-red"}: {Mean: -0.7183, Std: 0.3034, Mark: Best},
		{"slgp", "protein"}:  {Mean: 1.9089, Std: 0.0311, Mark: Best},
		{"shgp", "naval"}:    {Mean: -7.4956, Std: 0.1271, Mark: Best},
		{"mdn", "wine-red"}:  {Mean: 0.3965, Std: 0.9257},
		{"svhgp", "boston"}:  {Mean: 2.1863, Std: 0.0530, Mark: Second},
	}
	for k, v := range spot {
		if tab[k[0]][k[1]] != v {
			t.Errorf("%s/%s = %+v, want %+v", k[0], k[1], tab[k[0]][k[1]], v)
		}
	}
	beta := Beta()
	if len(beta) != 8 || beta["protein"] != 0.01 || beta["concrete"] != 0.5 || beta["boston"] != 1 {
		t.Errorf("PaperBeta %v", beta)
	}
	// Fresh maps: changing one must not leak.
	tab["sgp"]["boston"] = Value{}
	beta["boston"] = 7
	if Table3()["sgp"]["boston"].Mean != 2.3325 || Beta()["boston"] != 1 {
		t.Error("PaperTable3 or PaperBeta shares state between calls")
	}
}

// TestPaperDataRejectsBadFiles: the checks on the embedded files catch the
// transcription slips they are there for.
func TestPaperDataRejectsBadFiles(t *testing.T) {
	good := string(paperTable3CSV)
	lines := strings.SplitAfter(good, "\n")
	cases := []struct {
		name, body, want string
	}{
		{"missing cell", strings.Join(lines[:len(lines)-2], ""), "no line for slgp/protein"},
		{"duplicate cell", good + lines[1], "sgp/boston already on line 2"},
		{"empty mean", strings.Replace(good, "sgp,boston,2.3325,", "sgp,boston,,", 1), "not a number"},
		{"missing column", strings.Replace(good, "model,dataset,mean,std,mark", "model,dataset,mean,mark", 1), "header"},
		{"unknown model", strings.Replace(good, "sgp,boston", "sgpp,boston", 1), `unknown model "sgpp"`},
		{"bad mark", strings.Replace(good, "shgp,boston,2.1174,0.0678,best", "shgp,boston,2.1174,0.0678,†", 1), "mark"},
		{"negative std", strings.Replace(good, "2.3325,0.0723", "2.3325,-0.0723", 1), "negative std"},
	}
	if _, err := parsePaperTable3([]byte(good)); err != nil {
		t.Fatalf("embedded table3.csv: %v", err)
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			if c.body == good {
				t.Fatal("the case does not change the file")
			}
			_, err := parsePaperTable3([]byte(c.body))
			if err == nil || !strings.Contains(err.Error(), c.want) {
				t.Fatalf("error %v, want one mentioning %q", err, c.want)
			}
		})
	}
	if _, err := parsePaperBeta([]byte("dataset,beta\nboston,1\n")); err == nil {
		t.Error("a beta file with one data set was accepted")
	}
}

func TestPaperTable3AgainstSpec(t *testing.T) {
	// Cross-check every cell and mark against models.md §10.3, the shared
	// specification's own transcription of Table 3, copied verbatim into
	// testdata (see testdata/README.md).
	b, err := os.ReadFile(filepath.Join("testdata", "models-10.3.md"))
	if err != nil {
		t.Fatal(err)
	}
	text := string(b)
	start := strings.Index(text, "### 10.3")
	if start < 0 {
		t.Fatal("§10.3 not found")
	}
	text = text[start:]
	if end := strings.Index(text, "### 10.4"); end >= 0 {
		text = text[:end]
	}
	cellRe := regexp.MustCompile(`(-?[0-9.]+) ± ([0-9.]+)\s*(†|‡)?`)
	marks := map[string]string{"†": Best, "‡": Second, "": ""}
	tab, beta := Table3(), Beta()
	seen, betas := 0, 0
	for _, line := range strings.Split(text, "\n") {
		if !strings.HasPrefix(line, "| ") || strings.HasPrefix(line, "| model") {
			continue
		}
		cells := strings.Split(strings.Trim(line, "| "), "|")
		name := strings.TrimSpace(cells[0])
		if strings.Contains(name, "beta") {
			for i, d := range datasets {
				if v, _ := strconv.ParseFloat(strings.TrimSpace(cells[i+1]), 64); beta[d] != v {
					t.Errorf("beta %s = %v, spec %v", d, beta[d], v)
				}
				betas++
			}
			continue
		}
		for i, d := range datasets {
			m := cellRe.FindStringSubmatch(cells[i+1])
			mean, _ := strconv.ParseFloat(m[1], 64)
			std, _ := strconv.ParseFloat(m[2], 64)
			want := Value{Mean: mean, Std: std, Mark: marks[m[3]]}
			if got := tab[strings.ToLower(name)][d]; got != want {
				t.Errorf("%s/%s = %+v, spec %+v", name, d, got, want)
			}
			seen++
		}
	}
	if seen != 80 || betas != 8 {
		t.Fatalf("checked %d cells and %d betas, want 80 and 8", seen, betas)
	}
}
