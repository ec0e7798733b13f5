package sweep

import (
	"bytes"
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/mgpteam/mgp/pkg/config"
	"github.com/mgpteam/mgp/pkg/inputerr"
	"github.com/mgpteam/mgp/pkg/rundir"
)

// toyConfig is a tiny run config of SGP on a toy.
const toyConfig = "model: {name: sgp, m: 5}\ndata: {name: step}\ntrain: {iterations: 3, batch_size: 0}\neval: {samples: 10}\n"

// writeFile writes body to dir/name and returns its path.
func writeFile(t *testing.T, dir, name, body string) string {
	t.Helper()
	p := filepath.Join(dir, name)
	if err := os.WriteFile(p, []byte(body), 0o644); err != nil {
		t.Fatal(err)
	}
	return p
}

// TestPrepareListsProblems checks that Prepare reads every run's config
// with its overrides and resolves its data directory, and refuses (as bad
// input, each config once) a missing config, a config of another model and
// one of another data set.
func TestPrepareListsProblems(t *testing.T) {
	dir := t.TempDir()
	good := writeFile(t, dir, "good.yaml", toyConfig)
	set := config.Uint("train.seed", 7, "test")
	runs := []Run{
		{Dataset: "step", Model: "sgp", Variant: "v", Seed: 7, Config: good, Sets: []config.Override{set}},
	}
	ps, err := Prepare(runs, PrepareOptions{DataDir: func(d string) string { return "dd" + d }})
	if err != nil || len(ps) != 1 || ps[0].RunConfig.Train.Seed != 7 || ps[0].DataDir != "dd" {
		t.Fatalf("Prepare: %+v, %v", ps, err)
	}
	bad := append(runs,
		Run{Dataset: "step", Model: "sgp", Seed: 0, Config: filepath.Join(dir, "none.yaml")},
		Run{Dataset: "step", Model: "sgp", Seed: 1, Config: filepath.Join(dir, "none.yaml")},
		Run{Dataset: "step", Model: "shgp", Seed: 0, Config: good},
		Run{Dataset: "hetero", Model: "sgp", Seed: 0, Config: good},
	)
	_, err = Prepare(bad, PrepareOptions{})
	var ie *inputerr.Error
	if !errors.As(err, &ie) || strings.Count(err.Error(), "does not exist") != 1 ||
		!strings.Contains(err.Error(), `trains model "sgp", not "shgp"`) || !strings.Contains(err.Error(), `uses data set "step", not "hetero"`) {
		t.Fatalf("Prepare of bad runs: %v", err)
	}
}

// TestParseRunConfigLocates checks that a bad key, at decoding or found
// later, is named with its file line.
func TestParseRunConfigLocates(t *testing.T) {
	b := []byte("model: {name: sgp}\ndata: {name: step}\ntrain:\n  iterations: -1\n")
	if _, _, err := ParseRunConfig("c.yaml", b, nil); err == nil || !strings.HasPrefix(err.Error(), "c.yaml:4: ") {
		t.Fatalf("a bad iterations: %v", err)
	}
	_, locate, err := ParseRunConfig("c.yaml", []byte(toyConfig), nil)
	if err != nil {
		t.Fatal(err)
	}
	if err := locate(config.Errorf("model.m", "too large")); !strings.HasPrefix(err.Error(), "c.yaml:1: ") {
		t.Fatalf("a later error: %v", err)
	}
}

// TestRunFileTrainsAndLists runs a two-run sweep file with the train-backed
// Runner, then lists it again with a dry run: both done, and the header,
// summary and tables say so.
func TestRunFileTrainsAndLists(t *testing.T) {
	dir := t.TempDir()
	writeFile(t, dir, "step-sgp.yaml", toyConfig)
	spec, err := ReadSpec(writeFile(t, dir, "s.yaml", "name: two\nout: "+filepath.Join(dir, "out")+
		"\ndatasets: [step]\nmodels: [sgp]\nseeds: [0, 1]\nconfig: "+dir+"/{dataset}-{model}.yaml\n"))
	if err != nil {
		t.Fatal(err)
	}
	var w bytes.Buffer
	sum, err := RunFile(context.Background(), &w, spec, FileOptions{Exec: Options{Jobs: 2}})
	if err != nil || sum.Completed != 2 || !strings.Contains(w.String(), "sweep two: 2 runs: 0 done before, 2 completed now") {
		t.Fatalf("RunFile: %+v, %v\n%s", sum, err, w.String())
	}
	if _, err := os.Stat(filepath.Join(dir, "out", "step", "sgp", DefaultVariant, "s1", rundir.ResultFile)); err != nil {
		t.Fatal(err)
	}
	w.Reset()
	if _, err := RunFile(context.Background(), &w, spec, FileOptions{Part: Part{Index: 1, Count: 2, From: "test"},
		Exec: Options{Jobs: 1}, DryRun: &DryRunOptions{}}); err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"shard 1/2 (test) has 1", "step/sgp/default/s1  done", "1 runs: 1 done", "this sweep's finished runs"} {
		if !strings.Contains(w.String(), want) {
			t.Errorf("dry run does not say %q:\n%s", want, w.String())
		}
	}
}
