package sweep

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// writeSpec writes a sweep file into a temporary directory.
func writeSpec(t *testing.T, body string) string {
	t.Helper()
	p := filepath.Join(t.TempDir(), "sweep.yaml")
	if err := os.WriteFile(p, []byte(body), 0o644); err != nil {
		t.Fatal(err)
	}
	return p
}

const specGrid = `name: g
out: OUT
datasets: [boston, energy, concrete]
models: [sgp, slgp, hnn]
seeds: 0-3
config: configs/uci/{dataset}-{model}.yaml
set: {train.iterations: 500, eval.samples: 200}
variants:
  - name: paper
  - name: beta=0.1
    models: [slgp]
    set: {model.beta: 0.1}
    per_dataset:
      energy: {model.beta: 0.5}
`

// TestExpandGrid checks the runs of a grid: count, order, directories,
// overrides (per data set over variant over sweep, seeds last) and models
// left out because the build lacks them.
func TestExpandGrid(t *testing.T) {
	s, err := ReadSpec(writeSpec(t, specGrid))
	if err != nil {
		t.Fatal(err)
	}
	p, err := Expand(s, func(m string) bool { return m != "hnn" })
	if err != nil {
		t.Fatal(err)
	}
	// 4 seeds x 3 sets x (sgp paper, slgp paper, slgp beta=0.1)
	if len(p.Runs) != 36 || p.Unavailable["hnn"] != 12 {
		t.Fatalf("%d runs, %d hnn left out; want 36 and 12", len(p.Runs), p.Unavailable["hnn"])
	}
	first := p.Runs[0]
	if first.ID() != "boston/sgp/paper/s0" || first.Dir != filepath.Join("OUT", "boston", "sgp", "paper", "s0") || first.Config != "configs/uci/boston-sgp.yaml" {
		t.Fatalf("first run %+v", first)
	}
	if p.Runs[9].Seed != 1 {
		t.Fatalf("runs are not seed-major: run 9 is %s", p.Runs[9].ID())
	}
	var energyBeta Run
	for _, r := range p.Runs {
		if r.ID() == "energy/slgp/beta=0.1/s2" {
			energyBeta = r
		}
	}
	want := []string{"eval.samples=200", "train.iterations=500", "model.beta=0.1", "model.beta=0.5", "data.split_seed=2", "train.seed=2"}
	var got []string
	for _, o := range energyBeta.Sets {
		got = append(got, o.String())
	}
	if !slices.Equal(got, want) {
		t.Fatalf("overrides %v, want %v", got, want)
	}
	ids := map[string]bool{}
	for _, r := range p.Runs {
		if ids[r.ID()] {
			t.Fatalf("run %s appears twice", r.ID())
		}
		ids[r.ID()] = true
	}
}

// TestShardsCoverEveryRunOnce checks that shards 0..n-1 partition the runs
// for n = 1..5 and that a shard is the same on every call.
func TestShardsCoverEveryRunOnce(t *testing.T) {
	s, err := ReadSpec(writeSpec(t, specGrid))
	if err != nil {
		t.Fatal(err)
	}
	p, _ := Expand(s, func(string) bool { return true })
	for n := 1; n <= 5; n++ {
		count := map[string]int{}
		for i := range n {
			sh, err := Shard(p.Runs, i, n)
			if err != nil {
				t.Fatal(err)
			}
			again, _ := Shard(p.Runs, i, n)
			if len(sh) != len(again) {
				t.Fatal("shard not deterministic")
			}
			if len(sh) < len(p.Runs)/n || len(sh) > len(p.Runs)/n+1 {
				t.Fatalf("n=%d shard %d has %d of %d runs: unbalanced", n, i, len(sh), len(p.Runs))
			}
			for _, r := range sh {
				count[r.ID()]++
			}
		}
		for _, r := range p.Runs {
			if count[r.ID()] != 1 {
				t.Fatalf("n=%d: run %s is in %d shards", n, r.ID(), count[r.ID()])
			}
		}
	}
	for _, bad := range [][2]int{{0, 0}, {2, 2}, {-1, 3}} {
		if _, err := Shard(p.Runs, bad[0], bad[1]); err == nil {
			t.Errorf("shard %d/%d accepted", bad[0], bad[1])
		}
	}
}

// TestReadSpecRejects checks that bad sweep files are refused with the
// file, the line or key, and what to do.
func TestReadSpecRejects(t *testing.T) {
	base := "out: o\ndatasets: [a]\nmodels: [m]\nconfig: c\n"
	for _, tc := range []struct{ body, want string }{
		{base + "seeds: 0-2\nsedes: 1\n", "line 6"},
		{base + "seeds: [0, 1.5]\n", "non-negative integers"},
		{base + "seeds: [-1]\n", "non-negative integers"},
		{base + "seeds: [true]\n", "non-negative integers"},
		{base + "seeds: 3-1\n", "first <= last"},
		{base + "seeds: [1, 1]\n", "appears twice"},
		{base + "seeds: 0-1\nvariants: [{name: 'a/b'}]\n", "names a directory"},
		{base + "seeds: 0-1\nvariants: [{name: x, per_dataset: {zz: {a: 1}}}]\n", "not one of the sweep's data sets"},
		{"datasets: [a]\nmodels: [m]\nconfig: c\nseeds: 0\n", "out is missing"},
		{"out: o\ndatasets: [a, a]\nmodels: [m]\nconfig: c\nseeds: 0\n", "appears twice"},
		{base + "seeds: 0\nheadline:\n  - {model: m, variant: default, labl: x}\n", "line 7"},
		{base + "seeds: 0\nheadline: [{model: q, variant: default}]\n", "headline[0].model \"q\""},
		{base + "seeds: 0\nheadline: [{model: m, variant: paper}]\n", "runs no such variant"},
		{base + "seeds: 0\nvariants: [{name: v, models: [z]}]\nheadline: [{model: m, variant: v}]\n", "runs no such variant"},
		{base + "seeds: 0\nheadline: [{model: m, variant: default}, {model: m, variant: default}]\n", "appears twice"},
		{base + "seeds: 0\nnotes: ['  ']\n", "notes[0] is empty"},
	} {
		_, err := ReadSpec(writeSpec(t, tc.body))
		if err == nil || !strings.Contains(err.Error(), tc.want) || !strings.Contains(err.Error(), "sweep.yaml") {
			t.Errorf("%q: err = %v, want it to name the file and say %q", tc.body, err, tc.want)
		}
	}
	// A map as an override value is refused when the file is read.
	if _, err := ReadSpec(writeSpec(t, base+"seeds: 0-1\nset: {a: {b: 1}}\n")); err == nil ||
		!strings.Contains(err.Error(), "sweep.yaml: line 6: set: a:") {
		t.Errorf("a map as an override value: err = %v", err)
	}
}

// TestRestrictVariants checks that --variants keeps only the named
// variants, in the file's order, and refuses a name the sweep lacks.
func TestRestrictVariants(t *testing.T) {
	s, err := ReadSpec(writeSpec(t, specGrid))
	if err != nil {
		t.Fatal(err)
	}
	full, _ := Expand(s, func(string) bool { return true })
	if err := s.RestrictVariants([]string{"beta=0.1"}); err != nil {
		t.Fatal(err)
	}
	p, _ := Expand(s, func(string) bool { return true })
	if len(p.Runs) == 0 || len(p.Runs) >= len(full.Runs) {
		t.Fatalf("%d of %d runs kept", len(p.Runs), len(full.Runs))
	}
	for _, r := range p.Runs {
		if r.Variant != "beta=0.1" {
			t.Fatalf("%s kept", r.ID())
		}
	}
	if err := s.RestrictVariants([]string{"paper"}); err == nil {
		t.Error("a variant dropped by an earlier restriction was accepted")
	}
	s2, _ := ReadSpec(writeSpec(t, specGrid))
	if err := s2.RestrictVariants([]string{"beta=0.2"}); err == nil {
		t.Error("a variant outside the sweep was accepted")
	}
}

// TestRestrict checks that a restricted spec keeps the file's order and
// the runs' directories, and refuses names the sweep lacks.
func TestRestrict(t *testing.T) {
	s, err := ReadSpec(writeSpec(t, specGrid))
	if err != nil {
		t.Fatal(err)
	}
	full, _ := Expand(s, func(string) bool { return true })
	if err := s.Restrict([]string{"slgp"}, []string{"concrete", "boston"}, "1,3"); err != nil {
		t.Fatal(err)
	}
	p, _ := Expand(s, func(string) bool { return true })
	if len(p.Runs) != 8 || p.Runs[0].ID() != "boston/slgp/paper/s1" {
		t.Fatalf("%d runs, first %s", len(p.Runs), p.Runs[0].ID())
	}
	dirs := map[string]bool{}
	for _, r := range full.Runs {
		dirs[r.Dir] = true
	}
	for _, r := range p.Runs {
		if !dirs[r.Dir] {
			t.Fatalf("%s: directory %s is not the full sweep's", r.ID(), r.Dir)
		}
	}
	for _, bad := range []func(*Spec) error{
		func(s *Spec) error { return s.Restrict([]string{"mdn"}, nil, "") },
		func(s *Spec) error { return s.Restrict(nil, []string{"power"}, "") },
		func(s *Spec) error { return s.Restrict(nil, nil, "7") },
		func(s *Spec) error { return s.Restrict(nil, nil, "1.5") },
	} {
		s2, _ := ReadSpec(writeSpec(t, specGrid))
		if err := bad(s2); err == nil {
			t.Error("a restriction outside the sweep was accepted")
		}
	}
}

// TestReadSpecHeadline checks that a headline and notes are read in the
// file's order and leave the run grid as it was.
func TestReadSpecHeadline(t *testing.T) {
	body := "out: o\ndatasets: [a]\nmodels: [m, n]\nconfig: c\nseeds: 0-1\n" +
		"variants: [{name: p}, {name: s, models: [n]}]\n"
	plain, err := ReadSpec(writeSpec(t, body))
	if err != nil {
		t.Fatal(err)
	}
	s, err := ReadSpec(writeSpec(t, body+"headline:\n  - {model: n, variant: s, label: N (selected), note: why}\n  - {model: m, variant: p}\nnotes: [one, two]\n"))
	if err != nil {
		t.Fatal(err)
	}
	want := []HeadlineEntry{{Model: "n", Variant: "s", Label: "N (selected)", Note: "why"}, {Model: "m", Variant: "p"}}
	if !slices.Equal(s.Headline, want) || !slices.Equal(s.Notes, []string{"one", "two"}) {
		t.Errorf("headline %+v notes %q", s.Headline, s.Notes)
	}
	all := func(string) bool { return true }
	a, _ := Expand(plain, all)
	b, _ := Expand(s, all)
	if len(a.Runs) != len(b.Runs) || len(a.Runs) != 6 {
		t.Errorf("runs %d with the headline, %d without, want 6", len(b.Runs), len(a.Runs))
	}
}
