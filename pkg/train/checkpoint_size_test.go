package train

import (
	"math/rand/v2"
	"os"
	"path/filepath"
	"testing"
	"time"

	"go.yaml.in/yaml/v3"
	"gonum.org/v1/gonum/mat"
)

// mnistSizeCheckpoint builds the multi-output SLGP of
// configs/mnist/slgp-dw2.yaml on a small synthetic experiment of mnist's
// shape (10 one-hot inputs, 784 outputs) and returns a checkpoint of its
// parameters with Adam moments of the same sizes, as a run at mnist size
// writes it; no training.
func mnistSizeCheckpoint(t testing.TB) *Checkpoint {
	t.Helper()
	b, err := os.ReadFile(filepath.Join("..", "..", "configs", "mnist", "slgp-dw2.yaml"))
	if err != nil {
		t.Fatal(err)
	}
	var doc yaml.Node
	if err := yaml.Unmarshal(b, &doc); err != nil {
		t.Fatal(err)
	}
	cfg, err := DecodeRunConfig(&doc, nil)
	if err != nil {
		t.Fatal(err)
	}
	rng := rand.New(rand.NewPCG(1, 2))
	const n = 200
	X, Y := mat.NewDense(n, 10, nil), mat.NewDense(n, 784, nil)
	for i := range n {
		X.Set(i, i%10, 1)
		for j := range 784 {
			Y.Set(i, j, rng.Float64())
		}
	}
	m, err := BuildModel(cfg, &Experiment{Name: "mnist", XTrain: X, YTrain: Y, SigmaY: 1})
	if err != nil {
		t.Fatal(err)
	}
	ck := NewCheckpoint(cfg, m.Params(), "test")
	st := &TrainState{Iter: 3, MCRNG: []byte{1, 2, 3}}
	st.Adam.Step = 3
	st.Adam.M, st.Adam.V = map[string][]float64{}, map[string][]float64{}
	for name, x := range ck.Params {
		mm, vv := make([]float64, len(x.Data)), make([]float64, len(x.Data))
		for i := range mm {
			mm[i], vv[i] = rng.NormFloat64()*1e-3, rng.Float64()*1e-6
		}
		st.Adam.M[name], st.Adam.V[name] = mm, vv
	}
	ck.State = st
	return ck
}

// TestMNISTCheckpointCost writes and reads a checkpoint of mnist size and
// logs the times and file sizes (MGP_CKPT_SIZE=1; it takes a while).
func TestMNISTCheckpointCost(t *testing.T) {
	if os.Getenv("MGP_CKPT_SIZE") == "" {
		t.Skip("set MGP_CKPT_SIZE=1 to measure")
	}
	ck := mnistSizeCheckpoint(t)
	nv := 0
	for _, x := range ck.Params {
		nv += len(x.Data)
	}
	dir := t.TempDir()
	path := filepath.Join(dir, CheckpointFile)
	t0 := time.Now()
	if err := ck.Save(path); err != nil {
		t.Fatal(err)
	}
	tw := time.Since(t0)
	t0 = time.Now()
	got, err := LoadCheckpoint(path)
	if err != nil {
		t.Fatal(err)
	}
	tr := time.Since(t0)
	var size int64
	ents, _ := os.ReadDir(dir)
	for _, e := range ents {
		fi, _ := e.Info()
		t.Logf("%s: %d bytes", e.Name(), fi.Size())
		size += fi.Size()
	}
	t.Logf("%d parameters (x3 with Adam): write %v, read %v, %d bytes on disk", nv, tw, tr, size)
	for name, x := range ck.Params {
		y := got.Params[name]
		for i := range x.Data {
			if x.Data[i] != y.Data[i] {
				t.Fatalf("%s[%d] read back as %v, want %v", name, i, y.Data[i], x.Data[i])
			}
		}
	}
}
