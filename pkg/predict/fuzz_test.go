package predict

import (
	"context"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// FuzzReadCSV feeds arbitrary bytes and --id names to predict's input
// reader of a trained run (inputs x, targets y1, y2), and predicts at what
// it reads: it must return an error or finite inputs with one id row per
// input row, and then finite predictions, never panic.
func FuzzReadCSV(f *testing.F) {
	p, err := Load(trainedRun(f), "")
	if err != nil {
		f.Fatal(err)
	}
	for _, s := range []struct{ body, ids string }{
		{"x\n0.5\n1\n", ""},
		{"id,x\na,0.5\nb,1\n", "id"},
		{"x,y1\n1,2\n", ""},
		{"x,x\n1,2\n", ""},
		{"\ufeffx\n1\n", ""},
		{"x;id\n1;zz\n", "id"},
		{"x\n1e308\n", ""},
		{"x\nNaN\n", ""},
		{"x,\"a\nb\"\n1,2\n", "a\nb"},
		{"", ""},
	} {
		f.Add([]byte(s.body), s.ids)
	}
	dir := f.TempDir()
	f.Fuzz(func(t *testing.T, body []byte, ids string) {
		path := filepath.Join(dir, "in.csv")
		if err := os.WriteFile(path, body, 0o644); err != nil {
			t.Fatal(err)
		}
		var idList []string
		if ids != "" {
			idList = strings.Split(ids, ",")
		}
		in, err := p.ReadCSV(path, idList)
		if err != nil {
			return
		}
		n, d := in.X.Dims()
		if d != p.Dx() || (len(idList) > 0 && len(in.IDs) != n) {
			t.Fatalf("read %d×%d inputs, %d id rows", n, d, len(in.IDs))
		}
		for _, v := range in.X.RawMatrix().Data {
			if math.IsNaN(v) || math.IsInf(v, 0) {
				t.Fatalf("read a non-finite input %v", v)
			}
		}
		if n > 4 {
			return
		}
		pred, err := p.Predict(context.Background(), in.X, Options{Samples: MinSamples, Quantiles: []float64{0.5}})
		if err != nil {
			return
		}
		for _, v := range pred.Mean.RawMatrix().Data {
			if math.IsNaN(v) {
				t.Fatalf("predicted a NaN mean at %v", in.X.RawMatrix().Data)
			}
		}
	})
}
