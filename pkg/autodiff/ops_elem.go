package autodiff

// Binary element-wise ops with broadcasting. The output has shape
// max(a.rows, b.rows) x max(a.cols, b.cols); along each axis an operand must
// either have the output's size or size 1.

type binKind int

const (
	binAdd binKind = iota
	binSub
	binMul
	binDiv
)

// bcast describes how an operand of shape r x c is read for an output of
// shape R x C: element (i, j) sits at i*rs + j*cs.
type bcast struct{ rs, cs int }

func mkBcast(r, c, R, C int) (bcast, bool) {
	var b bcast
	switch {
	case r == R:
		b.rs = c
	case r == 1:
		b.rs = 0
	default:
		return b, false
	}
	switch {
	case c == C:
		b.cs = 1
	case c == 1:
		b.cs = 0
	default:
		return b, false
	}
	return b, true
}

func (t *Tape) binary(op string, kind binKind, a, b *Var) *Var {
	ar, ac := a.Val.Dims()
	br, bc := b.Val.Dims()
	R, C := max(ar, br), max(ac, bc)
	ba, ok1 := mkBcast(ar, ac, R, C)
	bb, ok2 := mkBcast(br, bc, R, C)
	if !ok1 || !ok2 {
		shapePanic(op, a, b)
	}
	out := t.newVar(R, C)
	ad, bd, od := data(a.Val), data(b.Val), data(out.Val)
	if ar == br && ac == bc {
		binRow(kind, od, ad, bd)
	} else if br == 1 && bc == C && ar == R && ac == C {
		// Row broadcast (bias add, per-column scale): contiguous inner loop.
		for i := 0; i < R; i++ {
			binRow(kind, od[i*C:(i+1)*C], ad[i*C:(i+1)*C], bd)
		}
	} else {
		k := 0
		for i := 0; i < R; i++ {
			for j := 0; j < C; j++ {
				x, y := ad[i*ba.rs+j*ba.cs], bd[i*bb.rs+j*bb.cs]
				switch kind {
				case binAdd:
					od[k] = x + y
				case binSub:
					od[k] = x - y
				case binMul:
					od[k] = x * y
				case binDiv:
					od[k] = x / y
				}
				k++
			}
		}
	}
	if rec := t.record(binaryBack, out, a, b); rec != nil {
		rec.i0 = int(kind)
	}
	return out
}

// binRow applies kind element-wise to equally long slices a and b.
func binRow(kind binKind, o, a, b []float64) {
	switch kind {
	case binAdd:
		for j := range o {
			o[j] = a[j] + b[j]
		}
	case binSub:
		for j := range o {
			o[j] = a[j] - b[j]
		}
	case binMul:
		for j := range o {
			o[j] = a[j] * b[j]
		}
	case binDiv:
		for j := range o {
			o[j] = a[j] / b[j]
		}
	}
}

func binaryBack(t *Tape, rec *record) {
	a, b, out := rec.a, rec.b, rec.out
	kind := binKind(rec.i0)
	R, C := out.Val.Dims()
	ar, ac := a.Val.Dims()
	br, bc := b.Val.Dims()
	ba, _ := mkBcast(ar, ac, R, C)
	bb, _ := mkBcast(br, bc, R, C)
	g := data(out.Grad)
	ad, bd := data(a.Val), data(b.Val)
	var ga, gb []float64
	if a.needGrad {
		ga = data(a.Grad)
	}
	if b.needGrad {
		gb = data(b.Grad)
	}
	if (kind == binAdd || kind == binSub) && ar == R && ac == C && (br == R || br == 1) && bc == C {
		sign := 1.0
		if kind == binSub {
			sign = -1
		}
		for i := 0; i < R; i++ {
			gi := g[i*C : (i+1)*C]
			if ga != nil {
				dst := ga[i*C : (i+1)*C]
				for j, v := range gi {
					dst[j] += v
				}
			}
			if gb != nil {
				dst := gb[i*bb.rs : i*bb.rs+C]
				for j, v := range gi {
					dst[j] += sign * v
				}
			}
		}
		return
	}
	k := 0
	for i := 0; i < R; i++ {
		for j := 0; j < C; j++ {
			ia, ib := i*ba.rs+j*ba.cs, i*bb.rs+j*bb.cs
			gk := g[k]
			k++
			switch kind {
			case binAdd:
				if ga != nil {
					ga[ia] += gk
				}
				if gb != nil {
					gb[ib] += gk
				}
			case binSub:
				if ga != nil {
					ga[ia] += gk
				}
				if gb != nil {
					gb[ib] -= gk
				}
			case binMul:
				if ga != nil {
					ga[ia] += gk * bd[ib]
				}
				if gb != nil {
					gb[ib] += gk * ad[ia]
				}
			case binDiv:
				y := bd[ib]
				if ga != nil {
					ga[ia] += gk / y
				}
				if gb != nil {
					gb[ib] -= gk * ad[ia] / (y * y)
				}
			}
		}
	}
}

// Add returns a + b with broadcasting.
func (t *Tape) Add(a, b *Var) *Var { return t.binary("Add", binAdd, a, b) }

// Sub returns a - b with broadcasting.
func (t *Tape) Sub(a, b *Var) *Var { return t.binary("Sub", binSub, a, b) }

// Mul returns the element-wise product a ⊙ b with broadcasting; with a 1 x 1
// b it scales a by a Var.
func (t *Tape) Mul(a, b *Var) *Var { return t.binary("Mul", binMul, a, b) }

// Div returns the element-wise quotient a / b with broadcasting.
func (t *Tape) Div(a, b *Var) *Var { return t.binary("Div", binDiv, a, b) }
