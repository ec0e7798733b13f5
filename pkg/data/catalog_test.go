package data

import (
	"path/filepath"
	"strings"
	"testing"
)

// TestCheckSets: in an empty data directory the toys are generated, every
// UCI set is bad, the absent nytaxi sample is not (it is optional) but a
// nytaxi file asked for and absent is.
func TestCheckSets(t *testing.T) {
	dir := t.TempDir()
	rows, err := CheckSets(dir, "")
	if err != nil {
		t.Fatal(err)
	}
	if want := len(ToyNames()) + len(UCINames()) + 1; len(rows) != want {
		t.Fatalf("%d rows, want %d", len(rows), want)
	}
	for _, r := range rows {
		switch r.Kind {
		case "toy":
			if r.Bad || r.N == 0 || r.Status != "ok (generated)" {
				t.Errorf("toy %+v", r)
			}
		case "uci":
			if !r.Bad || r.N != 0 {
				t.Errorf("absent UCI set %+v", r)
			}
		case "nytaxi":
			if r.Bad || !strings.HasPrefix(r.Status, "not found (optional): ") {
				t.Errorf("absent nytaxi sample %+v", r)
			}
		}
	}
	rows, err = CheckSets(dir, filepath.Join(dir, "taxi.csv"))
	if err != nil {
		t.Fatal(err)
	}
	if taxi := rows[len(rows)-1]; !taxi.Bad || strings.HasPrefix(taxi.Status, "not found (optional)") {
		t.Errorf("absent nytaxi file asked for: %+v", taxi)
	}
}
