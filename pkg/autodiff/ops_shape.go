package autodiff

import "fmt"

// Shape ops: transpose, slicing, concatenation, row gathering, reshaping,
// diagonals and triangles. Gradients are routed back to the elements they
// came from (scatter-added for GatherRows).

// Transpose returns aᵀ (m x n -> n x m).
func (t *Tape) Transpose(a *Var) *Var {
	r, c := a.Val.Dims()
	out := t.newVar(c, r)
	x, y := data(a.Val), data(out.Val)
	for i := 0; i < r; i++ {
		for j := 0; j < c; j++ {
			y[j*r+i] = x[i*c+j]
		}
	}
	t.record(transposeBack, out, a)
	return out
}

func transposeBack(_ *Tape, rec *record) {
	r, c := rec.a.Val.Dims()
	g, ga := data(rec.out.Grad), data(rec.a.Grad)
	for i := 0; i < r; i++ {
		for j := 0; j < c; j++ {
			ga[i*c+j] += g[j*r+i]
		}
	}
}

// SliceCols returns columns [j0, j1) of a (m x n -> m x (j1-j0)).
func (t *Tape) SliceCols(a *Var, j0, j1 int) *Var {
	r, c := a.Val.Dims()
	if j0 < 0 || j1 > c || j0 >= j1 {
		panic(fmt.Sprintf("autodiff: SliceCols [%d,%d) of %dx%d", j0, j1, r, c))
	}
	w := j1 - j0
	out := t.newVar(r, w)
	x, y := data(a.Val), data(out.Val)
	for i := 0; i < r; i++ {
		copy(y[i*w:(i+1)*w], x[i*c+j0:i*c+j1])
	}
	if rec := t.record(sliceColsBack, out, a); rec != nil {
		rec.i0 = j0
		rec.writes = true // ā written on first touch: the slice copied, the rest cleared
	}
	return out
}

func sliceColsBack(t *Tape, rec *record) {
	r, c := rec.a.Val.Dims()
	w, j0 := rec.out.Cols(), rec.i0
	gA, beta := t.gradFor(rec.a)
	g, ga := data(rec.out.Grad), data(gA)
	for i := 0; i < r; i++ {
		row, src := ga[i*c:(i+1)*c], g[i*w:(i+1)*w]
		if beta == 0 {
			clear(row[:j0])
			copy(row[j0:j0+w], src)
			clear(row[j0+w:])
			continue
		}
		dst := row[j0 : j0+w]
		for k, v := range src {
			dst[k] += v
		}
	}
}

// SliceRows returns rows [i0, i1) of a ((i1-i0) x n).
func (t *Tape) SliceRows(a *Var, i0, i1 int) *Var {
	r, c := a.Val.Dims()
	if i0 < 0 || i1 > r || i0 >= i1 {
		panic(fmt.Sprintf("autodiff: SliceRows [%d,%d) of %dx%d", i0, i1, r, c))
	}
	out := t.newVar(i1-i0, c)
	copy(data(out.Val), data(a.Val)[i0*c:i1*c])
	if rec := t.record(sliceRowsBack, out, a); rec != nil {
		rec.i0 = i0
		rec.writes = true // ā written on first touch: the slice copied, the rest cleared
	}
	return out
}

func sliceRowsBack(t *Tape, rec *record) {
	c := rec.a.Cols()
	g := data(rec.out.Grad)
	gA, beta := t.gradFor(rec.a)
	all := data(gA)
	if beta == 0 {
		lo, hi := rec.i0*c, rec.i0*c+len(g)
		clear(all[:lo])
		copy(all[lo:hi], g)
		clear(all[hi:])
		return
	}
	ga := all[rec.i0*c:]
	for k, v := range g {
		ga[k] += v
	}
}

// ConcatCols joins its arguments side by side; all must have the same number
// of rows (m x n1, m x n2, ... -> m x Σn).
func (t *Tape) ConcatCols(vs ...*Var) *Var {
	r := vs[0].Rows()
	w := 0
	for _, v := range vs {
		if v.Rows() != r {
			shapePanic("ConcatCols", vs[0], v)
		}
		w += v.Cols()
	}
	out := t.newVar(r, w)
	y := data(out.Val)
	off := 0
	for _, v := range vs {
		c := v.Cols()
		x := data(v.Val)
		for i := 0; i < r; i++ {
			copy(y[i*w+off:i*w+off+c], x[i*c:(i+1)*c])
		}
		off += c
	}
	if rec := t.record(concatColsBack, out, vs...); rec != nil {
		rec.ins = append(rec.ins, vs...)
		rec.writes = true // each block's gradient copied on first touch
	}
	return out
}

func concatColsBack(t *Tape, rec *record) {
	r, w := rec.out.Val.Dims()
	g := data(rec.out.Grad)
	off := 0
	for _, v := range rec.ins {
		c := v.Cols()
		if v.needGrad {
			gV, beta := t.gradFor(v)
			gv := data(gV)
			for i := 0; i < r; i++ {
				src := g[i*w+off : i*w+off+c]
				dst := gv[i*c : (i+1)*c]
				if beta == 0 {
					copy(dst, src)
					continue
				}
				for k, x := range src {
					dst[k] += x
				}
			}
		}
		off += c
	}
}

// ConcatRows stacks its arguments vertically; all must have the same number
// of columns (m1 x n, m2 x n, ... -> Σm x n).
func (t *Tape) ConcatRows(vs ...*Var) *Var {
	c := vs[0].Cols()
	h := 0
	for _, v := range vs {
		if v.Cols() != c {
			shapePanic("ConcatRows", vs[0], v)
		}
		h += v.Rows()
	}
	out := t.newVar(h, c)
	y := data(out.Val)
	off := 0
	for _, v := range vs {
		n := copy(y[off:], data(v.Val)[:v.Rows()*c])
		off += n
	}
	if rec := t.record(concatRowsBack, out, vs...); rec != nil {
		rec.ins = append(rec.ins, vs...)
		rec.writes = true // each block's gradient copied on first touch
	}
	return out
}

func concatRowsBack(t *Tape, rec *record) {
	g := data(rec.out.Grad)
	off := 0
	for _, v := range rec.ins {
		n := v.Rows() * v.Cols()
		if v.needGrad {
			gV, beta := t.gradFor(v)
			gv := data(gV)
			if beta == 0 {
				copy(gv[:n], g[off:off+n])
			} else {
				for k := 0; k < n; k++ {
					gv[k] += g[off+k]
				}
			}
		}
		off += n
	}
}

// GatherRows returns the rows idx[0], idx[1], ... of a (len(idx) x n);
// indices may repeat (Monte Carlo tiling), and gradients are scatter-added.
// idx is copied.
func (t *Tape) GatherRows(a *Var, idx []int) *Var {
	r, c := a.Val.Dims()
	out := t.newVar(len(idx), c)
	x, y := data(a.Val), data(out.Val)
	for k, i := range idx {
		if i < 0 || i >= r {
			panic(fmt.Sprintf("autodiff: GatherRows index %d out of range for %d rows", i, r))
		}
		copy(y[k*c:(k+1)*c], x[i*c:(i+1)*c])
	}
	if rec := t.record(gatherRowsBack, out, a); rec != nil {
		rec.idx = append(rec.idx, idx...)
	}
	return out
}

func gatherRowsBack(_ *Tape, rec *record) {
	c := rec.a.Cols()
	g, ga := data(rec.out.Grad), data(rec.a.Grad)
	for k, i := range rec.idx {
		dst := ga[i*c : (i+1)*c]
		for j, v := range g[k*c : (k+1)*c] {
			dst[j] += v
		}
	}
}

// Tile stacks reps copies of a vertically (m x n -> reps·m x n): row s·m+i
// of the result is row i of a.
func (t *Tape) Tile(a *Var, reps int) *Var {
	r, c := a.Val.Dims()
	out := t.newVar(reps*r, c)
	x, y := data(a.Val), data(out.Val)
	for s := 0; s < reps; s++ {
		copy(y[s*r*c:(s+1)*r*c], x)
	}
	t.record(tileBack, out, a)
	return out
}

func tileBack(_ *Tape, rec *record) {
	g, ga := data(rec.out.Grad), data(rec.a.Grad)
	n := len(ga)
	for k, v := range g {
		ga[k%n] += v
	}
}

// Reshape reinterprets a's row-major storage as r x c (r·c must equal the
// number of elements).
func (t *Tape) Reshape(a *Var, r, c int) *Var {
	ar, ac := a.Val.Dims()
	if ar*ac != r*c {
		panic(fmt.Sprintf("autodiff: Reshape %dx%d to %dx%d", ar, ac, r, c))
	}
	out := t.newVar(r, c)
	copy(data(out.Val), data(a.Val))
	if rec := t.record(reshapeBack, out, a); rec != nil {
		rec.writes = true
	}
	return out
}

// reshapeBack passes the output's gradient to a element by element (the
// two share one layout: Reshape, AddDiag), writing it on a's first touch
// in the pass instead of zeroing a's gradient and adding to it.
func reshapeBack(t *Tape, rec *record) {
	gA, beta := t.gradFor(rec.a)
	g, ga := data(rec.out.Grad), data(gA)
	if beta == 0 {
		copy(ga, g)
		return
	}
	for k, v := range g {
		ga[k] += v
	}
}

// DiagOf returns the n x n diagonal matrix with a (n x 1 or 1 x n) on its
// diagonal.
func (t *Tape) DiagOf(a *Var) *Var {
	r, c := a.Val.Dims()
	n := r * c
	if r != 1 && c != 1 {
		panic(fmt.Sprintf("autodiff: DiagOf of a %dx%d matrix", r, c))
	}
	out := t.newVar(n, n)
	out.Val.Zero()
	x, y := data(a.Val), data(out.Val)
	for i := 0; i < n; i++ {
		y[i*n+i] = x[i]
	}
	t.record(diagOfBack, out, a)
	return out
}

func diagOfBack(_ *Tape, rec *record) {
	g, ga := data(rec.out.Grad), data(rec.a.Grad)
	n := len(ga)
	for i := 0; i < n; i++ {
		ga[i] += g[i*n+i]
	}
}

// ExtractDiag returns the diagonal of a square matrix as an n x 1 column.
func (t *Tape) ExtractDiag(a *Var) *Var {
	n, c := a.Val.Dims()
	if n != c {
		panic(fmt.Sprintf("autodiff: ExtractDiag of a %dx%d matrix", n, c))
	}
	out := t.newVar(n, 1)
	x, y := data(a.Val), data(out.Val)
	for i := 0; i < n; i++ {
		y[i] = x[i*n+i]
	}
	t.record(extractDiagBack, out, a)
	return out
}

func extractDiagBack(_ *Tape, rec *record) {
	g, ga := data(rec.out.Grad), data(rec.a.Grad)
	n := len(g)
	for i := 0; i < n; i++ {
		ga[i*n+i] += g[i]
	}
}

// AddDiag returns a + eps·I for a square a (jitter); the gradient passes
// through unchanged.
func (t *Tape) AddDiag(a *Var, eps float64) *Var {
	n, c := a.Val.Dims()
	if n != c {
		panic(fmt.Sprintf("autodiff: AddDiag of a %dx%d matrix", n, c))
	}
	out := t.newVar(n, n)
	out.Val.Copy(a.Val)
	y := data(out.Val)
	for i := 0; i < n; i++ {
		y[i*n+i] += eps
	}
	if rec := t.record(reshapeBack, out, a); rec != nil {
		rec.writes = true
	}
	return out
}

// Tril returns the lower triangle of a square a (diagonal included), zeros
// above; the gradient is masked the same way. With softplusDiag the diagonal
// becomes softplus(a_ii) + floor instead (a lower-triangular factor with a
// positive diagonal).
func (t *Tape) Tril(a *Var, softplusDiag bool, floor float64) *Var {
	n, c := a.Val.Dims()
	if n != c {
		panic(fmt.Sprintf("autodiff: Tril of a %dx%d matrix", n, c))
	}
	out := t.newVar(n, n)
	x, y := data(a.Val), data(out.Val)
	// Row by row: a copy of the lower part and a clear of the rest (the
	// per-pixel factors of an mnist step are 784 of these, 100 x 100).
	for i := 0; i < n; i++ {
		row := y[i*n : (i+1)*n]
		copy(row[:i+1], x[i*n:i*n+i+1])
		if softplusDiag {
			row[i] = Softplus(x[i*n+i]) + floor
		}
		clear(row[i+1:])
	}
	if rec := t.record(trilBack, out, a); rec != nil {
		rec.flag = softplusDiag
		rec.writes = true
	}
	return out
}

// trilBack adds the masked gradient to a's; on a's first touch in the pass
// it writes it, zeros above the diagonal, instead of zeroing all of a's
// gradient first (an M x M factor's gradient is written once, not twice).
func trilBack(t *Tape, rec *record) {
	n := rec.a.Rows()
	x := data(rec.a.Val)
	gA, beta := t.gradFor(rec.a)
	g, ga := data(rec.out.Grad), data(gA)
	for i := 0; i < n; i++ {
		row, grow := ga[i*n:(i+1)*n], g[i*n:(i+1)*n]
		d := grow[i]
		if rec.flag { // the diagonal's softplus: d/dx = sig(x)
			d *= Sigmoid(x[i*n+i])
		}
		if beta == 0 {
			copy(row[:i], grow[:i])
			row[i] = d
			clear(row[i+1:])
			continue
		}
		for j, v := range grow[:i] {
			row[j] += v
		}
		row[i] += d
	}
}
