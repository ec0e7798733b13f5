package main

import (
	"io/fs"
	"math/rand/v2"
	"path/filepath"
	"strings"
	"testing"

	"github.com/mgpteam/mgp/pkg/autodiff/adtest"
	"github.com/mgpteam/mgp/pkg/config"
	"github.com/mgpteam/mgp/pkg/models"
	"github.com/mgpteam/mgp/pkg/sweep"
	"gonum.org/v1/gonum/mat"
)

// repoRoot is the repository root seen from this package's directory.
const repoRoot = "../.."

// buildFromConfig loads a run config with overrides as mgp train and mgp
// sweep do (one strict decoder for the file, the model section and the
// overrides) and builds its model on 200 random points with 4 inputs (the
// data itself is not read).
func buildFromConfig(t *testing.T, path string, sets []config.Override) {
	t.Helper()
	cfg, _, err := sweep.LoadRunConfig(path, sets)
	if err != nil {
		t.Errorf("%s %v: %v", path, sets, err)
		return
	}
	rng := rand.New(rand.NewPCG(1, 2))
	X, Y := adtest.Rand(rng, 200, 4), adtest.Rand(rng, 200, 1)
	spec := models.Spec{X: X, Y: Y, Seed: 1, KMeans: func(X *mat.Dense, M int, seed uint64) *mat.Dense {
		_, c := X.Dims()
		return adtest.Rand(rand.New(rand.NewPCG(seed, 3)), M, c)
	}}
	if _, err := cfg.Model.Build(spec); err != nil {
		t.Errorf("%s %v: model %s: %v", path, sets, cfg.ModelName(), err)
	}
}

// TestShippedConfigsBuild: every run config under configs/ loads (unknown
// keys are errors) and builds its model, and so does every run of every
// sweep file there with the sweep's overrides, so that a typo in a shipped
// file fails here rather than hours into a sweep.
func TestShippedConfigsBuild(t *testing.T) {
	var runConfigs, sweeps []string
	err := filepath.WalkDir(filepath.Join(repoRoot, "configs"), func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(p, ".yaml") {
			return err
		}
		if strings.Contains(filepath.ToSlash(p), "/configs/sweeps/") {
			sweeps = append(sweeps, p)
		} else {
			runConfigs = append(runConfigs, p)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if len(runConfigs) < 50 || len(sweeps) < 4 {
		t.Fatalf("found %d run configs and %d sweep files under configs/", len(runConfigs), len(sweeps))
	}
	for _, p := range runConfigs {
		buildFromConfig(t, p, nil)
	}
	for _, p := range sweeps {
		s, err := sweep.ReadSpec(p)
		if err != nil {
			t.Errorf("%v", err)
			continue
		}
		plan, err := sweep.Expand(s, func(string) bool { return true })
		if err != nil {
			t.Errorf("%s: %v", p, err)
			continue
		}
		seen := map[string]bool{}
		for _, r := range plan.Runs {
			// One build per config and overrides; the seeds change no key.
			var sets []config.Override
			key := r.Config
			for _, set := range r.Sets {
				if set.Key != "data.split_seed" && set.Key != "train.seed" {
					sets = append(sets, set)
					key += " " + set.String()
				}
			}
			if seen[key] {
				continue
			}
			seen[key] = true
			buildFromConfig(t, filepath.Join(repoRoot, r.Config), sets)
		}
	}
}
