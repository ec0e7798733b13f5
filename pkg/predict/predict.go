package predict

import (
	"context"
	"fmt"
	"math"

	"github.com/mgpteam/mgp/pkg/eval"
	"github.com/mgpteam/mgp/pkg/inputerr"
	"github.com/mgpteam/mgp/pkg/score"
	"github.com/mgpteam/mgp/pkg/train"
	"gonum.org/v1/gonum/mat"
)

// Prediction summarises the predictive samples at n inputs of a model with
// Dy outputs, on the original y scale.
type Prediction struct {
	// Mean and SD are n × Dy: the mean and the standard deviation of the
	// samples of output d at input i are at (i, d).
	Mean, SD *mat.Dense
	// Quantiles holds one n × Dy matrix per level of Options.Quantiles,
	// in that order: the sample quantile of output d at input i is at
	// (i, d).
	Quantiles []*mat.Dense
	// Samples, with Options.KeepSamples, is P × n·Dy: sample p of output d
	// at input i is at (p, i·Dy+d); nil otherwise.
	Samples *mat.Dense
}

// Predict draws o.Samples predictive samples at each row of X (n × Dx, on
// the original scale, columns in training order) and summarises them. The
// inputs are sampled in blocks of score.BlockRows rows, one generator
// running on through the blocks, so the draws are those of Stream and of
// WriteCSV with the same options.
func (p *Predictor) Predict(ctx context.Context, X *mat.Dense, o Options) (*Prediction, error) {
	n, _ := X.Dims()
	dy := p.Dy()
	out := &Prediction{Mean: mat.NewDense(n, dy, nil), SD: mat.NewDense(n, dy, nil)}
	for range o.Quantiles {
		out.Quantiles = append(out.Quantiles, mat.NewDense(n, dy, nil))
	}
	if o.KeepSamples {
		out.Samples = mat.NewDense(o.Samples, n*dy, nil)
	}
	err := p.Stream(ctx, X, o, func(i0 int, b *Prediction) error {
		nb, _ := b.Mean.Dims()
		rows := func(m *mat.Dense) *mat.Dense { return m.Slice(i0, i0+nb, 0, dy).(*mat.Dense) }
		rows(out.Mean).Copy(b.Mean)
		rows(out.SD).Copy(b.SD)
		for k, q := range b.Quantiles {
			rows(out.Quantiles[k]).Copy(q)
		}
		if o.KeepSamples {
			out.Samples.Slice(0, o.Samples, i0*dy, (i0+nb)*dy).(*mat.Dense).Copy(b.Samples)
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	return out, nil
}

// Stream is Predict one block of inputs at a time: fn receives the
// Prediction of rows i0 to i0+nb-1 of X (nb rows, its Samples always set:
// P × nb·Dy), in order, so that at most one block's samples are held at
// once. An error from fn, or ctx ending between blocks, stops it.
func (p *Predictor) Stream(ctx context.Context, X *mat.Dense, o Options, fn func(i0 int, b *Prediction) error) error {
	if err := o.check(); err != nil {
		return err
	}
	n, dx := X.Dims()
	if n > 0 && dx != p.Dx() {
		return &inputerr.Error{Err: fmt.Errorf("%d input columns, the model was trained on %d", dx, p.Dx())}
	}
	Xs := p.Std.TransformX(X)
	rng := train.NewRNG(o.Seed)
	rows := score.BlockRows(o.Samples, p.Dy())
	for i0 := 0; i0 < n; i0 += rows {
		if ctx != nil {
			if err := ctx.Err(); err != nil {
				return err
			}
		}
		i1 := min(n, i0+rows)
		ys, _ := p.model.Sample(Xs.Slice(i0, i1, 0, dx).(*mat.Dense), o.Samples, rng)
		b, err := p.summarise(ys, i0, i1-i0, o)
		if err != nil {
			return err
		}
		if err := fn(i0, b); err != nil {
			return err
		}
	}
	return nil
}

// summarise turns the standardised draws ys of the nb inputs from row i0
// on into a block's Prediction on the original scale.
func (p *Predictor) summarise(ys *mat.Dense, i0, nb int, o Options) (*Prediction, error) {
	dy := p.Dy()
	if r, c := ys.Dims(); r != o.Samples || c != nb*dy {
		return nil, fmt.Errorf("model %s drew %d x %d samples for %d inputs x %d outputs", p.model.Name(), r, c, nb, dy)
	}
	ys = p.original(ys)
	raw := ys.RawMatrix()
	for k, v := range raw.Data {
		if math.IsNaN(v) || math.IsInf(v, 0) {
			return nil, fmt.Errorf("the prediction for input row %d is not finite (%v): the saved model overflows; nothing was written", i0+(k%raw.Cols)/dy+1, v)
		}
	}
	mean, sd := eval.SampleMeanStd(ys)
	b := &Prediction{Mean: mat.NewDense(nb, dy, mean), SD: mat.NewDense(nb, dy, sd), Samples: ys}
	if len(o.Quantiles) > 0 {
		qs := eval.SampleQuantiles(ys, o.Quantiles)
		for k := range o.Quantiles {
			b.Quantiles = append(b.Quantiles, mat.NewDense(nb, dy, qs.RawRowView(k)))
		}
	}
	return b, nil
}

// original maps draws ys (P × nb·Dy, standardised) to the original y
// scale, output d by its own statistics: the rows of the P·nb × Dy view
// of ys go through Std.InverseY.
func (p *Predictor) original(ys *mat.Dense) *mat.Dense {
	r, c := ys.Dims()
	if ys.RawMatrix().Stride != c {
		ys = mat.DenseCopyOf(ys)
	}
	dy := p.Dy()
	y := p.Std.InverseY(mat.NewDense(r*c/dy, dy, ys.RawMatrix().Data[:r*c]))
	return mat.NewDense(r, c, y.RawMatrix().Data)
}
