package train

// Streams of the predictive-density scores (eval.density_draws): the
// held-out checks (streamDensitySelect + 16·iteration) and the test score.
const (
	streamDensitySelect = 7
	streamDensityTest   = 8
)
