package models

import (
	"fmt"
	"testing"
)

// BenchmarkSMGPStep times one SMGP training step (objective, backward,
// Adam update) at the paper's UCI sizes: B = 512, M = 100, S = 10,
// λ = 0.01, d = 8, for T = 4 (the paper's) and T = 2, 6 (how the step
// grows with the number of experts, Fig. 4's range).
func BenchmarkSMGPStep(b *testing.B) {
	for _, T := range []int{2, 4, 6} {
		b.Run(fmt.Sprintf("T=%d", T), func(b *testing.B) {
			X, Y, spec := benchData()
			cfg := DefaultSMGPConfig()
			cfg.T = T
			m, err := NewSMGP(cfg, spec)
			if err != nil {
				b.Fatal(err)
			}
			benchStep(b, m, X, Y)
		})
	}
}
