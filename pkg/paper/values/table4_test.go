package values

import (
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
)

// TestPaperTable4AgainstSpec checks every number and bold of the embedded
// Table 4 against models.md §10.4, copied verbatim into testdata: rows
// d_w, columns CVAE and SLGP, bold the paper's best.
func TestPaperTable4AgainstSpec(t *testing.T) {
	b, err := os.ReadFile(filepath.Join("testdata", "models-10.4.md"))
	if err != nil {
		t.Fatal(err)
	}
	got := map[[2]string]Value{}
	for _, c := range Table4() {
		if c.Dataset != "mnist" || c.Key != "model.d_w" || !c.Paper.NoSpread || c.Paper.Std != 0 {
			t.Errorf("%+v: want mnist, key model.d_w, a single number", c)
		}
		got[[2]string{c.Model, c.Value}] = c.Paper
	}
	row := regexp.MustCompile(`^\| (\d+) \| (\*\*)?(-?[0-9.]+)(\*\*)? \| (\*\*)?(-?[0-9.]+)(\*\*)? \|$`)
	seen := 0
	for _, line := range strings.Split(string(b), "\n") {
		m := row.FindStringSubmatch(line)
		if m == nil {
			continue
		}
		for i, model := range []string{"cvae", "slgp"} {
			want, _ := strconv.ParseFloat(m[3+3*i], 64)
			mark := ""
			if m[2+3*i] == "**" {
				mark = Best
			}
			v, ok := got[[2]string{model, m[1]}]
			if !ok || v.Mean != want || v.Mark != mark {
				t.Errorf("%s d_w = %s: embedded %+v (present %v), spec %v mark %q", model, m[1], v, ok, want, mark)
			}
			seen++
		}
	}
	if seen != 4 || len(got) != 4 {
		t.Errorf("spec cells %d, embedded %d; want 4 each", seen, len(got))
	}
}

// TestParsePaperSettingsRefuses: a wrong header, an unknown model or data
// set, a missing value, a bad mark and a repeated cell are errors naming
// the line.
func TestParsePaperSettingsRefuses(t *testing.T) {
	const head = "model,dataset,key,value,mean,mark\n"
	for name, tc := range map[string]struct{ csv, want string }{
		"header":  {"model,dataset,mean\n", "header"},
		"model":   {head + "sgp,mnist,model.d_w,2,-1,\n", `line 2: unknown model "sgp"`},
		"dataset": {head + "slgp,boston,model.d_w,2,-1,\n", `line 2: unknown data set "boston"`},
		"value":   {head + "slgp,mnist,model.d_w,,-1,\n", "line 2: no key or value"},
		"mean":    {head + "slgp,mnist,model.d_w,2,,\n", "not a number"},
		"mark":    {head + "slgp,mnist,model.d_w,2,-1,bold\n", `line 2: mark "bold"`},
		"twice":   {head + "slgp,mnist,model.d_w,2,-1,\nslgp,mnist,model.d_w,2,-2,\n", "line 3: slgp/mnist model.d_w = 2 already on line 2"},
	} {
		if _, err := parseSettings([]byte(tc.csv)); err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: err = %v, want %q", name, err, tc.want)
		}
	}
}
