package results

import (
	"encoding/json"
	"math"
	"os"
	"path/filepath"
	"reflect"
	"regexp"
	"strings"
	"testing"
)

// sampleResult is a fully populated Result for round trips.
func sampleResult() *Result {
	exact := 1.25
	tn := 2.5
	plug := 0.65
	return &Result{
		Model: "slgp", Dataset: "wine-red", Variant: "beta=0.5",
		Config:    map[string]any{"beta": 0.5, "bound": "hybrid", "m": float64(100)},
		SplitSeed: 3, ModelSeed: 1<<63 + 7, Split: "90/10",
		Iterations: 20000, Converged: "L-BFGS converged at iteration 412 of 20000 (520 objective evaluations): the gradient's largest entry is below 1e-05", TrainSeconds: 12.5, EvalSeconds: 0.75, ItersPerSecond: 1600,
		TraceEvalSeconds: 0.5, CheckSeconds: 0.25,
		Metrics:    Metrics{NLL: 0.66, NLLStd: 0.9, RMSE: 0.61, ExactNLL: &exact, NTest: 159, Samples: 200},
		Predictive: "mean", DrawsMetrics: &Metrics{NLL: 0.7, NTest: 159, Samples: 200},
		Trace: []TracePoint{
			{Iter: 0, ELBO: -3.5},
			{Iter: 1000, ELBO: -1.25, TestNLL: &tn},
		},
		Selection: &Selection{Validation: 0.1, NValidation: 144, NTrain: 1296, Every: 1000, Iter: 6000, ValNLL: 0.7,
			LastMetrics: Metrics{NLL: 0.9, NTest: 159, Samples: 200}, Trace: []ValPoint{{Iter: 0, NLL: 1.4}, {Iter: 6000, NLL: 0.7}}, ValNLLPlugIn: &plug},
		Warnings:    []string{"slgp on wine-red: overfits late"},
		Diagnostics: map[string]float64{"noise": 0.0043},
		Version:     "v0.1.0", EarlierVersions: []string{"v0.0.9"}, GoVersion: "go1.26", BLAS: "gonum", Date: "2025-01-02T03:04:05Z",
		Command: "mgp uci --model slgp", Complete: true,
		ConfigFingerprint: "sha256:00c0ffee", DataFingerprint: "sha256:00da7a",
	}
}

// dirNames lists the names in dir.
func dirNames(t *testing.T, dir string) []string {
	t.Helper()
	es, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, e := range es {
		names = append(names, e.Name())
	}
	return names
}

func TestWriteJSONAtomicRoundTrip(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "a", "b")
	path := filepath.Join(dir, "run.json")
	want := sampleResult()
	if err := WriteJSONAtomic(path, want); err != nil {
		t.Fatal(err)
	}
	// Overwrite once more: still exactly one file, no temporaries.
	if err := WriteJSONAtomic(path, want); err != nil {
		t.Fatal(err)
	}
	if names := dirNames(t, dir); len(names) != 1 || names[0] != "run.json" {
		t.Fatalf("directory holds %v, want only run.json", names)
	}
	got, err := ReadResult(path)
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(got, want) {
		t.Fatalf("round trip differs:\n got %+v\nwant %+v", got, want)
	}
	info, err := os.Stat(path)
	if err != nil {
		t.Fatal(err)
	}
	if info.Mode().Perm() != 0o644 {
		t.Errorf("mode %v, want 0644", info.Mode().Perm())
	}
	raw, _ := os.ReadFile(path)
	for _, key := range []string{`"split_seed"`, `"model_seed"`, `"iters_per_second"`, `"n_test"`, `"exact_nll"`, `"test_nll"`, `"go_version"`, `"blas"`} {
		if !strings.Contains(string(raw), key) {
			t.Errorf("JSON lacks key %s", key)
		}
	}
}

func TestWriteJSONAtomicNonFinite(t *testing.T) {
	path := filepath.Join(t.TempDir(), "diverged.json")
	r := sampleResult()
	r.Metrics.NLL = math.NaN()
	r.Metrics.NLLStd = math.Inf(1)
	r.Trace[0].ELBO = math.Inf(-1)
	r.Diagnostics["noise"] = math.NaN()
	r.Trace[1].Diagnostics = map[string]float64{"kl_w_mean": math.Inf(1), "noise_variance": 0.25}
	if err := WriteJSONAtomic(path, r); err != nil {
		t.Fatal(err)
	}
	got, err := ReadResult(path)
	if err != nil {
		t.Fatal(err)
	}
	if !math.IsNaN(got.Metrics.NLL) || !math.IsInf(got.Metrics.NLLStd, 1) ||
		!math.IsInf(got.Trace[0].ELBO, -1) || !math.IsNaN(got.Diagnostics["noise"]) {
		t.Fatalf("non-finite values lost: %+v %+v %v", got.Metrics, got.Trace[0], got.Diagnostics)
	}
	if d := got.Trace[1].Diagnostics; !math.IsInf(d["kl_w_mean"], 1) || d["noise_variance"] != 0.25 || got.Trace[0].Diagnostics != nil {
		t.Fatalf("trace diagnostics: %v, %v", d, got.Trace[0].Diagnostics)
	}
	if got.Metrics.RMSE != r.Metrics.RMSE || *got.Trace[1].TestNLL != *r.Trace[1].TestNLL {
		t.Fatal("finite values changed")
	}
}

func TestWriteJSONAtomicFailureLeavesNothing(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "bad.json")
	if err := WriteJSONAtomic(path, map[string]any{"c": make(chan int)}); err == nil {
		t.Fatal("unencodable value accepted")
	}
	// A directory in the way of the rename: the write fails after the
	// temporary file exists, which must then be removed.
	blocked := filepath.Join(dir, "blocked.json")
	if err := os.Mkdir(blocked, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(blocked, "x"), nil, 0o644); err != nil {
		t.Fatal(err)
	}
	if err := WriteJSONAtomic(blocked, sampleResult()); err == nil {
		t.Fatal("rename over a non-empty directory succeeded")
	}
	if names := dirNames(t, dir); len(names) != 1 || names[0] != "blocked.json" {
		t.Fatalf("directory holds %v after failures", names)
	}
}

func TestReadResultRejectsNonResults(t *testing.T) {
	dir := t.TempDir()
	p := filepath.Join(dir, "other.json")
	if err := os.WriteFile(p, []byte(`{"foo": 1}`), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := ReadResult(p); err == nil || !strings.Contains(err.Error(), "not a result") {
		t.Fatalf("ReadResult(non-result) error = %v", err)
	}
}

func TestJSONTagsSnakeCase(t *testing.T) {
	snake := regexp.MustCompile(`^[a-z][a-z0-9]*(_[a-z0-9]+)*$`)
	for _, typ := range []reflect.Type{reflect.TypeFor[Result](), reflect.TypeFor[Metrics](), reflect.TypeFor[TracePoint](),
		reflect.TypeFor[Selection](), reflect.TypeFor[ValPoint]()} {
		for i := 0; i < typ.NumField(); i++ {
			f := typ.Field(i)
			name, _, _ := strings.Cut(f.Tag.Get("json"), ",")
			if !snake.MatchString(name) {
				t.Errorf("%s.%s has json name %q, want snake_case", typ.Name(), f.Name, name)
			}
		}
	}
	// The wire form must carry the same names.
	b, err := json.Marshal(sampleResult())
	if err != nil {
		t.Fatal(err)
	}
	var m map[string]json.RawMessage
	if err := json.Unmarshal(b, &m); err != nil {
		t.Fatal(err)
	}
	typ := reflect.TypeFor[Result]()
	// no_test is written only by a run without test rows, which writes no
	// metrics instead (TestNoTestResult).
	if len(m) != typ.NumField()-1 {
		t.Errorf("JSON object has %d keys, Result has %d fields besides no_test", len(m), typ.NumField()-1)
	}
	for k := range m {
		if !snake.MatchString(k) {
			t.Errorf("JSON key %q is not snake_case", k)
		}
	}
}
