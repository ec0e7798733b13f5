package compare

import (
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/mgpteam/mgp/pkg/config"
	"github.com/mgpteam/mgp/pkg/models"
	"github.com/mgpteam/mgp/pkg/runconfig"
	"github.com/mgpteam/mgp/pkg/sweep"
)

// update rewrites testdata/record.golden from the code as it is.
var update = flag.Bool("update", false, "rewrite testdata/record.golden")

// recordCase is one comparison whose files TestRecordGolden writes.
type recordCase struct {
	name    string
	models  []string
	kernels []string
	splits  int
	set     Settings
	// refits are the candidates whose refit config the case writes.
	refits []string
	latent models.Predictive
}

// recordCases cover every model, with and without kernels, early stopping
// and a training part small enough to cap M, and refits with and without
// a kernel and a predictive.
var recordCases = []recordCase{
	{name: "stop-kernels", models: models.Names(), kernels: []string{"se", "matern52"}, splits: 3,
		set:    Settings{Name: "d", Target: "y: max", Iterations: 3000, NTrain: 90, Stop: DefaultStop},
		refits: []string{"slgp-matern52", "sgp-se", "gpcde-se"}, latent: models.PlugIn},
	{name: "plain", models: []string{"cvae", "slgp", "sgp", "hnn", "gpcde"}, splits: 2,
		set:    Settings{Name: "my-data", Target: "y", Iterations: 1000},
		refits: []string{"slgp", "hnn", "mdn"}, latent: models.Draws},
	{name: "select-small", models: []string{"shgp", "svhgp", "smgp", "dagp", "mdn"}, kernels: []string{"matern12"}, splits: 2,
		set:    Settings{Name: "x", Target: "t", Iterations: 30, NTrain: 2000},
		refits: []string{"smgp-matern12"}},
}

// preparedConfigs returns every run of the comparison spec belongs to
// with its config as compare trains it.
func preparedConfigs(t *testing.T, spec *sweep.Spec, s Settings) []sweep.Prepared {
	t.Helper()
	plan, err := sweep.Expand(spec, func(string) bool { return true })
	if err != nil {
		t.Fatal(err)
	}
	ps, err := sweep.Prepare(plan.Runs, sweep.PrepareOptions{Config: splitConfig(s)})
	if err != nil {
		t.Fatal(err)
	}
	return ps
}

// checkFromRecord fails unless cfg has the fingerprint of the config the
// record file at path gives with the overrides sets (as mgp sweep -c on
// the record reads it).
func checkFromRecord(t *testing.T, what string, cfg runconfig.RunConfig, path string, sets []config.Override) {
	t.Helper()
	rec, _, err := sweep.LoadRunConfig(path, sets)
	if err != nil {
		t.Fatalf("%s: %v", what, err)
	}
	if got, want := runconfig.ConfigFingerprint(cfg), runconfig.ConfigFingerprint(rec); got != want {
		t.Errorf("%s: config fingerprint %s, the record's %s:\n%s", what, got, want, runconfig.ConfigDiff(rec, cfg))
	}
}

// TestRecordGolden: the sweep file and run configs compare writes as its
// record are those of testdata/record.golden (captured before compare
// built its runs as typed values), with the compare directory written as
// $OUT; every run compare trains, and every refit, has the config
// fingerprint of the config its record gives.
func TestRecordGolden(t *testing.T) {
	var text strings.Builder
	for _, c := range recordCases {
		out := filepath.Join(t.TempDir(), "cmp")
		s := c.set
		s.Path = filepath.Join(out, DataFile)
		spec, err := WriteSweep(out, slices.Clone(c.models), c.kernels, c.splits, s)
		if err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		var got strings.Builder
		fmt.Fprintf(&got, "=== case %s\n", c.name)
		files, _ := filepath.Glob(filepath.Join(out, ConfigDir, "*.yaml"))
		files = append([]string{filepath.Join(out, SweepFile)}, files...)
		for _, f := range files {
			b, err := os.ReadFile(f)
			if err != nil {
				t.Fatal(err)
			}
			rel, _ := filepath.Rel(out, f)
			fmt.Fprintf(&got, "--- %s\n%s", rel, b)
		}
		for _, p := range preparedConfigs(t, spec, s) {
			fmt.Fprintf(&got, "run %s\n", p.ID())
			checkFromRecord(t, c.name+" "+p.ID(), p.RunConfig, p.Config, p.Sets)
		}
		for _, cand := range c.refits {
			rs := s
			rs.Refit, rs.Iterations, rs.Latent = true, 777, c.latent
			path, _ := RefitPaths(out, cand)
			cfg, err := writeRefitConfig(path, cand, rs)
			if err != nil {
				t.Fatalf("%s refit %s: %v", c.name, cand, err)
			}
			b, err := os.ReadFile(path)
			if err != nil {
				t.Fatal(err)
			}
			fmt.Fprintf(&got, "--- refit %s\n%s", cand, b)
			checkFromRecord(t, c.name+" refit "+cand, cfg, path, nil)
		}
		text.WriteString(strings.ReplaceAll(got.String(), out, "$OUT"))
	}
	golden := filepath.Join("testdata", "record.golden")
	if *update {
		if err := os.WriteFile(golden, []byte(text.String()), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(golden)
	if err != nil {
		t.Fatal(err)
	}
	if text.String() != string(want) {
		t.Errorf("compare's record differs from %s (see the difference with -update and git diff):\n%s", golden, text.String())
	}
}
