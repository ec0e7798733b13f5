package data

import (
	"errors"
	"strings"
	"testing"
)

// TestWriteSets: the CSV has the catalogue's columns and no error column;
// the aligned table ends with the data directory.
func TestWriteSets(t *testing.T) {
	rows := []SetCheck{{"hetero", "toy", 500, 500, 500, 1, "ok (generated)", false, nil},
		{"boston", "uci", 0, 0, 0, 0, "missing", true, errors.New("missing")}}
	var b strings.Builder
	if err := WriteSets(&b, rows, "d", true); err != nil {
		t.Fatal(err)
	}
	if got := b.String(); !strings.HasPrefix(got, "name,kind,n,n_train,n_test,d_x,status\nhetero,toy,500,500,500,1,ok (generated)\n") {
		t.Errorf("CSV:\n%s", got)
	}
	b.Reset()
	if err := WriteSets(&b, rows, "d", false); err != nil {
		t.Fatal(err)
	}
	if got := b.String(); !strings.HasPrefix(got, "name ") || !strings.HasSuffix(got, "data directory: d\n") {
		t.Errorf("table:\n%s", got)
	}
}
