package models

import (
	"math/rand/v2"
	"strings"
	"testing"

	ad "github.com/mgpteam/mgp/pkg/autodiff"
	"github.com/mgpteam/mgp/pkg/autodiff/adtest"
	"gonum.org/v1/gonum/mat"
)

// TestNNDeterministicAndShapes: one seed gives bit-identical weights,
// objectives and samples; samples are P x (N·d_y) for two outputs.
func TestNNDeterministicAndShapes(t *testing.T) {
	rng := rand.New(rand.NewPCG(61, 62))
	X, Y := adtest.Rand(rng, 7, 3), adtest.Rand(rng, 7, 2)
	Xt := adtest.Rand(rng, 4, 3)
	for _, name := range []string{"hnn", "mdn", "cvae"} {
		run := func() (float64, *mat.Dense) {
			m, err := New(name, func(dst any) error { return nil }, nnSpec(X, Y, 5))
			if err != nil {
				t.Fatal(err)
			}
			o := m.Objective(ad.NewTape(), Step{X: X, Y: Y, N: 7, Rng: rand.New(rand.NewPCG(1, 2))}).Scalar()
			ys, _ := m.Sample(Xt, 6, rand.New(rand.NewPCG(3, 4)))
			return o, ys
		}
		o1, y1 := run()
		o2, y2 := run()
		if o1 != o2 || !mat.Equal(y1, y2) {
			t.Errorf("%s: same seed, different results (objective %v vs %v)", name, o1, o2)
		}
		if r, c := y1.Dims(); r != 6 || c != 4*2 {
			t.Errorf("%s: samples %dx%d, want 6x8", name, r, c)
		}
	}
}

// TestNNConfigErrors: bad config values are errors naming the key.
func TestNNConfigErrors(t *testing.T) {
	rng := rand.New(rand.NewPCG(71, 72))
	spec := nnSpec(adtest.Rand(rng, 5, 2), adtest.Rand(rng, 5, 1), 1)
	cases := []struct {
		name, key string
		build     func() error
	}{
		{"hnn hidden", "model.hidden", func() error { _, err := NewHNN(HNNConfig{Hidden: []int{10, 0}}, spec); return err }},
		{"mdn hidden", "model.hidden", func() error { _, err := NewMDN(MDNConfig{Hidden: []int{-1}, T: 4}, spec); return err }},
		{"mdn t", "model.t", func() error { _, err := NewMDN(MDNConfig{Hidden: []int{3}, T: 0}, spec); return err }},
		{"cvae d_w", "model.d_w", func() error {
			c := defaultCVAEConfig()
			c.DW = 0
			_, err := NewCVAE(c, spec)
			return err
		}},
		{"cvae s", "model.s", func() error {
			c := defaultCVAEConfig()
			c.S = -2
			_, err := NewCVAE(c, spec)
			return err
		}},
		{"cvae decoder", "model.decoder", func() error {
			c := defaultCVAEConfig()
			c.Decoder = "gaussian"
			_, err := NewCVAE(c, spec)
			return err
		}},
		{"cvae noise_init", "model.noise_init", func() error {
			c := defaultCVAEConfig()
			c.NoiseInit = 0
			_, err := NewCVAE(c, spec)
			return err
		}},
		{"cvae hidden", "model.hidden", func() error {
			c := defaultCVAEConfig()
			c.Hidden = []int{0}
			_, err := NewCVAE(c, spec)
			return err
		}},
	}
	for _, c := range cases {
		err := c.build()
		if err == nil || !strings.Contains(err.Error(), c.key) {
			t.Errorf("%s: error %v, want one naming %s", c.name, err, c.key)
		}
	}
	// The defaults are the paper's (models.md §1.4, A-17, A-23, A-24).
	if h := defaultHNNConfig(); len(h.Hidden) != 3 || h.Hidden[0] != 100 {
		t.Errorf("HNN default hidden %v", h.Hidden)
	}
	if d := defaultMDNConfig(); d.T != 4 {
		t.Errorf("MDN default T = %d, want 4", d.T)
	}
	if c := defaultCVAEConfig(); c.S != 10 || c.DW != 1 || c.Decoder != decoderHetero {
		t.Errorf("CVAE defaults %+v", c)
	}
}
