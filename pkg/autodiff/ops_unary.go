package autodiff

import "math"

// Unary element-wise ops. Each output has the shape of its input.

type unKind int

const (
	unExp unKind = iota
	unLog
	unLog1p
	unSqrt
	unSquare
	unSoftplus
	unSigmoid
	unReLU
	unTanh
	unNeg
	unScale     // f0 * x
	unAddConst  // x + f0
	unLogAddExp // log(exp(x) + exp(f0))
	unAbs
	unLeakyReLU // x if x > 0 else f0 * x
)

// Softplus is log(1 + e^x), computed without overflow.
func Softplus(x float64) float64 {
	if x > 0 {
		return x + math.Log1p(expFast(-x))
	}
	return math.Log1p(expFast(x))
}

// Sigmoid is 1 / (1 + e^-x), computed without overflow.
func Sigmoid(x float64) float64 {
	if x >= 0 {
		return 1 / (1 + expFast(-x))
	}
	e := expFast(x)
	return e / (1 + e)
}

// LogAddExp returns log(e^a + e^b) without overflow.
func LogAddExp(a, b float64) float64 {
	if a < b {
		a, b = b, a
	}
	if math.IsInf(a, -1) {
		return a
	}
	return a + math.Log1p(expFast(b-a))
}

func (t *Tape) unary(kind unKind, a *Var, f0 float64) *Var {
	r, c := a.Val.Dims()
	out := t.newVar(r, c)
	x, y := data(a.Val), data(out.Val)
	switch kind {
	case unExp:
		copy(y, x)
		ExpScale(y, 1)
	case unLog:
		for i, v := range x {
			y[i] = math.Log(v)
		}
	case unLog1p:
		for i, v := range x {
			y[i] = math.Log1p(v)
		}
	case unSqrt:
		for i, v := range x {
			y[i] = math.Sqrt(v)
		}
	case unSquare:
		for i, v := range x {
			y[i] = v * v
		}
	case unSoftplus:
		for i, v := range x {
			y[i] = Softplus(v)
		}
	case unSigmoid:
		for i, v := range x {
			y[i] = Sigmoid(v)
		}
	case unReLU:
		for i, v := range x {
			y[i] = max(v, 0)
		}
	case unLeakyReLU:
		for i, v := range x {
			if v > 0 {
				y[i] = v
			} else {
				y[i] = f0 * v
			}
		}
	case unTanh:
		for i, v := range x {
			y[i] = math.Tanh(v)
		}
	case unNeg:
		for i, v := range x {
			y[i] = -v
		}
	case unScale:
		for i, v := range x {
			y[i] = f0 * v
		}
	case unAddConst:
		for i, v := range x {
			y[i] = v + f0
		}
	case unLogAddExp:
		for i, v := range x {
			y[i] = LogAddExp(v, f0)
		}
	case unAbs:
		for i, v := range x {
			y[i] = math.Abs(v)
		}
	}
	if rec := t.record(unaryBack, out, a); rec != nil {
		rec.i0 = int(kind)
		rec.f0 = f0
	}
	return out
}

func unaryBack(_ *Tape, rec *record) {
	x, y := data(rec.a.Val), data(rec.out.Val)
	g, ga := data(rec.out.Grad), data(rec.a.Grad)
	f0 := rec.f0
	switch unKind(rec.i0) {
	case unExp:
		for i := range ga {
			ga[i] += g[i] * y[i]
		}
	case unLog:
		for i := range ga {
			ga[i] += g[i] / x[i]
		}
	case unLog1p:
		for i := range ga {
			ga[i] += g[i] / (1 + x[i])
		}
	case unSqrt:
		for i := range ga {
			ga[i] += g[i] / (2 * y[i])
		}
	case unSquare:
		for i := range ga {
			ga[i] += 2 * x[i] * g[i]
		}
	case unSoftplus:
		for i := range ga {
			ga[i] += g[i] * Sigmoid(x[i])
		}
	case unSigmoid:
		for i := range ga {
			ga[i] += g[i] * y[i] * (1 - y[i])
		}
	case unReLU:
		for i := range ga {
			if x[i] > 0 {
				ga[i] += g[i]
			}
		}
	case unLeakyReLU:
		for i := range ga {
			if x[i] > 0 {
				ga[i] += g[i]
			} else {
				ga[i] += f0 * g[i]
			}
		}
	case unTanh:
		for i := range ga {
			ga[i] += g[i] * (1 - y[i]*y[i])
		}
	case unNeg:
		for i := range ga {
			ga[i] -= g[i]
		}
	case unScale:
		for i := range ga {
			ga[i] += f0 * g[i]
		}
	case unAddConst:
		for i := range ga {
			ga[i] += g[i]
		}
	case unLogAddExp:
		for i := range ga {
			ga[i] += g[i] * Sigmoid(x[i]-f0)
		}
	case unAbs:
		for i := range ga {
			if x[i] > 0 {
				ga[i] += g[i]
			} else if x[i] < 0 {
				ga[i] -= g[i]
			}
		}
	}
}

// Exp returns e^a element-wise.
func (t *Tape) Exp(a *Var) *Var { return t.unary(unExp, a, 0) }

// Log returns the natural log of a element-wise.
func (t *Tape) Log(a *Var) *Var { return t.unary(unLog, a, 0) }

// Log1p returns log(1 + a) element-wise.
func (t *Tape) Log1p(a *Var) *Var { return t.unary(unLog1p, a, 0) }

// Sqrt returns the square root of a element-wise.
func (t *Tape) Sqrt(a *Var) *Var { return t.unary(unSqrt, a, 0) }

// Square returns a² element-wise.
func (t *Tape) Square(a *Var) *Var { return t.unary(unSquare, a, 0) }

// Softplus returns log(1 + e^a) element-wise.
func (t *Tape) Softplus(a *Var) *Var { return t.unary(unSoftplus, a, 0) }

// Sigmoid returns 1/(1 + e^-a) element-wise.
func (t *Tape) Sigmoid(a *Var) *Var { return t.unary(unSigmoid, a, 0) }

// ReLU returns max(a, 0) element-wise (gradient 0 at 0).
func (t *Tape) ReLU(a *Var) *Var { return t.unary(unReLU, a, 0) }

// LeakyReLU returns a where a > 0 and slope·a elsewhere, element-wise
// (gradient slope at 0).
func (t *Tape) LeakyReLU(a *Var, slope float64) *Var { return t.unary(unLeakyReLU, a, slope) }

// Tanh returns tanh(a) element-wise.
func (t *Tape) Tanh(a *Var) *Var { return t.unary(unTanh, a, 0) }

// Neg returns -a.
func (t *Tape) Neg(a *Var) *Var { return t.unary(unNeg, a, 0) }

// Abs returns |a| element-wise (gradient 0 at 0).
func (t *Tape) Abs(a *Var) *Var { return t.unary(unAbs, a, 0) }

// Scale returns c·a for a constant c.
func (t *Tape) Scale(c float64, a *Var) *Var { return t.unary(unScale, a, c) }

// AddConst returns a + c for a constant c.
func (t *Tape) AddConst(a *Var, c float64) *Var { return t.unary(unAddConst, a, c) }

// LogAddExpConst returns log(e^a + e^c) element-wise for a constant c
// (c may be -Inf, which gives a back).
func (t *Tape) LogAddExpConst(a *Var, c float64) *Var { return t.unary(unLogAddExp, a, c) }
