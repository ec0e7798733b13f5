package autodiff

// WrongScaleForTest is Scale(2, a) with a deliberately wrong backward
// (it propagates 3·Ḡ instead of 2·Ḡ); the gradient checker must catch it.
func (t *Tape) WrongScaleForTest(a *Var) *Var {
	out := t.unary(unScale, a, 2)
	if t.nr > 0 && t.recs[t.nr-1].out == out {
		t.recs[t.nr-1].f0 = 3
	}
	return out
}
