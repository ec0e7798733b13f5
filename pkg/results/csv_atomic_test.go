package results

import (
	"errors"
	"os"
	"path/filepath"
	"testing"
)

func TestWriteCSVAtomic(t *testing.T) {
	path := filepath.Join(t.TempDir(), "points.csv")
	err := WriteCSVAtomic(path, []string{"x", "nll"}, func(emit func([]string) error) error {
		for _, r := range [][]string{{"1", FormatCSVFloat(0.1 + 0.2)}, {"a,b", FormatCSVFloat(-1e-300)}} {
			if err := emit(r); err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	got, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if want := "x,nll\n1,0.3\n\"a,b\",-1e-300\n"; string(got) != want {
		t.Errorf("file = %q, want %q", got, want)
	}

	// A failing row source leaves the earlier file untouched and no temporary.
	boom := errors.New("boom")
	err = WriteCSVAtomic(path, []string{"x"}, func(emit func([]string) error) error {
		if err := emit([]string{"2"}); err != nil {
			return err
		}
		return boom
	})
	if !errors.Is(err, boom) {
		t.Fatalf("err = %v, want boom", err)
	}
	if again, _ := os.ReadFile(path); string(again) != string(got) {
		t.Errorf("failed write changed the file to %q", again)
	}
	if ents, _ := os.ReadDir(filepath.Dir(path)); len(ents) != 1 {
		t.Errorf("directory holds %d entries after a failed write, want 1", len(ents))
	}
}
