package train

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/mgpteam/mgp/pkg/checkpoint"
	"github.com/mgpteam/mgp/pkg/runconfig"
	"github.com/mgpteam/mgp/pkg/rundir"
)

// stateSelectConfig is a held-out-selection HNN run whose best check is
// not the last, so its last-iteration metrics and diagnostics differ from
// the selected ones.
func stateSelectConfig(t *testing.T, dir string) runconfig.RunConfig {
	cfg := selectConfig(selectCSV(t, dir, "a.csv", nil))
	cfg.Model = modelCfg(map[string]any{"name": "hnn", "hidden": []any{8, 8}})
	cfg.Train.LR = 0.05
	return cfg
}

// TestLostResultRebuiltByteIdentical: a finished held-out-selection run
// whose result.json is deleted, resumed, writes result.json again with
// the same bytes (not last-iteration metrics recomputed from the selected
// parameters, nor a new date).
func TestLostResultRebuiltByteIdentical(t *testing.T) {
	dir := t.TempDir()
	cfg := stateSelectConfig(t, dir)
	out := filepath.Join(dir, "run")
	first, err := Run(context.Background(), cfg, Options{OutDir: out})
	if err != nil {
		t.Fatal(err)
	}
	if s := first.Result.Selection; s.Iter == cfg.Train.Iterations {
		t.Fatalf("the best check is the last (%v): the test tests nothing", s.Trace)
	}
	resPath := filepath.Join(out, rundir.ResultFile)
	want, err := os.ReadFile(resPath)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Contains(want, []byte(`"complete": true`)) || !bytes.Contains(want, []byte(`"config_fingerprint": "sha256:`)) ||
		!bytes.Contains(want, []byte(`"data_fingerprint": "sha256:`)) {
		t.Fatalf("result.json lacks the complete flag or a fingerprint:\n%s", want)
	}
	if err := os.Remove(resPath); err != nil {
		t.Fatal(err)
	}
	if _, err := Run(context.Background(), cfg, Options{OutDir: out, Resume: true}); err != nil {
		t.Fatal(err)
	}
	got, err := os.ReadFile(resPath)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(got, want) {
		t.Fatalf("rebuilt result.json differs from the one written:\n%s\nwas\n%s", got, want)
	}
	if _, err := Run(context.Background(), cfg, Options{OutDir: out, Resume: true}); !errors.Is(err, ErrComplete) {
		t.Fatalf("resuming the finished run again: %v, want ErrComplete", err)
	}
}

// TestKillBetweenCheckpointAndResult: a run stopped after its complete
// checkpoint and before result.json (as a kill there would) writes, on
// resume, the result it would have written: the checkpoint's copy, with
// the metrics and selection of an uninterrupted run.
func TestKillBetweenCheckpointAndResult(t *testing.T) {
	dir := t.TempDir()
	cfg := stateSelectConfig(t, dir)
	ref, err := Run(context.Background(), cfg, Options{OutDir: filepath.Join(dir, "ref")})
	if err != nil {
		t.Fatal(err)
	}
	out := filepath.Join(dir, "run")
	killed := errors.New("killed")
	afterCompleteCheckpoint = func() error { return killed }
	_, err = Run(context.Background(), cfg, Options{OutDir: out})
	afterCompleteCheckpoint = nil
	if !errors.Is(err, killed) {
		t.Fatalf("err = %v", err)
	}
	if _, err := os.Stat(filepath.Join(out, rundir.ResultFile)); !errors.Is(err, os.ErrNotExist) {
		t.Fatalf("result.json after the simulated kill: %v", err)
	}
	ck, err := checkpoint.Load(filepath.Join(out, rundir.CheckpointFile))
	if err != nil || !ck.Complete || ck.Result == nil {
		t.Fatalf("complete checkpoint: %v (complete %v, result kept %v)", err, ck != nil && ck.Complete, ck != nil && ck.Result != nil)
	}
	wantBytes, err := checkpoint.ResultBytes(ck.Result)
	if err != nil {
		t.Fatal(err)
	}
	got, err := Run(context.Background(), cfg, Options{OutDir: out, Resume: true})
	if err != nil {
		t.Fatal(err)
	}
	b, _ := os.ReadFile(filepath.Join(out, rundir.ResultFile))
	if !bytes.Equal(b, wantBytes) {
		t.Fatalf("result.json is not the checkpoint's copy:\n%s", b)
	}
	if js(got.Result.Metrics) != js(ref.Result.Metrics) || js(got.Result.Selection) != js(ref.Result.Selection) ||
		js(got.Result.Diagnostics) != js(ref.Result.Diagnostics) {
		t.Fatalf("rebuilt result: metrics %s selection %s, uninterrupted %s %s",
			js(got.Result.Metrics), js(got.Result.Selection), js(ref.Result.Metrics), js(ref.Result.Selection))
	}
}

// interruptAt runs cfg into out and stops it after iteration cut, leaving
// an unfinished checkpoint.
func interruptAt(t *testing.T, cfg runconfig.RunConfig, out string, cut int) {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	_, err := Run(ctx, cfg, Options{OutDir: out, AfterStep: func(it int) {
		if it == cut {
			cancel()
		}
	}})
	var ie *InterruptedError
	if !errors.As(err, &ie) {
		t.Fatalf("interrupting at %d: %v", cut, err)
	}
}

// TestCheckpointFlippedDigitRefused: one digit changed inside a parameter
// of checkpoint.json makes the resume refuse it, naming the file and
// --restart; --restart then trains the run from the start.
func TestCheckpointFlippedDigitRefused(t *testing.T) {
	cfg := toyConfig("sgp", 20)
	out := filepath.Join(t.TempDir(), "run")
	interruptAt(t, cfg, out, 9)
	path := filepath.Join(out, rundir.CheckpointFile)
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	p := bytes.Index(b, []byte(`"params"`))
	d := p + bytes.Index(b[p:], []byte(`"data": [`))
	i := d + bytes.IndexAny(b[d:], "123456789")
	if p < 0 || d < p || i < d {
		t.Fatalf("no parameter digit found in %s", path)
	}
	b[i] = '1' + (b[i]-'1'+1)%9
	if err := os.WriteFile(path, b, 0o644); err != nil {
		t.Fatal(err)
	}
	_, err = Run(context.Background(), cfg, Options{OutDir: out, Resume: true})
	var ce *checkpoint.CorruptError
	if !errors.As(err, &ce) || !strings.Contains(err.Error(), path) || !strings.Contains(err.Error(), checkpoint.CorruptRemedy) ||
		!strings.Contains(err.Error(), "checksum") {
		t.Fatalf("resume from a changed checkpoint: %v", err)
	}
	if _, err := checkpoint.Load(path); !errors.As(err, &ce) {
		t.Fatalf("LoadCheckpoint of a changed checkpoint: %v", err)
	}
	if _, err := Run(context.Background(), cfg, Options{OutDir: out, Restart: true, Resume: true}); !errors.Is(err, ErrRestartAndResume) {
		t.Fatalf("--restart with --resume: %v", err)
	}
	if _, err := Run(context.Background(), cfg, Options{OutDir: out, Restart: true}); err != nil {
		t.Fatalf("--restart: %v", err)
	}
}

// TestResumeRefusesChangedTrainingData: the training CSV rewritten between
// an interruption and the resume (y → −3y + 10) is refused, naming the
// checkpoint and the data fingerprints.
func TestResumeRefusesChangedTrainingData(t *testing.T) {
	dir := t.TempDir()
	path := selectCSV(t, dir, "a.csv", nil)
	cfg := selectConfig(path)
	out := filepath.Join(dir, "run")
	interruptAt(t, cfg, out, 12)
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSpace(string(b)), "\n")
	for i := 1; i < len(lines); i++ {
		var x, y float64
		if _, err := fmt.Sscanf(lines[i], "%g,%g", &x, &y); err != nil {
			t.Fatal(err)
		}
		lines[i] = fmt.Sprintf("%.17g,%.17g", x, -3*y+10)
	}
	if err := os.WriteFile(path, []byte(strings.Join(lines, "\n")+"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	_, err = Run(context.Background(), cfg, Options{OutDir: out, Resume: true})
	if err == nil || !strings.Contains(err.Error(), "data fingerprint") || !strings.Contains(err.Error(), filepath.Join(out, rundir.CheckpointFile)) {
		t.Fatalf("resume on changed data: %v", err)
	}
	if _, _, _, err := LoadRun(out, ""); err == nil || !strings.Contains(err.Error(), "trained on other data") {
		t.Fatalf("eval/predict (LoadRun) on changed data: %v", err)
	}
}
