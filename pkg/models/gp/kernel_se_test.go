package gp

import (
	"fmt"
	"math/rand/v2"
	"testing"

	ad "github.com/mgpteam/mgp/pkg/autodiff"
	"github.com/mgpteam/mgp/pkg/autodiff/adtest"
	"gonum.org/v1/gonum/mat"
)

// TestSEGradients checks the SE op's vector-Jacobian products for both
// inputs, the lengthscales and the variance against finite differences:
// K(X, Z) at three shapes, K(Z, Z) (gradients accumulate) and the
// diagonal (its only gradient the variance's).
func TestSEGradients(t *testing.T) {
	kin := func(N, M, D int) func(rng *rand.Rand) []*mat.Dense {
		return func(rng *rand.Rand) []*mat.Dense {
			return []*mat.Dense{adtest.Rand(rng, N, D), adtest.Rand(rng, M, D),
				adtest.RandPos(rng, 1, D, 0.7, 2), adtest.RandPos(rng, 1, 1, 0.5, 2)}
		}
	}
	type gcase struct {
		name string
		f    adtest.Func
		in   func(rng *rand.Rand) []*mat.Dense
	}
	var cs []gcase
	for _, s := range [][3]int{{1, 1, 1}, {5, 3, 2}, {4, 6, 3}} {
		cs = append(cs, gcase{fmt.Sprintf("N%d,M%d,D%d", s[0], s[1], s[2]),
			func(t *ad.Tape, v []*ad.Var) *ad.Var { return t.Custom(seOp{}, v[0], v[1], v[2], v[3]) }, kin(s[0], s[1], s[2])})
	}
	cs = append(cs,
		gcase{"ZZ", func(t *ad.Tape, v []*ad.Var) *ad.Var { return t.Custom(seOp{}, v[1], v[1], v[2], v[3]) }, kin(2, 4, 3)},
		gcase{"diag", func(t *ad.Tape, v []*ad.Var) *ad.Var { return t.Mul(t.Custom(diagOp{}, v[0], v[3]), v[0]) }, kin(4, 2, 1)},
	)
	for i, c := range cs {
		t.Run(c.name, func(t *testing.T) {
			rng := rand.New(rand.NewPCG(uint64(i), 7))
			for trial := 0; trial < 2; trial++ {
				// 1e-6: the foundation issue's gradient-check tolerance.
				if rep := adtest.Check(c.f, c.in(rng), uint64(100*i+trial)); rep.MaxRelErr > 1e-6 {
					t.Fatalf("trial %d: %v", trial, rep)
				}
			}
		})
	}
}
