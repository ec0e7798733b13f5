package compare

import (
	"errors"
	"slices"
	"strings"
	"testing"
)

// TestKernelOrderDoesNotBreakTies: --kernels se,matern52 and matern52,se
// give the same candidates in the same order, so that a tie in the mean
// test NLL (and the complexity order of one model's kernels) falls the
// same way: Decide on tied NLLs chooses alike.
func TestKernelOrderDoesNotBreakTies(t *testing.T) {
	a := Candidates([]string{"sgp", "shgp"}, []string{"se", "matern52"})
	b := Candidates([]string{"sgp", "shgp"}, []string{"matern52", "se"})
	if !slices.Equal(a, b) {
		t.Fatalf("candidates %v and %v", a, b)
	}
	nll := map[string][]float64{}
	for _, c := range a {
		nll[c] = []float64{1, 1, 1}
	}
	da, err := Decide(a, nll)
	if err != nil {
		t.Fatal(err)
	}
	db, err := Decide(b, nll)
	if err != nil {
		t.Fatal(err)
	}
	if da.Chosen != db.Chosen || da.Best != db.Best {
		t.Errorf("tied NLLs choose %s/%s and %s/%s by the order of --kernels", da.Best, da.Chosen, db.Best, db.Chosen)
	}
}

// TestKernelsWithoutGPSaysSo: a model with no GP (hnn) given kernels
// without se is refused with a message saying it has no GP, not that its
// GPs are squared exponential.
func TestKernelsWithoutGPSaysSo(t *testing.T) {
	err := checkKernels([]string{"hnn"}, []string{"matern52"})
	var oe *OptionError
	if !errors.As(err, &oe) || !strings.Contains(err.Error(), "no GP") || strings.Contains(err.Error(), "squared exponential") {
		t.Errorf("hnn with matern52: %v", err)
	}
	if err := checkKernels([]string{"shgp", "mdn"}, []string{"matern32"}); err == nil || !strings.Contains(err.Error(), "no GP") {
		t.Errorf("mdn with matern32: %v", err)
	}
}
