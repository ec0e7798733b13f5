// Package autodiff is mgp's reverse-mode automatic differentiation engine on
// gonum dense matrices (float64 only).
//
// # Tape and Var
//
// A Tape records matrix-level operations in the order they run
// (define-by-run): every op computes its value at once and, when any input
// needs a gradient, appends a fixed-size record that points to a top-level
// backward function. Backward(loss) seeds d loss/d loss = 1 and walks the
// records in reverse. Backward functions add into Grad, so a Var used twice
// (K(Z, Z), Mul(a, a)) collects the sum of both contributions with no special
// case; the ops that produce a whole input gradient at once (MatMul, Dense,
// TriSolve, TriMatMul, QuadCols) overwrite it instead when theirs is the
// first contribution of the pass, which spares zeroing it first.
//
// # Fused ops
//
// Where a chain of element-wise ops over large matrices shows in a step's
// profile, one op computes it in a pass forward and one backward, repeating
// the chain's floating-point operations in its order so that values and
// gradients keep every bit (each fused op's test compares it with the chain
// bit for bit): Dense (affine map and activation) here; the fused ops that
// belong to one model (the SE-ARD kernel, a network's Gaussian head, the
// row sums of KL between diagonal Gaussians) are custom ops beside the
// models in pkg/models and pkg/models/gp.
//
// # Exponentials
//
// The element-wise exponentials of Exp, Softplus, Sigmoid and the
// log-sum-exps use expFast (Tang's table method, within 1 ulp of e^x; Go's
// math.Exp is within 2 on amd64) at about half math.Exp's cost; ExpScale
// gives custom ops the same exponentials (the SE kernel's).
//
// # Buffer lifetime
//
// The graph of a training step is the same every step, so buffers are reused
// by position: after Reset, the k-th value, gradient or scratch request gets
// the buffer of the k-th request of the previous step, reallocated only when
// its shape changed (for example a short last minibatch). A Var and the
// matrices it exposes are therefore valid only until the next Reset, the
// same contract as bufio.Scanner.Bytes. Copy what must outlive the step.
//
// # Shapes
//
// Every op documents its shape rules. Binary element-wise ops (Add, Sub, Mul,
// Div) broadcast: each operand is either the full m x n shape, a 1 x n row,
// an m x 1 column or a 1 x 1 scalar; the gradient of a broadcast operand is
// the upstream gradient summed over the broadcast axis.
//
// # Errors
//
// A shape mismatch is a programmer error and panics with the op name and both
// shapes, as gonum's mat does. A numerical failure (a matrix that is not
// positive definite even after jitter escalation) is not a panic: it sets the
// sticky Tape.Err, fills the op's output with NaN, and the objective or the
// trainer checks Err once per step.
//
// # Custom ops
//
// A block defined outside the engine (a kernel of pkg/models/gp, say) is an
// op by implementing CustomOp: Shape, a Forward that writes the value into
// the output buffer the tape hands it, and a Backward that adds the
// vector-Jacobian product into the gradients of the inputs whose NeedsGrad
// is true. Tape.Custom(op, inputs...) runs it under the tape's rules: the
// record holds op, inputs and one aux matrix, no closure, so a warm step
// allocates nothing; input gradients are zeroed before Backward runs, so it
// only accumulates (an input used twice needs no special case); scratch
// comes from Tape.Scratch and is reused by position; a Forward error becomes
// the sticky Err with a NaN output. The op value must be stateless across
// calls: what Backward needs from Forward goes in the aux matrix.
//
// # No-grad mode
//
// Ops record nothing when none of their inputs needs a gradient, and
// Tape.NoGrad switches recording off entirely, so prediction reuses the
// training code without building a graph.
package autodiff
