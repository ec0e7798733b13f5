package data

import (
	"strings"
	"testing"
)

// TestReadCSVText: the named columns come back as text in the order
// asked for, one row per row ReadCSVColumns reads (the whitespace-only
// line skipped, the byte-order mark and header spaces stripped, quoted
// commas kept); a name the header lacks is an error naming it and the
// file; a short row is an error naming its line.
func TestReadCSVText(t *testing.T) {
	dir := t.TempDir()
	p := writeFile(t, dir, "x.csv", "\ufeff id ,x,y\nA-1,1,2\n \n\"c,d\",3,4\n007,5,6\n")
	rows, err := ReadCSVText(p, []string{"y", "id"})
	if err != nil {
		t.Fatal(err)
	}
	want := [][]string{{"2", "A-1"}, {"4", "c,d"}, {"6", "007"}}
	if len(rows) != len(want) {
		t.Fatalf("rows = %q", rows)
	}
	for i := range want {
		if strings.Join(rows[i], "|") != strings.Join(want[i], "|") {
			t.Errorf("row %d = %q, want %q", i, rows[i], want[i])
		}
	}
	X, err := ReadCSVColumns(p, func([]string) ([]int, error) { return []int{1}, nil })
	if err != nil {
		t.Fatal(err)
	}
	if n, _ := X.Dims(); n != len(rows) {
		t.Errorf("%d text rows, %d numeric rows", len(rows), n)
	}
	if _, err := ReadCSVText(p, []string{"key"}); err == nil || !strings.Contains(err.Error(), `"key"`) || !strings.Contains(err.Error(), "x.csv") {
		t.Errorf("missing column: err = %v", err)
	}
	bad := writeFile(t, dir, "bad.csv", "id,x\na,1\nb\n")
	if _, err := ReadCSVText(bad, []string{"id"}); err == nil || !strings.Contains(err.Error(), "bad.csv:3") {
		t.Errorf("short row: err = %v", err)
	}
}
