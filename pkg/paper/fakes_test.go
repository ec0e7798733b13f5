package paper

import (
	"math"
	"math/rand/v2"

	ad "github.com/mgpteam/mgp/pkg/autodiff"
	"github.com/mgpteam/mgp/pkg/models"
	"gonum.org/v1/gonum/mat"
)

// fakeModel is a models.Model whose predictive is sin(3x) + 0.1 noise; it
// cannot be trained, only sampled.
type fakeModel struct{ name string }

func (m *fakeModel) Name() string         { return m.name }
func (m *fakeModel) Params() *ad.ParamSet { return nil }
func (m *fakeModel) Objective(*ad.Tape, models.Step) *ad.Var {
	return nil
}

func (m *fakeModel) Sample(X *mat.Dense, P int, rng *rand.Rand) (Y, F *mat.Dense) {
	n, _ := X.Dims()
	Y, F = mat.NewDense(P, n, nil), mat.NewDense(P, n, nil)
	for s := range P {
		for i := range n {
			f := math.Sin(3 * X.At(i, 0))
			F.Set(s, i, f)
			Y.Set(s, i, f+0.1*rng.NormFloat64())
		}
	}
	return Y, F
}

// fakeModulator also has a modulation w(x) (as SHGP).
type fakeModulator struct{ fakeModel }

func (m *fakeModulator) Modulation(X *mat.Dense) (mean, variance []float64) {
	n, _ := X.Dims()
	mean, variance = make([]float64, n), make([]float64, n)
	for i := range n {
		mean[i], variance[i] = -X.At(i, 0), 0.04
	}
	return mean, variance
}

// fakeExperts is a mixture of nt constant experts (as SMGP is); with
// badRows it returns one row too few.
type fakeExperts struct {
	fakeModel
	nt      int
	badRows bool
}

func (m *fakeExperts) Experts(X *mat.Dense) (mean, variance, prob *mat.Dense) {
	n, _ := X.Dims()
	if m.badRows {
		n--
	}
	mean, variance, prob = mat.NewDense(n, m.nt, nil), mat.NewDense(n, m.nt, nil), mat.NewDense(n, m.nt, nil)
	for i := range n {
		best := 0
		if X.At(i, 0) > 0 {
			best = 1
		}
		for t := range m.nt {
			mean.Set(i, t, float64(t)-1)
			variance.Set(i, t, 0.01)
			prob.Set(i, t, 0.1/float64(m.nt-1))
		}
		prob.Set(i, best, 0.9)
	}
	return mean, variance, prob
}

// fakeLatent has latent means (as SLGP).
type fakeLatent struct{ fakeModel }

func (m *fakeLatent) LatentMeans(X, Y *mat.Dense) (post, prior []float64) {
	n, _ := X.Dims()
	post, prior = make([]float64, n), make([]float64, n)
	for i := range n {
		post[i], prior[i] = Y.At(i, 0), 0.5*X.At(i, 0)
	}
	return post, prior
}

// fakeToyData returns a toy's training set (n points) and 500 test inputs.
func fakeToyData(n int) (xTrain, yTrain, xTest *mat.Dense) {
	xTrain, yTrain, xTest = mat.NewDense(n, 1, nil), mat.NewDense(n, 1, nil), mat.NewDense(500, 1, nil)
	for i := range n {
		x := -2 + 4*float64(i)/float64(n-1)
		xTrain.Set(i, 0, x)
		yTrain.Set(i, 0, math.Cos(5*x))
	}
	for i := range 500 {
		xTest.Set(i, 0, -2+4*float64(i)/499)
	}
	return xTrain, yTrain, xTest
}

// fakeFits fits each named model on every toy; the name picks the fake:
// shgp/svhgp modulate, smgp has experts, slgp/gpcde latent means.
func fakeFits(names ...string) toyFits {
	fits := toyFits{}
	for _, toy := range []string{"hetero", "step", "moons"} {
		xtr, ytr, xte := fakeToyData(100)
		for _, name := range names {
			var m models.Model
			switch name {
			case "shgp", "svhgp":
				m = &fakeModulator{fakeModel{name}}
			case "smgp":
				m = &fakeExperts{fakeModel: fakeModel{name}, nt: 4}
			case "slgp", "gpcde":
				m = &fakeLatent{fakeModel{name}}
			default:
				m = &fakeModel{name}
			}
			fits.add(name, &toyFit{model: m, toy: toy, xTrain: xtr, yTrain: ytr, xTest: xte})
		}
	}
	return fits
}
