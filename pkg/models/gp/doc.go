// Package gp holds the Gaussian-process building blocks of mgp's models: the
// kernels (the Kernel interface: the SE-ARD kernel on autodiff's fused op and
// Matérn 1/2, 3/2 and 5/2 as autodiff custom ops, chosen by name with New),
// the sparse variational (SVGP) inducing layer with P outputs
// sharing one kernel and one set of inducing inputs, and its KL term. The
// mathematics is models.md §1.1–1.2; every matrix shape is stated in the doc
// comment that uses it.
package gp
