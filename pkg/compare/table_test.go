package compare

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// writeRCSV writes a CSV as R's write.csv makes it: an unnamed, quoted
// row-name column first.
func writeRCSV(t *testing.T, header string) string {
	t.Helper()
	var b strings.Builder
	b.WriteString(header + "\n")
	for i := range 30 {
		fmt.Fprintf(&b, "\"%d\",%d,%g\n", i+1, i, float64(i%7)/3)
	}
	p := filepath.Join(t.TempDir(), "r.csv")
	if err := os.WriteFile(p, []byte(b.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	return p
}

// TestReadTableUnnamedColumnLeftOut: R's row-name column has no header
// name; it is accepted when --inputs leaves it out and refused, with
// advice naming --inputs, when it would be read.
func TestReadTableUnnamedColumnLeftOut(t *testing.T) {
	p := writeRCSV(t, `"","times","accel"`)
	tab, err := ReadTable(p, "accel", []string{"times"})
	if err != nil {
		t.Fatalf("unnamed column left out: %v", err)
	}
	if tab.Rows() != 30 || len(tab.Inputs) != 1 || tab.Inputs[0] != "times" {
		t.Fatalf("table: %d rows, inputs %v", tab.Rows(), tab.Inputs)
	}
	_, err = ReadTable(p, "accel", nil)
	if err == nil || !strings.Contains(err.Error(), "column 1 has no name") || !strings.Contains(err.Error(), "inputs") {
		t.Fatalf("unnamed column read: err = %v, want it named with advice on the inputs", err)
	}
}

// TestReadTableRepeatedNameRead: a repeated name is refused when one of
// its columns is read, accepted when neither is.
func TestReadTableRepeatedNameRead(t *testing.T) {
	p := writeRCSV(t, `"x","x","y"`)
	if _, err := ReadTable(p, "y", []string{"x"}); err == nil || !strings.Contains(err.Error(), `"x" appears twice`) {
		t.Fatalf("repeated input: err = %v", err)
	}
	p = writeRCSV(t, `"id","x","y"`)
	if _, err := ReadTable(p, "y", []string{"x"}); err != nil {
		t.Fatalf("distinct names: %v", err)
	}
}

// TestReadTableRefusesAConstantTarget: a target that takes one value, or
// whose variance underflows, is refused by ReadTable (so before any run,
// exit 2 in the CLI: an *OptionError of --target).
func TestReadTableRefusesAConstantTarget(t *testing.T) {
	dir := t.TempDir()
	for name, y := range map[string]func(i int) string{
		"constant":  func(int) string { return "3.5" },
		"underflow": func(i int) string { return fmt.Sprintf("%g", 1e-200*float64(i%2)) },
	} {
		var b strings.Builder
		b.WriteString("x,y\n")
		for i := range 30 {
			fmt.Fprintf(&b, "%d,%s\n", i, y(i))
		}
		path := filepath.Join(dir, name+".csv")
		if err := os.WriteFile(path, []byte(b.String()), 0o644); err != nil {
			t.Fatal(err)
		}
		_, err := ReadTable(path, "y", nil)
		var oe *OptionError
		if !errors.As(err, &oe) || oe.Option != "target" || !strings.Contains(err.Error(), "nothing to predict") {
			t.Errorf("%s target: err = %v", name, err)
		}
	}
}
