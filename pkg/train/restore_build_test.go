package train

import (
	"context"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/mgpteam/mgp/pkg/models"
	"gonum.org/v1/gonum/mat"
)

// TestBuildModelRestoringPredictsAlike: for every registered model, the
// build without k-means (BuildModelRestoring) has the same parameters as
// BuildModel's apart from the inducing inputs (so its random draws are
// the same), and once the built model's parameters are restored into it
// its predictive samples are bit-identical to the built model's. A
// restoring build whose Z differed but survived (a parameter the restore
// missed) or whose draws moved would fail.
func TestBuildModelRestoringPredictsAlike(t *testing.T) {
	for _, name := range models.Names() {
		t.Run(name, func(t *testing.T) {
			cfg := toyConfig(name, 0)
			exp, err := LoadExperiment(cfg.Data, "")
			if err != nil {
				t.Fatal(err)
			}
			built, err := BuildModel(context.Background(), cfg, exp, BuildOptions{})
			if err != nil {
				t.Fatal(err)
			}
			restoring, err := BuildModel(context.Background(), cfg, exp, BuildOptions{Restoring: true})
			if err != nil {
				t.Fatal(err)
			}
			var inducing []string
			if ii, ok := built.(models.InducingInputter); ok {
				for _, p := range ii.InducingInputs() {
					inducing = append(inducing, p.Name)
				}
			}
			// SMGP's and DAGP's q means start from a k-means clustering of
			// the (x, y) pairs (pkg/models/mixture_init.go), which the
			// restoring build skips as it skips Z's k-means: they may
			// differ before the restore too.
			if name == "smgp" || name == "dagp" {
				inducing = append(inducing, "f_q_mu", "a_q_mu")
			}
			state := map[string]*mat.Dense{}
			zeros := 0
			for i, p := range built.Params().List {
				q := restoring.Params().List[i]
				isZ := slices.Contains(inducing, p.Name)
				if !isZ && !mat.Equal(p.Raw, q.Raw) {
					t.Fatalf("parameter %s differs between the two builds", p.Name)
				}
				if isZ && !mat.Equal(p.Raw, q.Raw) {
					zeros++
				}
				state[p.Name] = mat.DenseCopyOf(p.Raw)
			}
			if err := restoring.Params().Restore(state); err != nil {
				t.Fatal(err)
			}
			Xt := exp.XTest.Slice(0, 5, 0, exp.XTest.RawMatrix().Cols).(*mat.Dense)
			y1, _ := built.Sample(Xt, 20, rand.New(rand.NewPCG(1, 2)))
			y2, _ := restoring.Sample(Xt, 20, rand.New(rand.NewPCG(1, 2)))
			if !mat.Equal(y1, y2) {
				t.Fatal("restored model's samples differ from the built model's")
			}
			t.Logf("%d inducing-input parameters started at zero", zeros)
		})
	}
}
