package compare

import (
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
