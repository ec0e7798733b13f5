package train

import (
	"context"
	"fmt"
	"math"
	"math/rand/v2"
	"os"
	"path/filepath"
	"testing"
	"time"

	"go.yaml.in/yaml/v3"
	"gonum.org/v1/gonum/mat"

	"github.com/mgpteam/mgp/pkg/checkpoint"
	"github.com/mgpteam/mgp/pkg/runconfig"
	"github.com/mgpteam/mgp/pkg/rundir"
)

// sizedCheckpoint builds the model of the config file configs/<file> on a
// small synthetic experiment with dx one-hot inputs and dy outputs and
// returns a checkpoint of its parameters with Adam moments of the same
// sizes, as a run of that model writes it; no training.
func sizedCheckpoint(t testing.TB, file string, dx, dy int) *checkpoint.Checkpoint {
	t.Helper()
	b, err := os.ReadFile(filepath.Join("..", "..", "configs", file))
	if err != nil {
		t.Fatal(err)
	}
	var doc yaml.Node
	if err := yaml.Unmarshal(b, &doc); err != nil {
		t.Fatal(err)
	}
	cfg, err := runconfig.DecodeRunConfig(&doc, nil)
	if err != nil {
		t.Fatal(err)
	}
	rng := rand.New(rand.NewPCG(1, 2))
	const n = 200
	X, Y := mat.NewDense(n, dx, nil), mat.NewDense(n, dy, nil)
	for i := range n {
		X.Set(i, i%dx, 1)
		for j := range dy {
			Y.Set(i, j, rng.Float64())
		}
	}
	m, err := BuildModel(context.Background(), cfg, &Experiment{Name: "sized", XTrain: X, YTrain: Y, SigmaY: 1}, BuildOptions{})
	if err != nil {
		t.Fatal(err)
	}
	ck := checkpoint.New(cfg, m.Params(), "test")
	st := &checkpoint.TrainState{Iter: 3, MCRNG: []byte{1, 2, 3}}
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

// TestCheckpointCost writes and reads checkpoints of the toy SLGP and of
// the mnist SLGP, all in JSON (as before arrays files) and with an arrays
// file, and logs the times and file sizes. MGP_CKPT_SIZE=1 measures all
// but the mnist checkpoint in JSON (about three minutes); =json that too.
func TestCheckpointCost(t *testing.T) {
	env := os.Getenv("MGP_CKPT_SIZE")
	if env == "" {
		t.Skip("set MGP_CKPT_SIZE=1 to measure")
	}
	for _, c := range []struct {
		name, file string
		dx, dy     int
	}{{"toy slgp", "toy/hetero-slgp.yaml", 1, 1}, {"mnist slgp", "mnist/slgp-dw2.yaml", 10, 784}} {
		ck := sizedCheckpoint(t, c.file, c.dx, c.dy)
		for _, json := range []bool{true, false} {
			if json && c.dy == 784 && env != "json" {
				continue
			}
			old := checkpoint.ArraysMinValues
			if json {
				checkpoint.ArraysMinValues = math.MaxInt
			}
			measureCheckpoint(t, fmt.Sprintf("%s, json %v", c.name, json), ck)
			checkpoint.ArraysMinValues = old
		}
	}
}

// measureCheckpoint saves and loads ck, logs the cost and checks the
// parameters read back bit for bit.
func measureCheckpoint(t *testing.T, label string, ck *checkpoint.Checkpoint) {
	nv := 0
	for _, x := range ck.Params {
		nv += len(x.Data)
	}
	dir := t.TempDir()
	path := filepath.Join(dir, rundir.CheckpointFile)
	t0 := time.Now()
	if err := ck.Save(path); err != nil {
		t.Fatal(err)
	}
	tw := time.Since(t0)
	t0 = time.Now()
	got, err := checkpoint.Load(path)
	if err != nil {
		t.Fatal(err)
	}
	tr := time.Since(t0)
	var size int64
	var files []string
	ents, _ := os.ReadDir(dir)
	for _, e := range ents {
		fi, _ := e.Info()
		files = append(files, fmt.Sprintf("%s %d B", e.Name(), fi.Size()))
		size += fi.Size()
	}
	t.Logf("%s: %d parameters (x3 with Adam): write %v, read %v, %d bytes on disk (%v)", label, nv, tw.Round(time.Millisecond), tr.Round(time.Millisecond), size, files)
	for name, x := range ck.Params {
		y := got.Params[name]
		for i := range x.Data {
			if math.Float64bits(x.Data[i]) != math.Float64bits(y.Data[i]) {
				t.Fatalf("%s[%d] read back as %v, want %v", name, i, y.Data[i], x.Data[i])
			}
		}
	}
}
