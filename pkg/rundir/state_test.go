package rundir

import (
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/mgpteam/mgp/pkg/results"
	"github.com/mgpteam/mgp/pkg/runlock"
)

// fakeCheckpoint is the test's stand-in for train's checkpoint.json: the
// facts, and the config and data it was made under.
type fakeCheckpoint struct {
	Checkpoint
	Config, Data string
}

// fakeJudge reads fake checkpoints and compares results and checkpoints
// with a wanted config "a" on data "x" (nothing wanted when free).
func fakeJudge(free bool) Judge {
	j := Judge{Checkpoint: func(path string) (Checkpoint, func() (string, string, error), error) {
		b, err := os.ReadFile(path)
		if errors.Is(err, fs.ErrNotExist) {
			return Checkpoint{}, nil, fmt.Errorf("%s: %w", path, ErrNoCheckpoint)
		}
		var ck fakeCheckpoint
		if err == nil {
			err = json.Unmarshal(b, &ck)
		}
		if err != nil {
			return Checkpoint{}, nil, fmt.Errorf("checkpoint %s is damaged: %v", path, err)
		}
		if free {
			return ck.Checkpoint, nil, nil
		}
		return ck.Checkpoint, func() (string, string, error) {
			switch {
			case ck.Config != "a":
				return "config " + ck.Config + " → a", "", nil
			case ck.Data == "unreadable":
				return "", "", errors.New("no data file")
			case ck.Data != "x":
				return "", "the data changed", nil
			}
			return "", "", nil
		}, nil
	}}
	if !free {
		j.Result = func(r *results.Result) (string, bool, error) {
			switch {
			case r.Variant == "unreadable":
				return "", false, errors.New("no data file")
			case r.Variant != "" && r.Variant != "a":
				return "config " + r.Variant + " → a", false, nil
			}
			return "", r.ConfigFingerprint == "", nil
		}
	}
	return j
}

// file is a file of a test run directory.
type file struct {
	name string
	v    any // JSON-encoded, or a string written as is
}

// result is a result.json of config variant (the fake judge compares
// Variant), complete or not.
func result(variant string, complete bool) file {
	nll := 1.5
	fp := ""
	if complete {
		fp = "sha256:0123456789abcdef"
	}
	return file{ResultFile, &results.Result{Model: "sgp", Dataset: "boston", Variant: variant, Complete: complete,
		ConfigFingerprint: fp, Metrics: results.Metrics{NLL: nll}}}
}

// ck is a fake checkpoint.json.
func ck(c Checkpoint, config, data string) file {
	return file{CheckpointFile, fakeCheckpoint{Checkpoint: c, Config: config, Data: data}}
}

// makeDir writes files into a new directory.
func makeDir(t *testing.T, files ...file) string {
	t.Helper()
	dir := t.TempDir()
	for _, f := range files {
		b, ok := f.v.(string)
		if !ok {
			j, err := json.Marshal(f.v)
			if err != nil {
				t.Fatal(err)
			}
			b = string(j)
		}
		if err := os.WriteFile(filepath.Join(dir, f.name), []byte(b), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

// TestInspectStates: a table of run directories, one or more in each
// state, with the detail each one's Status gives and the action a policy
// that acts on nothing takes.
func TestInspectStates(t *testing.T) {
	unfinished := Checkpoint{Resumable: true, Iter: 7, Total: 30}
	complete := Checkpoint{Resumable: true, Complete: true, Iter: 30, Total: 30, KeepsResult: true}
	failed := RunError{Run: "boston/sgp/paper/s1", Error: "diverged\nat iteration 3"}
	for _, c := range []struct {
		name   string
		files  []file
		free   bool // nothing wanted
		state  State
		detail string
		act    Action
	}{
		{"empty", nil, false, Todo, "", Start},
		{"complete result", []file{result("a", true)}, false, Done, "", Skip},
		{"complete result, nothing wanted", []file{result("b", true)}, true, Done, "", Skip},
		{"legacy result", []file{result("", false)}, false, Done, LegacyDone, Skip},
		{"legacy result, nothing wanted", []file{result("", false)}, true, Done, "", Skip},
		{"legacy result beside a finished checkpoint", []file{result("", false), ck(complete, "a", "x")}, false, Done, LegacyDone, Skip},
		{"legacy result beside an unfinished checkpoint", []file{result("", false), ck(unfinished, "a", "x")}, false, Partial, "at iteration 7", Resume},
		{"result of another config", []file{result("b", true)}, false, Changed, "config b → a", Hold},
		{"result whose data cannot be read", []file{result("unreadable", true)}, false, Refused, "the data cannot be read to check result.json: no data file", Hold},
		{"result without metrics", []file{{ResultFile, `{"model":"sgp","dataset":"boston","complete":true}`}}, false, Refused, "result.json cannot be used", Hold},
		{"unfinished checkpoint", []file{ck(unfinished, "a", "x")}, false, Partial, "at iteration 7", Resume},
		{"complete checkpoint, result lost", []file{ck(complete, "a", "x")}, false, Partial, "result.json is missing and is rebuilt", Resume},
		{"complete selection checkpoint without a copy of the result", []file{ck(Checkpoint{Resumable: true, Complete: true, Selection: true}, "a", "x")},
			false, Refused, "cannot rebuild; restore result.json", Hold},
		{"checkpoint without state", []file{ck(Checkpoint{}, "a", "x")}, false, Todo, "checkpoint without training state", Start},
		{"checkpoint of another config", []file{ck(unfinished, "b", "x")}, false, Changed, "checkpoint made under another config: config b → a", Hold},
		{"checkpoint of other data", []file{ck(unfinished, "a", "y")}, false, Refused, "checkpoint.json: the data changed", Hold},
		{"checkpoint whose data cannot be read", []file{ck(unfinished, "a", "unreadable")}, false, Refused, "the data cannot be read to check the checkpoint", Hold},
		{"checkpoint of other data, nothing wanted", []file{ck(unfinished, "a", "y")}, true, Partial, "at iteration 7", Resume},
		{"damaged checkpoint", []file{{CheckpointFile, "{"}}, false, Refused, "is damaged", Hold},
		{"failed", []file{{ErrorFile, failed}, ck(unfinished, "a", "x")}, false, Failed, "diverged", Hold},
		{"failed, unreadable error.json", []file{{ErrorFile, "{"}}, false, Failed, "unreadable error.json", Hold},
		{"failed, then finished elsewhere", []file{{ErrorFile, failed}, result("a", true)}, false, Done, "", Skip},
	} {
		dir := makeDir(t, c.files...)
		st := Inspect(dir, fakeJudge(c.free), time.Minute)
		if st.State != c.state || !strings.Contains(st.Detail, c.detail) || (c.detail == "" && st.Detail != "") {
			t.Errorf("%s: %v (%q), want %v with %q", c.name, st.State, st.Detail, c.state, c.detail)
		}
		if act := ActionFor(st, Policy{}); act != c.act {
			t.Errorf("%s: action %v, want %v", c.name, act, c.act)
		}
		if st.State == Failed && (st.Retry == nil || (c.name == "failed" && st.Retry.State != Partial)) {
			t.Errorf("%s: retry %+v", c.name, st.Retry)
		}
	}
}

// TestInspectLocked: a run another process holds is Locked for Inspect,
// at its last checkpoint's iteration, and what its files say for InspectFiles (the holder's own view); a
// finished run is Done whoever holds it.
func TestInspectLocked(t *testing.T) {
	dir := makeDir(t, ck(Checkpoint{Resumable: true, Iter: 3, Total: 9, Seconds: 6}, "a", "x"))
	l, err := runlock.Acquire(dir, time.Minute)
	if err != nil {
		t.Fatal(err)
	}
	defer l.Release()
	if st := Inspect(dir, fakeJudge(false), time.Minute); st.State != Locked || !strings.Contains(st.Detail, "running on") ||
		st.Iter != 3 || st.Seconds != 6 || !strings.Contains(st.Detail, "checkpointed at iteration 3") {
		t.Fatalf("held run: %v at %d (%s), want Locked at its checkpoint's iteration 3", st.State, st.Iter, st.Detail)
	}
	if st := InspectFiles(dir, fakeJudge(false)); st.State != Partial || st.Iter != 3 || st.Seconds != 6 {
		t.Fatalf("held run, files only: %v (%s)", st.State, st.Detail)
	}
	if act := ActionFor(Status{State: Locked}, Policy{RetryFailed: true, RerunChanged: true, Restart: true}); act != Hold {
		t.Fatalf("locked run under every policy: %v", act)
	}
	done := makeDir(t, result("a", true))
	l2, err := runlock.Acquire(done, time.Minute)
	if err != nil {
		t.Fatal(err)
	}
	defer l2.Release()
	if st := Inspect(done, fakeJudge(false), time.Minute); st.State != Done {
		t.Fatalf("held finished run: %v (%s)", st.State, st.Detail)
	}
}

// TestActionForPolicies: the policies act on the states they name, a
// failed run as what its failure left.
func TestActionForPolicies(t *testing.T) {
	partial, refused := Status{State: Partial}, Status{State: Refused}
	all := Policy{RetryFailed: true, RerunChanged: true, Restart: true}
	for _, c := range []struct {
		st   Status
		p    Policy
		want Action
	}{
		{Status{State: Changed}, Policy{RerunChanged: true}, Replace},
		{Status{State: Changed}, Policy{Restart: true, RetryFailed: true}, Hold},
		{refused, Policy{Restart: true}, Replace},
		{refused, Policy{RerunChanged: true}, Hold},
		{Status{State: Failed, Retry: &partial}, Policy{RetryFailed: true}, Resume},
		{Status{State: Failed, Retry: &refused}, Policy{RetryFailed: true}, Hold},
		{Status{State: Failed, Retry: &refused}, all, Replace},
		{Status{State: Failed}, all, Hold},
		{Status{State: Failed, Retry: &partial}, Policy{}, Hold},
		{Status{State: Todo}, Policy{}, Start},
	} {
		if got := ActionFor(c.st, c.p); got != c.want {
			t.Errorf("%v (retry %v) under %+v: %v, want %v", c.st.State, c.st.Retry, c.p, got, c.want)
		}
	}
}

// TestResultFinishes: the finished rule for a result and its checkpoint.
func TestResultFinishes(t *testing.T) {
	done, legacy := &results.Result{Complete: true}, &results.Result{}
	unfinished := Checkpoint{Resumable: true, Iter: 4}
	for _, c := range []struct {
		res   *results.Result
		ck    Checkpoint
		ckErr error
		want  bool
	}{
		{done, unfinished, nil, true},
		{legacy, unfinished, nil, false},
		{legacy, Checkpoint{Resumable: true, Complete: true}, nil, true},
		{legacy, Checkpoint{}, nil, true}, // a checkpoint of a version without state
		{legacy, Checkpoint{}, ErrNoCheckpoint, true},
		{legacy, unfinished, errors.New("damaged"), true},
	} {
		if got := ResultFinishes(c.res, c.ck, c.ckErr); got != c.want {
			t.Errorf("complete %v, checkpoint %+v (%v): %v, want %v", c.res.Complete, c.ck, c.ckErr, got, c.want)
		}
	}
}

// TestFinishedResult: only a complete result of the asked config
// fingerprint is a finished run's; one without test metrics counts.
func TestFinishedResult(t *testing.T) {
	const fp = "sha256:feedface"
	refit := &results.Result{Model: "sgp", Dataset: "mine", Complete: true, ConfigFingerprint: fp, NoTest: "refit on all rows"}
	for _, c := range []struct {
		name  string
		files []file
		want  bool
	}{
		{"complete refit", []file{{ResultFile, refit}}, true},
		{"none", nil, false},
		{"another config", []file{{ResultFile, &results.Result{Model: "sgp", Dataset: "mine", Complete: true, ConfigFingerprint: "sha256:0"}}}, false},
		{"not complete", []file{{ResultFile, &results.Result{Model: "sgp", Dataset: "mine", ConfigFingerprint: fp}}}, false},
		{"not JSON", []file{{ResultFile, "{"}}, false},
	} {
		r, ok := FinishedResult(makeDir(t, c.files...), fp)
		if ok != c.want || (ok && r.NoTest != refit.NoTest) {
			t.Errorf("%s: %v %+v, want %v", c.name, ok, r, c.want)
		}
	}
}

// TestCheckpointFacts: unfinished means state without the complete mark.
func TestCheckpointFacts(t *testing.T) {
	for _, c := range []struct {
		ck                        Checkpoint
		unfinished, unrebuildable bool
	}{
		{Checkpoint{Resumable: true, Iter: 30, Total: 30}, true, false},
		{Checkpoint{Resumable: true, Complete: true}, false, false},
		{Checkpoint{}, false, false},
		{Checkpoint{Resumable: true, Complete: true, Selection: true}, false, true},
		{Checkpoint{Resumable: true, Complete: true, Selection: true, KeepsResult: true}, false, false},
	} {
		if c.ck.Unfinished() != c.unfinished || c.ck.Unrebuildable() != c.unrebuildable {
			t.Errorf("%+v: unfinished %v, unrebuildable %v", c.ck, c.ck.Unfinished(), c.ck.Unrebuildable())
		}
	}
}

// TestStateNames: the names progress lines and dry runs print.
func TestStateNames(t *testing.T) {
	var got []string
	for s := Todo; s <= Refused; s++ {
		got = append(got, s.String())
	}
	if strings.Join(got, " ") != "todo partial done failed locked changed refused" {
		t.Fatalf("state names %v", got)
	}
}
