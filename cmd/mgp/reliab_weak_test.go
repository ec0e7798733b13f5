package main

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/mgpteam/mgp/internal/shareddata"
)

// TestCompareChecksCSVUpFront: a UTF-16 or Latin-1 file, a repeated or
// empty column name, a value of 1e150 and a text column are refused
// before anything trains (exit 2, naming --data or the file; a text column
// suggests --inputs), and no data.csv is written.
func TestCompareChecksCSVUpFront(t *testing.T) {
	dir := t.TempDir()
	rows := func(head string, row func(i int) string) string {
		var b strings.Builder
		b.WriteString(head + "\n")
		for i := range 25 {
			b.WriteString(row(i) + "\n")
		}
		return b.String()
	}
	num := func(i int) string { return fmt.Sprintf("%d,%d,%d", i, i%3, i%7) }
	utf16 := []byte{0xff, 0xfe, 'x', 0, ',', 0, 'y', 0, '\n', 0}
	for _, c := range []struct{ name, body, want string }{
		{"u16.csv", string(utf16), "UTF-16"},
		{"l1.csv", rows("x,z,\xe9t\xe9", num), "not UTF-8"},
		{"dup.csv", rows("x,x,y", num), `"x" appears twice`},
		{"empty.csv", rows("x,,y", num), "column 2 has no name"},
		{"big.csv", rows("x,z,y", func(i int) string { return fmt.Sprintf("%g,1,%d", float64(i)*1e150, i) }), "too large"},
		{"text.csv", rows("x,name,y", func(i int) string { return fmt.Sprintf("%d,n%d,%d", i, i, i%7) }), "--inputs"},
	} {
		out := filepath.Join(dir, "out-"+c.name)
		_, _, err := run(t, "compare", "--data", writeFile(t, dir, c.name, c.body), "--target", "y", "--models", "sgp", "--out", out)
		if err == nil || exitCode(err) != 2 || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: err = %v (exit %d), want exit 2 saying %q", c.name, err, exitCode(err), c.want)
		}
		if _, err := os.Stat(filepath.Join(out, "data.csv")); err == nil {
			t.Errorf("%s: data.csv was written", c.name)
		}
	}
}

// TestPredictRunIsCompareDir: --run naming a compare directory points to
// DIR/best; --id zz, a column the file lacks, is named in the header error.
func TestPredictRunIsCompareDir(t *testing.T) {
	dir, runDir, in := trainTinyCSVRun(t)
	cmp := filepath.Join(dir, "cmp")
	if err := os.MkdirAll(cmp, 0o755); err != nil {
		t.Fatal(err)
	}
	writeFile(t, cmp, "sweep.yaml", "name: x\n")
	writeFile(t, cmp, "data.csv", "x,y\n")
	if err := os.Symlink(runDir, filepath.Join(cmp, "best")); err != nil {
		t.Fatal(err)
	}
	_, _, err := run(t, "predict", "--run", cmp, "--input", in, "--out", filepath.Join(dir, "p.csv"))
	if err == nil || exitCode(err) != 2 || !strings.Contains(err.Error(), filepath.Join(cmp, "best")) {
		t.Errorf("--run a compare directory: err = %v, want exit 2 pointing to %s", err, filepath.Join(cmp, "best"))
	}
	extra := writeFile(t, dir, "extra.csv", "x1,x2,other\n0.5,1,a\n")
	_, _, err = run(t, "predict", "--run", runDir, "--input", extra, "--out", filepath.Join(dir, "p.csv"), "--id", "zz")
	if err == nil || !strings.Contains(err.Error(), "other") || !strings.Contains(err.Error(), "zz") {
		t.Errorf("--id zz with an extra column: err = %v, want both other and zz named", err)
	}
}

// TestDataOneRowNYTaxiIsBad: a nytaxi file keeping one row is not "ok"
// (training refuses it): exit 2, with advice about the nytaxi file, not
// about fetching the UCI sets.
func TestDataOneRowNYTaxiIsBad(t *testing.T) {
	shared := shareddata.Dir(t, "uci")
	one := writeFile(t, t.TempDir(), "one.csv", "id,vendor_id,pickup_datetime,dropoff_datetime,passenger_count,pickup_longitude,pickup_latitude,dropoff_longitude,dropoff_latitude,store_and_fwd_flag,trip_duration\n"+
		"a,1,2016-03-14 17:24:55,2016-03-14 17:34:55,1,-73.98,40.75,-73.96,40.77,N,600\n")
	out, _, err := run(t, "data", "--data-dir", shared, "--nytaxi", one)
	if err == nil || exitCode(err) != 2 || strings.Contains(err.Error(), "fetch_uci") || !strings.Contains(out, "too few") {
		t.Errorf("one-row nytaxi: err = %v (exit %d), output:\n%s", err, exitCode(err), out)
	}
}
