package fit_test

import (
	"context"
	"math"
	"strconv"
	"strings"
	"testing"

	"github.com/mgpteam/mgp/pkg/fit"
	"github.com/mgpteam/mgp/pkg/models"
	"gonum.org/v1/gonum/mat"
)

// fuzzValue maps a byte to a data value: mostly small numbers, sometimes
// NaN, ±Inf, a huge or a tiny one.
func fuzzValue(b byte) float64 {
	switch b {
	case 250:
		return math.NaN()
	case 251:
		return math.Inf(1)
	case 252:
		return math.Inf(-1)
	case 253:
		return 1e300
	case 254:
		return -1e-300
	}
	return float64(int8(b)) / 8
}

// fuzzKeys parses "k=v;k=v" into a model-key map: v as an integer (its
// magnitude capped at 64, so that the fuzzer cannot ask for gigabytes
// within the size limits: those are TestEverySizeKeyIsRefusedAboveItsLimit's
// and TestSizesTogetherAreBounded's), a float, a bool, a list of integers
// "[a,b]" (capped alike) or else a string.
func fuzzKeys(s string) map[string]any {
	out := map[string]any{}
	capInt := func(v int64) int { return int(v % 65) }
	for _, kv := range strings.Split(s, ";") {
		k, v, ok := strings.Cut(kv, "=")
		if !ok {
			continue
		}
		switch {
		case strings.HasPrefix(v, "[") && strings.HasSuffix(v, "]"):
			var l []int
			for _, e := range strings.Split(strings.Trim(v, "[]"), ",") {
				if i, err := strconv.ParseInt(e, 10, 64); err == nil {
					l = append(l, capInt(i))
				}
			}
			out[k] = l
		default:
			if i, err := strconv.ParseInt(v, 10, 64); err == nil {
				out[k] = capInt(i)
			} else if f, err := strconv.ParseFloat(v, 64); err == nil {
				out[k] = f
			} else if b, err := strconv.ParseBool(v); err == nil {
				out[k] = b
			} else {
				out[k] = v
			}
		}
	}
	return out
}

// FuzzFit feeds random shapes, values and model-key maps into New, Fit
// and Predict (and Score) with a few iterations: each returns an error or
// a result of the right shape, and nothing panics.
func FuzzFit(f *testing.F) {
	f.Add([]byte{1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12}, uint8(0), "m=3", uint8(12), uint8(1), uint8(1), uint8(2), uint8(4))
	f.Add([]byte{9, 200, 3, 250, 5}, uint8(1), "m=4;m_w=2;quadrature=3", uint8(10), uint8(2), uint8(1), uint8(3), uint8(2))
	f.Add([]byte{0, 0, 0, 0}, uint8(4), "m=2;s=2;d_w=2;hidden=[4,3]", uint8(8), uint8(1), uint8(2), uint8(2), uint8(3))
	f.Add([]byte{7, 1, 7, 1, 7, 1}, uint8(7), "hidden=[5]", uint8(6), uint8(3), uint8(1), uint8(1), uint8(2))
	f.Add([]byte{100, 101, 253, 3}, uint8(2), "m=3;t=2;s=2;bound=nested;s_w=2", uint8(9), uint8(1), uint8(1), uint8(2), uint8(2))
	f.Add([]byte{5, 6}, uint8(9), "name=sgp;kernel=matern52", uint8(5), uint8(1), uint8(1), uint8(1), uint8(2))
	f.Fuzz(func(t *testing.T, vals []byte, model uint8, keys string, n, dx, dy, iters, samples uint8) {
		names := models.Names()
		name := names[int(model)%len(names)]
		rows, cx, cy := int(n%33), 1+int(dx%3), 1+int(dy%2)
		if len(vals) == 0 {
			vals = []byte{0}
		}
		k := 0
		next := func() float64 { k++; return fuzzValue(vals[(k-1)%len(vals)] + byte(k/len(vals))) }
		X, Y := &mat.Dense{}, &mat.Dense{}
		if rows > 0 {
			X, Y = mat.NewDense(rows, cx, nil), mat.NewDense(rows, cy, nil)
			for i := range rows {
				for j := range cx {
					X.Set(i, j, next())
				}
				for j := range cy {
					Y.Set(i, j, next())
				}
			}
		}
		m, err := fit.New(name, fit.Options{Iterations: 1 + int(iters%3), Seed: uint64(model), Model: fuzzKeys(keys)})
		if err != nil {
			return
		}
		ctx := context.Background()
		if err := m.Fit(ctx, X, Y); err != nil {
			return
		}
		Xt := mat.NewDense(2, cx, []float64{next(), next(), next(), next(), next(), next()}[:2*cx])
		p, err := m.Predict(ctx, Xt, fit.PredictOptions{Samples: int(samples % 8), Quantiles: []float64{0.1, 0.9}})
		if err == nil {
			if r, c := p.Mean.Dims(); r != 2 || c != cy {
				t.Fatalf("%s: a prediction of %d × %d for 2 inputs and %d outputs", name, r, c, cy)
			}
		}
		_, _ = m.Score(ctx, Xt, mat.NewDense(2, cy, nil), fit.ScoreOptions{PredictOptions: fit.PredictOptions{Samples: 4}})
	})
}
