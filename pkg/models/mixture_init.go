package models

import (
	"fmt"
	"math"

	ad "github.com/mgpteam/mgp/pkg/autodiff"
	"github.com/mgpteam/mgp/pkg/models/gp"
	"gonum.org/v1/gonum/mat"
)

// Constants of the clustered initialisation of SMGP's and DAGP's experts
// (initFromClusters).
const (
	// clusterSeedOffset is added to the model seed for the k-means run on
	// the (x, y) pairs (Z_f uses the seed, Z_a the seed + 1).
	clusterSeedOffset = 2
	// clusterRidge is the ridge s of the fit of a layer's q means to its
	// targets U at Z: the layer's mean function starts at
	// k(x, Z)(K_ZZ + s I)⁻¹ U.
	clusterRidge = 0.1
	// clusterFloor is α of the logit targets log((π_t + α)/(1 + Tα)): it
	// bounds the initial logit gap between two experts by log((1 + α)/α).
	clusterFloor = 0.05
)

// initFromClusters breaks the symmetry of the T experts and logits, which
// models.md §4.2 starts all at q = prior (m = 0), so that they would stay
// one GP. It clusters the standardised training pairs [x_i, y_i] into T
// groups with spec.KMeans (seed + clusterSeedOffset), labels every point
// with its nearest centre, and sets
//
//   - expert t's q mean so that its mean function at Z_f is the
//     Nadaraya-Watson regression of y on x over the points of group t, with
//     the expert kernel's lengthscales as bandwidth (0 for an empty group);
//   - logit t's q mean so that its mean function at Z_a is
//     log((π_t + α)/(1 + Tα)) centred over t, where π_t(z) is the
//     Nadaraya-Watson share of group t among the points near z (the logit
//     kernel's lengthscales) and α = clusterFloor.
//
// Each layer's means are fitted to their targets U as the ridge solution
// k(x, Z)(K_ZZ + s I)⁻¹ U (clusterRidge; whitened: m = Lᵀ(K_ZZ + s I)⁻¹ U,
// unwhitened: m = K_ZZ (K_ZZ + s I)⁻¹ U). The factors R stay at I, the
// kernels and noises at their initial values: only the starting point
// moves, the objective is untouched.
func (m *SMGP) initFromClusters(spec Spec) error {
	T := m.Cfg.T
	n, dx := spec.X.Dims()
	XY := mat.NewDense(n, dx+1, nil)
	XY.Augment(spec.X, spec.Y)
	labels := nearestCentre(XY, spec.KMeans(XY, T, spec.Seed+clusterSeedOffset))
	y := mat.Col(nil, 0, spec.Y)
	U := expertTargets(spec.X, y, labels, m.F.Z.Value(), lengthscales(m.F.Kern), T)
	G := logitTargets(spec.X, labels, m.A.Z.Value(), lengthscales(m.A.Kern), T)
	for _, l := range []struct {
		layer   *gp.Inducing
		targets *mat.Dense
	}{{m.F, U}, {m.A, G}} {
		mean, err := ridgeMean(l.layer, l.targets)
		if err != nil {
			return err
		}
		if err := l.layer.Mean.SetValue(mean); err != nil {
			return err
		}
	}
	return nil
}

// nearestCentre returns, for every row of P, the index of its nearest row
// of C (squared Euclidean distance; the lowest index on a tie).
func nearestCentre(P, C *mat.Dense) []int {
	n, _ := P.Dims()
	k, _ := C.Dims()
	labels := make([]int, n)
	for i := range labels {
		p, best := P.RawRowView(i), math.Inf(1)
		for c := 0; c < k; c++ {
			d := 0.0
			for j, v := range C.RawRowView(c) {
				d += (p[j] - v) * (p[j] - v)
			}
			if d < best {
				best, labels[i] = d, c
			}
		}
	}
	return labels
}

// lengthscales returns the kernel's current lengthscales, one per input
// (a shared one repeated).
func lengthscales(k gp.Kernel) []float64 {
	h := k.Hyperparams()
	v := h.Lengthscales.Value().RawRowView(0)
	out := make([]float64, h.D)
	for d := range out {
		out[d] = v[min(d, len(v)-1)]
	}
	return out
}

// logWeights fills lw with the Nadaraya-Watson log weights
// -½ Σ_d ((z_d - x_id)/ℓ_d)² of the rows of X at z.
func logWeights(lw []float64, X *mat.Dense, z, ls []float64) {
	for i := range lw {
		s := 0.0
		for d, x := range X.RawRowView(i) {
			r := (z[d] - x) / ls[d]
			s += r * r
		}
		lw[i] = -0.5 * s
	}
}

// expertTargets returns the M x T targets of the experts at the rows of Z:
// column t is the Nadaraya-Watson regression of y over the points labelled
// t (weights shifted by the group's largest, so a far group still gives
// the y of its nearest points), 0 for a group without points.
func expertTargets(X *mat.Dense, y []float64, labels []int, Z *mat.Dense, ls []float64, T int) *mat.Dense {
	M, _ := Z.Dims()
	U := mat.NewDense(M, T, nil)
	lw := make([]float64, len(y))
	top, num, den := make([]float64, T), make([]float64, T), make([]float64, T)
	for j := 0; j < M; j++ {
		logWeights(lw, X, Z.RawRowView(j), ls)
		for t := range top {
			top[t], num[t], den[t] = math.Inf(-1), 0, 0
		}
		for i, c := range labels {
			top[c] = max(top[c], lw[i])
		}
		for i, c := range labels {
			w := math.Exp(lw[i] - top[c])
			num[c] += w * y[i]
			den[c] += w
		}
		for t := range num {
			if den[t] > 0 {
				U.Set(j, t, num[t]/den[t])
			}
		}
	}
	return U
}

// logitTargets returns the M x T logit targets at the rows of Z:
// log((π_t + α)/(1 + Tα)) centred over t, with π_t the Nadaraya-Watson
// share of the points labelled t and α = clusterFloor.
func logitTargets(X *mat.Dense, labels []int, Z *mat.Dense, ls []float64, T int) *mat.Dense {
	M, _ := Z.Dims()
	G := mat.NewDense(M, T, nil)
	lw := make([]float64, len(labels))
	share := make([]float64, T)
	for j := 0; j < M; j++ {
		logWeights(lw, X, Z.RawRowView(j), ls)
		top := math.Inf(-1)
		for _, v := range lw {
			top = max(top, v)
		}
		clear(share)
		total := 0.0
		for i, c := range labels {
			w := math.Exp(lw[i] - top)
			share[c] += w
			total += w
		}
		mean := 0.0
		for t := range share {
			share[t] = math.Log((share[t]/total + clusterFloor) / (1 + float64(T)*clusterFloor))
			mean += share[t] / float64(T)
		}
		for t, v := range share {
			G.Set(j, t, v-mean)
		}
	}
	return G
}

// ridgeMean returns the q mean (M x P) of layer l whose mean function is
// k(x, Z)(K_ZZ + s I)⁻¹ U at the layer's current kernel and Z, s =
// clusterRidge: Lᵀ(K_ZZ + s I)⁻¹ U whitened, K_ZZ (K_ZZ + s I)⁻¹ U not,
// with K_ZZ = L Lᵀ (jitter included).
func ridgeMean(l *gp.Inducing, U *mat.Dense) (*mat.Dense, error) {
	L := l.Prior(ad.NewTape()).L.Val
	M, _ := U.Dims()
	var K mat.SymDense
	K.SymOuterK(1, L)
	Kr := mat.NewSymDense(M, nil)
	Kr.CopySym(&K)
	for i := 0; i < M; i++ {
		Kr.SetSym(i, i, Kr.At(i, i)+clusterRidge)
	}
	var ch mat.Cholesky
	if !ch.Factorize(Kr) {
		return nil, fmt.Errorf("%s: K_ZZ + %g I is not positive definite", l.Mean.Name, clusterRidge)
	}
	var B, out mat.Dense
	if err := ch.SolveTo(&B, U); err != nil {
		return nil, err
	}
	if l.Whiten {
		out.Mul(L.T(), &B)
	} else {
		out.Mul(&K, &B)
	}
	return &out, nil
}
