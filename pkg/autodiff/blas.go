package autodiff

// backend names the active BLAS implementation; an init function in a file
// selected by the openblas build tag replaces it.
var backend = "gonum (pure Go)"

// Backend reports which BLAS implementation gonum's blas64 uses in this
// binary: "gonum (pure Go)" by default, "openblas" when built with
// -tags openblas.
func Backend() string { return backend }
