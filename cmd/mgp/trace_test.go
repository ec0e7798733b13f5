package main

import (
	"bytes"
	"github.com/mgpteam/mgp/pkg/results"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func writeTraceResult(t *testing.T, dir string, withNLL bool) string {
	t.Helper()
	var tr []results.TracePoint
	for it := 100; it <= 500; it += 100 {
		p := results.TracePoint{Iter: it, ELBO: -1 / float64(it)}
		if withNLL {
			v := 3 - float64(it)/1000
			p.TestNLL = &v
			p.Diagnostics = map[string]float64{"noise_variance": 1 / float64(it)}
		}
		tr = append(tr, p)
	}
	res := &results.Result{Model: "sgp", Dataset: "step", Iterations: 500, Trace: tr, Version: "test",
		Metrics: results.Metrics{NLL: 2.5}}
	if withNLL { // a run with held-out selection too
		res.Selection = &results.Selection{Validation: 0.1, Every: 250, Iter: 250, ValNLL: 2.4,
			Trace: []results.ValPoint{{Iter: 0, NLL: 3}, {Iter: 250, NLL: 2.4}, {Iter: 500, NLL: 2.6}}}
	}
	path := filepath.Join(dir, "result.json")
	if err := results.WriteJSONAtomic(path, res); err != nil {
		t.Fatal(err)
	}
	return dir
}

func TestTraceDrawsRunsAndRejectsMissingMetric(t *testing.T) {
	tmp := t.TempDir()
	a := writeTraceResult(t, filepath.Join(tmp, "run-a"), true)
	b := writeTraceResult(t, filepath.Join(tmp, "run-b"), true)
	noNLL := writeTraceResult(t, filepath.Join(tmp, "run-c"), false)
	png := filepath.Join(tmp, "out", "trace.png")
	out, _, err := run(t, "trace", a, filepath.Join(b, "result.json"), "-o", png)
	if err != nil || !strings.Contains(out, "2 runs") {
		t.Fatalf("trace: out %q, err %v", out, err)
	}
	img, err := os.ReadFile(png)
	if err != nil || !bytes.HasPrefix(img, []byte("\x89PNG")) {
		t.Fatalf("trace did not write a PNG: %v", err)
	}
	if _, _, err := run(t, "trace", noNLL, "--metric", "elbo", "-o", filepath.Join(tmp, "elbo.png")); err != nil {
		t.Fatalf("elbo trace: %v", err)
	}
	if out, _, err := run(t, "trace", a, b, "--metric", "val_nll", "-o", filepath.Join(tmp, "val.png")); err != nil || !strings.Contains(out, "2 runs") {
		t.Fatalf("validation trace: out %q, err %v", out, err)
	}
	if out, _, err := run(t, "trace", a, b, "--metric", "noise_variance", "-o", filepath.Join(tmp, "noise.png")); err != nil || !strings.Contains(out, "2 runs") {
		t.Fatalf("diagnostic trace: out %q, err %v", out, err)
	}
	if _, _, err := run(t, "trace", a, b, "--ymax", "5", "--title", "concrete, seed 0", "-o", filepath.Join(tmp, "cut.png")); err != nil {
		t.Fatalf("trace --ymax: %v", err)
	}
	bad := filepath.Join(tmp, "bad.png")
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"trace", a, noNLL, "-o", bad}, "eval_every"},
		{[]string{"trace", noNLL, "--metric", "val_nll", "-o", bad}, "train.validation"},
		{[]string{"trace", a, "--metric", "rmse", "-o", bad}, "--metric"},
		{[]string{"trace", noNLL, "--metric", "noise_variance", "-o", bad}, "no noise_variance"},
		{[]string{"trace", a, "--metric", "", "-o", bad}, "--metric"},
		{[]string{"trace", a}, "--out"},
		{[]string{"trace", a, "--ymax", "-1", "-o", bad}, "--ymax"},
		{[]string{"trace", a, "--ymax", "NaN", "-o", bad}, "--ymax"},
		{[]string{"trace", a, "--ymax", "1e-9", "-o", bad}, "every value is above"},
		{[]string{"trace", filepath.Join(tmp, "nowhere"), "-o", bad}, "nowhere"},
	} {
		_, _, err := run(t, c.args...)
		if err == nil || !strings.Contains(err.Error(), c.want) || exitCode(err) != 2 {
			t.Errorf("%v: err %v (exit %d), want a usage error naming %q", c.args, err, exitCode(err), c.want)
		}
		if _, err := os.Stat(bad); err == nil {
			t.Fatalf("%v: wrote %s although it failed", c.args, bad)
		}
	}
}
