package models

import "testing"

// One training step (objective, backward, Adam update) of each neural
// competitor at the paper's UCI settings: B = 512, d_x = 8, MLPs
// [100, 100, 100]; MDN with T = 4, CVAE with d_w = 1 and S = 10 (its
// decoder runs on S·B = 5120 rows).

func BenchmarkHNNStep(b *testing.B) {
	X, Y, spec := benchData()
	m, err := NewHNN(defaultHNNConfig(), spec)
	if err != nil {
		b.Fatal(err)
	}
	benchStep(b, m, X, Y)
}

func BenchmarkMDNStep(b *testing.B) {
	X, Y, spec := benchData()
	m, err := NewMDN(defaultMDNConfig(), spec)
	if err != nil {
		b.Fatal(err)
	}
	benchStep(b, m, X, Y)
}

func BenchmarkCVAEStep(b *testing.B) {
	X, Y, spec := benchData()
	m, err := NewCVAE(defaultCVAEConfig(), spec)
	if err != nil {
		b.Fatal(err)
	}
	benchStep(b, m, X, Y)
}
