package predict

import (
	"errors"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/mgpteam/mgp/pkg/inputerr"
)

// writeInput writes body as a CSV file in dir and returns its path.
func writeInput(t *testing.T, dir, name, body string) string {
	t.Helper()
	path := filepath.Join(dir, name)
	if err := os.WriteFile(path, []byte(body), 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

// TestReadCSV: inputs are found by name among id and target columns, ids
// are read as text; unknown, missing or repeated columns and bad id names
// are refused with typed errors; a run without input names takes the
// columns in order.
func TestReadCSV(t *testing.T) {
	p, err := Load(trainedRun(t), "")
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	good := writeInput(t, dir, "in.csv", "id,y2,x,note\na,9,0.5,first\nb,9,-1,second\n")
	in, err := p.ReadCSV(good, []string{"note", "id"})
	if err != nil {
		t.Fatal(err)
	}
	if r, c := in.X.Dims(); r != 2 || c != 1 || in.X.At(1, 0) != -1 {
		t.Errorf("X is %d x %d (%v)", r, c, in.X.RawMatrix().Data)
	}
	if !slices.Equal(in.IDs[1], []string{"second", "b"}) {
		t.Errorf("ids %v", in.IDs)
	}
	if other, err := p.OtherColumns(good); err != nil || !slices.Equal(other, []string{"id", "y2", "note"}) {
		t.Errorf("OtherColumns = %v, %v", other, err)
	}
	var ie *inputerr.Error
	if _, err := p.ReadCSV(good, []string{"id"}); !errors.As(err, &ie) || !strings.Contains(err.Error(), "unknown: note") {
		t.Errorf("an unknown column: %v", err)
	}
	dup := writeInput(t, dir, "dup.csv", "x,x\n1,2\n")
	if _, err := p.ReadCSV(dup, nil); !errors.As(err, &ie) || !strings.Contains(err.Error(), "appears twice") {
		t.Errorf("a repeated column: %v", err)
	}
	idFile := writeInput(t, dir, "ids.csv", "id,x,extra\na,1,z\n")
	for ids, want := range map[string]IDProblem{"id,extra,id": IDTwice, "id,extra,nope": IDRead} {
		var e *IDError
		if _, err := p.ReadCSV(idFile, strings.Split(ids, ",")); !errors.As(err, &e) || e.Problem != want {
			t.Errorf("ids %q: %v, want problem %d", ids, err, want)
		}
	}
	var e *IDError
	if _, err := ReadIDs(idFile, []string{" id"}, in.X); !errors.As(err, &e) || e.Problem != IDSpaces {
		t.Errorf("an id with spaces: %v", err)
	}
	p.XNames = nil // as a run that did not record them
	if _, err := p.ReadCSV(good, []string{"id"}); !isCount(err, 3, 1) {
		t.Errorf("three columns besides the ids, unnamed inputs: %v", err)
	}
	if in, err := p.ReadCSV(good, []string{"id", "y2", "note"}); err != nil || in.X.At(0, 0) != 0.5 {
		t.Errorf("the one column besides the ids: %v", err)
	}
	var ne *NoInputNamesError
	if _, err := p.OtherColumns(good); !errors.As(err, &ne) {
		t.Errorf("OtherColumns without input names: %v", err)
	}
}

// isCount reports whether err is a *ColumnCountError of have and want.
func isCount(err error, have, want int) bool {
	var ce *ColumnCountError
	return errors.As(err, &ce) && ce.Have == have && ce.Want == want
}
