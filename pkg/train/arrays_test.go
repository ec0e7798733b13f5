package train

import (
	"context"
	"encoding/json"
	"errors"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/mgpteam/mgp/pkg/checkpoint"
	"github.com/mgpteam/mgp/pkg/runconfig"
	"github.com/mgpteam/mgp/pkg/rundir"
	"gonum.org/v1/gonum/mat"
)

// withArraysFile makes every checkpoint the test writes keep its arrays in
// an arrays file, as a large one does.
func withArraysFile(t *testing.T) {
	t.Helper()
	old := checkpoint.ArraysMinValues
	checkpoint.ArraysMinValues = 0
	t.Cleanup(func() { checkpoint.ArraysMinValues = old })
}

// arraysFiles lists dir's arrays files.
func arraysFiles(t *testing.T, dir string) []string {
	t.Helper()
	ents, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	for _, e := range ents {
		if rundir.IsArraysFile(e.Name()) {
			out = append(out, e.Name())
		}
	}
	return out
}

// TestArraysFileRoundTrip: a checkpoint with parameters, Adam moments and
// selected parameters (a held-out-selection run interrupted part way)
// written with an arrays file reads back bit for bit, the JSON holds no
// float array, and only one arrays file is left in the directory.
func TestArraysFileRoundTrip(t *testing.T) {
	withArraysFile(t)
	dir := t.TempDir()
	cfg := stateSelectConfig(t, dir)
	out := filepath.Join(dir, "run")
	interruptAt(t, cfg, out, 7)
	path := filepath.Join(out, rundir.CheckpointFile)
	ck, err := checkpoint.Load(path)
	if err != nil {
		t.Fatal(err)
	}
	if ck.State == nil || len(ck.State.Adam.M) == 0 || ck.Selection == nil || len(ck.Selection.Params) == 0 || len(ck.Params) == 0 {
		t.Fatalf("checkpoint lacks arrays: state %v selection %v params %d", ck.State != nil, ck.Selection != nil, len(ck.Params))
	}
	if files := arraysFiles(t, out); len(files) != 1 {
		t.Fatalf("arrays files in the run directory: %v, want one", files)
	}
	b, _ := os.ReadFile(path)
	if strings.Contains(string(b), `"data": [`) || !strings.Contains(string(b), `"arrays"`) {
		t.Fatalf("checkpoint.json still holds arrays, or names no arrays file:\n%.400s", b)
	}
	// Write it again elsewhere, all in JSON, and compare every value's bits.
	other := filepath.Join(t.TempDir(), rundir.CheckpointFile)
	checkpoint.ArraysMinValues = math.MaxInt
	if err := ck.Save(other); err != nil {
		t.Fatal(err)
	}
	checkpoint.ArraysMinValues = 0
	js, err := checkpoint.Load(other)
	if err != nil {
		t.Fatal(err)
	}
	if js.Arrays != nil || len(arraysFiles(t, filepath.Dir(other))) != 0 {
		t.Fatal("a small checkpoint got an arrays file")
	}
	same := func(what string, a, b []float64) {
		if len(a) != len(b) {
			t.Fatalf("%s: %d values, want %d", what, len(b), len(a))
		}
		for i := range a {
			if math.Float64bits(a[i]) != math.Float64bits(b[i]) {
				t.Fatalf("%s[%d] = %v, want %v", what, i, b[i], a[i])
			}
		}
	}
	for n, x := range js.Params {
		y := ck.Params[n]
		if x.Rows != y.Rows || x.Cols != y.Cols {
			t.Fatalf("params %s: %dx%d, want %dx%d", n, y.Rows, y.Cols, x.Rows, x.Cols)
		}
		same("params "+n, x.Data, y.Data)
		same("adam m "+n, js.State.Adam.M[n], ck.State.Adam.M[n])
		same("adam v "+n, js.State.Adam.V[n], ck.State.Adam.V[n])
	}
	for n, x := range js.Selection.Params {
		same("selection "+n, x.Data, ck.Selection.Params[n].Data)
	}
	if len(js.Params) != len(ck.Params) || len(js.State.Adam.M) != len(ck.State.Adam.M) || len(js.Selection.Params) != len(ck.Selection.Params) {
		t.Fatal("array counts differ")
	}
}

// TestArraysFileResumeIsBitIdentical: runs whose checkpoints keep an
// arrays file resume (after Ctrl-C, and from a copy of the directory taken
// at a periodic checkpoint, as a hard kill leaves it) bit-identical to an
// uninterrupted run.
func TestArraysFileResumeIsBitIdentical(t *testing.T) {
	withArraysFile(t)
	cfg := resumeConfig("slgp", "moons")
	root := t.TempDir()
	ref, err := Run(context.Background(), cfg, Options{OutDir: filepath.Join(root, "ref")})
	if err != nil {
		t.Fatal(err)
	}
	dir, killed := filepath.Join(root, "cut"), filepath.Join(root, "killed")
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	_, err = Run(ctx, cfg, Options{OutDir: dir, AfterStep: func(it int) {
		if it == 14 {
			copyDir(t, dir, killed)
		}
		if it == 23 {
			cancel()
		}
	}})
	var ie *InterruptedError
	if !errors.As(err, &ie) {
		t.Fatalf("interrupted run: %v", err)
	}
	got, err := Run(context.Background(), cfg, Options{OutDir: dir, Resume: true})
	if err != nil {
		t.Fatal(err)
	}
	sameOutcome(t, "resumed after Ctrl-C", ref, got)
	if files := arraysFiles(t, dir); len(files) != 1 {
		t.Fatalf("arrays files after the run: %v, want one", files)
	}
	got2, err := Run(context.Background(), cfg, Options{OutDir: killed, Resume: true})
	if err != nil {
		t.Fatal(err)
	}
	sameOutcome(t, "resumed from the periodic checkpoint", ref, got2)
}

// copyDir copies the regular files of src into dst.
func copyDir(t *testing.T, src, dst string) {
	t.Helper()
	if err := os.MkdirAll(dst, 0o755); err != nil {
		t.Fatal(err)
	}
	ents, err := os.ReadDir(src)
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range ents {
		if !e.Type().IsRegular() {
			continue
		}
		b, err := os.ReadFile(filepath.Join(src, e.Name()))
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dst, e.Name()), b, 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

// damagedArraysRun interrupts a toy run whose checkpoint keeps an arrays
// file and returns its directory, checkpoint path and arrays file path.
func damagedArraysRun(t *testing.T) (runconfig.RunConfig, string, string, string) {
	t.Helper()
	withArraysFile(t)
	cfg := toyConfig("sgp", 20)
	out := filepath.Join(t.TempDir(), "run")
	interruptAt(t, cfg, out, 9)
	files := arraysFiles(t, out)
	if len(files) != 1 {
		t.Fatalf("arrays files: %v", files)
	}
	return cfg, out, filepath.Join(out, rundir.CheckpointFile), filepath.Join(out, files[0])
}

// refusedResume fails unless resuming the run in out is refused as a
// corrupt checkpoint naming path, --restart and want, and checkpoint.Load
// refuses it too; --restart then trains the run again.
func refusedResume(t *testing.T, cfg runconfig.RunConfig, out, path, want string) {
	t.Helper()
	_, err := Run(context.Background(), cfg, Options{OutDir: out, Resume: true})
	var ce *checkpoint.CorruptError
	if !errors.As(err, &ce) || !strings.Contains(err.Error(), path) || !strings.Contains(err.Error(), checkpoint.CorruptRemedy) ||
		!strings.Contains(err.Error(), want) {
		t.Fatalf("resume: err = %v, want a refusal saying %q", err, want)
	}
	if _, err := checkpoint.Load(path); !errors.As(err, &ce) {
		t.Fatalf("LoadCheckpoint: %v", err)
	}
	if _, err := Run(context.Background(), cfg, Options{OutDir: out, Restart: true}); err != nil {
		t.Fatalf("--restart: %v", err)
	}
	if files := arraysFiles(t, out); len(files) != 1 {
		t.Fatalf("arrays files after --restart: %v, want one", files)
	}
}

// TestArraysFileFlippedByteRefused: one byte changed in a parameter value
// of the arrays file (same size) is refused on resume.
func TestArraysFileFlippedByteRefused(t *testing.T) {
	cfg, out, path, bin := damagedArraysRun(t)
	b, err := os.ReadFile(bin)
	if err != nil {
		t.Fatal(err)
	}
	b[len(b)-3] ^= 0x10
	if err := os.WriteFile(bin, b, 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := checkpoint.LoadHeader(path); err != nil {
		t.Fatalf("the header alone does not read the arrays: %v", err)
	}
	refusedResume(t, cfg, out, path, "does not match the SHA-256")
}

// TestArraysFileMissingRefused: a checkpoint whose arrays file is gone is
// refused, by the header check (sweep status) too.
func TestArraysFileMissingRefused(t *testing.T) {
	cfg, out, path, bin := damagedArraysRun(t)
	if err := os.Remove(bin); err != nil {
		t.Fatal(err)
	}
	var ce *checkpoint.CorruptError
	if _, err := checkpoint.LoadHeader(path); !errors.As(err, &ce) || !strings.Contains(err.Error(), "missing") {
		t.Fatalf("LoadCheckpointHeader without the arrays file: %v", err)
	}
	refusedResume(t, cfg, out, path, "missing")
}

// TestArraysFileOfAnotherGenerationRefused: checkpoint.json paired with an
// arrays file of another checkpoint of the run, whether under its own name
// (the JSON's is gone) or renamed to the one the JSON names, is refused.
func TestArraysFileOfAnotherGenerationRefused(t *testing.T) {
	withArraysFile(t)
	cfg := toyConfig("sgp", 20)
	out := filepath.Join(t.TempDir(), "run")
	var old []byte
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	cfg.Train.CheckpointEvery = 4
	_, err := Run(ctx, cfg, Options{OutDir: out, AfterStep: func(it int) {
		if it == 5 {
			old, _ = os.ReadFile(filepath.Join(out, rundir.CheckpointFile))
		}
		if it == 9 {
			cancel()
		}
	}})
	if !errors.As(err, new(*InterruptedError)) || old == nil {
		t.Fatalf("interrupted run: %v", err)
	}
	path := filepath.Join(out, rundir.CheckpointFile)
	files := arraysFiles(t, out)
	if len(files) != 1 {
		t.Fatalf("arrays files: %v", files)
	}
	if err := os.WriteFile(path, old, 0o644); err != nil {
		t.Fatal(err)
	}
	var ce *checkpoint.CorruptError
	if _, err := checkpoint.Load(path); !errors.As(err, &ce) || !strings.Contains(err.Error(), "missing") {
		t.Fatalf("old checkpoint.json with the new arrays file: %v", err)
	}
	var hdr checkpoint.Checkpoint
	if err := json.Unmarshal(old, &hdr); err != nil || hdr.Arrays == nil || hdr.Arrays.File == files[0] {
		t.Fatalf("old checkpoint.json: %v, arrays %+v", err, hdr.Arrays)
	}
	oldName := hdr.Arrays.File
	if err := os.Rename(filepath.Join(out, files[0]), filepath.Join(out, oldName)); err != nil {
		t.Fatal(err)
	}
	refusedResume(t, cfg, out, path, "SHA-256")
}

// TestJSONCheckpointResumesWithArraysFile: a checkpoint all in JSON (as
// small ones, and every one before arrays files, are written) resumes
// bit-identical to an uninterrupted run by a binary that writes arrays
// files, and the run's later checkpoints get one.
func TestJSONCheckpointResumesWithArraysFile(t *testing.T) {
	cfg := resumeConfig("sgp", "hetero")
	root := t.TempDir()
	ref, err := Run(context.Background(), cfg, Options{OutDir: filepath.Join(root, "ref")})
	if err != nil {
		t.Fatal(err)
	}
	out := filepath.Join(root, "run")
	interruptAt(t, cfg, out, 17)
	b, _ := os.ReadFile(filepath.Join(out, rundir.CheckpointFile))
	if !strings.Contains(string(b), `"data": [`) || len(arraysFiles(t, out)) != 0 {
		t.Fatal("the toy checkpoint is not all JSON")
	}
	withArraysFile(t)
	got, err := Run(context.Background(), cfg, Options{OutDir: out, Resume: true})
	if err != nil {
		t.Fatal(err)
	}
	sameOutcome(t, "resumed from a JSON checkpoint", ref, got)
	if files := arraysFiles(t, out); len(files) != 1 {
		t.Fatalf("arrays files after the resumed run: %v, want one", files)
	}
}

// TestArraysFileLoadRun: a finished run whose checkpoint keeps an arrays
// file is restored by LoadRun (mgp eval and predict) with the trained
// parameters.
func TestArraysFileLoadRun(t *testing.T) {
	withArraysFile(t)
	cfg := toyConfig("sgp", 10)
	out := filepath.Join(t.TempDir(), "run")
	ref, err := Run(context.Background(), cfg, Options{OutDir: out})
	if err != nil {
		t.Fatal(err)
	}
	if len(arraysFiles(t, out)) != 1 {
		t.Fatal("no arrays file")
	}
	_, _, m, err := LoadRun(out, "")
	if err != nil {
		t.Fatal(err)
	}
	want, got := ref.Model.Params().Snapshot(), m.Params().Snapshot()
	for name, w := range want {
		if !mat.Equal(w, got[name]) {
			t.Fatalf("parameter %s differs from the trained one", name)
		}
	}
}
