package models

import (
	"errors"
	"strings"
	"testing"

	"github.com/mgpteam/mgp/pkg/config"
	"github.com/mgpteam/mgp/pkg/models/gp"
)

// TestKernelReachesEveryGP builds sgp, shgp, svhgp, slgp and gpcde with
// model.kernel matern52 (and SHGP's/SVHGP's model.kernel_w matern12) and
// checks each GP layer's kernel and that the param names are the SE's.
func TestKernelReachesEveryGP(t *testing.T) {
	X, Y, _, _ := toyStd(t, "hetero")
	spec := Spec{X: X, Y: Y, Seed: 0, KMeans: seededZ}
	sgpCfg := defaultSGPConfig()
	sgpCfg.M, sgpCfg.Kernel = 10, gp.KernelMatern52
	sgp, err := NewSGP(sgpCfg, spec)
	if err != nil {
		t.Fatal(err)
	}
	check := func(what string, k gp.Kernel, want, prefix string) {
		t.Helper()
		if k.Name() != want {
			t.Errorf("%s: kernel %s, want %s", what, k.Name(), want)
		}
		if ps := k.Params(); ps[0].Name != prefix+"variance" || ps[1].Name != prefix+"lengthscales" {
			t.Errorf("%s: params %s, %s", what, ps[0].Name, ps[1].Name)
		}
	}
	check("sgp", sgp.Layer.Kern, gp.KernelMatern52, "kernel_")
	h := defaultHeteroConfig()
	h.M = 10
	h.Kernel = gp.KernelMatern52
	shgp, err := NewSHGP(h, spec)
	if err != nil {
		t.Fatal(err)
	}
	check("shgp f", shgp.L.F.Kern, gp.KernelMatern52, "f_kernel_")
	check("shgp w (kernel_w empty: as kernel)", shgp.L.W.Kern, gp.KernelMatern52, "w_kernel_")
	h.KernelW = gp.KernelMatern12
	svhgp, err := NewSVHGP(h, spec)
	if err != nil {
		t.Fatal(err)
	}
	check("svhgp f", svhgp.L.F.Kern, gp.KernelMatern52, "f_kernel_")
	check("svhgp g", svhgp.L.W.Kern, gp.KernelMatern12, "g_kernel_")
	for _, enc := range []bool{true, false} {
		c := DefaultSLGPConfig()
		c.M, c.S, c.Hidden, c.Kernel = 10, 2, []int{4}, gp.KernelMatern32
		m, err := newLatent(c, spec, enc)
		if err != nil {
			t.Fatal(err)
		}
		check(m.Name(), m.core().Layer.Kern, gp.KernelMatern32, "kernel_")
	}
	for _, design := range []string{designDirect, designEncoded} {
		c := DefaultSLGPConfig()
		c.M, c.S, c.Hidden, c.Kernel, c.Design = 10, 2, []int{4}, gp.KernelMatern12, design
		m, err := NewSLGP(c, spec)
		if err != nil {
			t.Fatal(err)
		}
		check("slgp "+design, m.Layer.Kern, gp.KernelMatern12, "kernel_")
	}
	if d := defaultSGPConfig(); d.Kernel != "" {
		t.Errorf("sgp's default kernel is %q, want empty (se, left out of recorded configs)", d.Kernel)
	}
}

// TestUnknownKernelRefused checks that every config refuses an unknown
// kernel with a KeyError naming the key and the kernels it knows.
func TestUnknownKernelRefused(t *testing.T) {
	sgp := defaultSGPConfig()
	sgp.Kernel = "rbf"
	h := defaultHeteroConfig()
	h.KernelW = "rbf"
	sl := DefaultSLGPConfig()
	sl.Kernel = "rbf"
	gc := DefaultGPCDEConfig()
	gc.Kernel = "rbf"
	sm := DefaultSMGPConfig()
	sm.KernelA = "rbf"
	da := DefaultDAGPConfig()
	da.Kernel = "rbf"
	for _, c := range []struct {
		what, key string
		err       error
	}{{"sgp", "model.kernel", sgp.Validate()}, {"shgp", "model.kernel_w", h.Validate()},
		{"slgp", "model.kernel", sl.Validate()}, {"gpcde", "model.kernel", gc.Validate()},
		{"smgp", "model.kernel_a", sm.Validate()}, {"dagp", "model.kernel", da.Validate()}} {
		var ke *config.KeyError
		if !errors.As(c.err, &ke) || ke.Key != c.key {
			t.Errorf("%s: %v, want a KeyError for %s", c.what, c.err, c.key)
			continue
		}
		for _, name := range gp.KernelNames() {
			if !strings.Contains(c.err.Error(), name) {
				t.Errorf("%s: %v does not name %s", c.what, c.err, name)
			}
		}
	}
}

// TestMixtureKernels builds SMGP and DAGP with model.kernel matern32 and
// checks that the experts take it and that the assignment GPs follow it
// unless model.kernel_a names another.
func TestMixtureKernels(t *testing.T) {
	X, Y, _, _ := toyStd(t, "step")
	spec := Spec{X: X, Y: Y, Seed: 0, KMeans: seededZ}
	c := DefaultSMGPConfig()
	c.M, c.T, c.Kernel = 10, 2, gp.KernelMatern32
	m, err := NewSMGP(c, spec)
	if err != nil {
		t.Fatal(err)
	}
	if m.F.Kern.Name() != gp.KernelMatern32 || m.A.Kern.Name() != gp.KernelMatern32 {
		t.Errorf("smgp: experts %s, logits %s; want %s for both", m.F.Kern.Name(), m.A.Kern.Name(), gp.KernelMatern32)
	}
	d := DefaultDAGPConfig()
	d.M, d.T, d.Kernel, d.KernelA = 10, 2, gp.KernelMatern52, gp.KernelSE
	da, err := NewDAGP(d, spec)
	if err != nil {
		t.Fatal(err)
	}
	if da.F.Kern.Name() != gp.KernelMatern52 || da.A.Kern.Name() != gp.KernelSE {
		t.Errorf("dagp: experts %s, logits %s; want %s and %s", da.F.Kern.Name(), da.A.Kern.Name(), gp.KernelMatern52, gp.KernelSE)
	}
	if !TakesKernel("smgp") || !TakesKernel("dagp") {
		t.Error("smgp and dagp do not report a model.kernel key")
	}
}
