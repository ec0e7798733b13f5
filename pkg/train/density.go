package train

// Streams of the predictive-density scores (eval.density_draws): the
// held-out checks (streamDensitySelect + 16·iteration) and the test score.
const (
	streamDensitySelect = 7
	streamDensityTest   = 8
)

// The values of TrainConfig.SelectBy.
const (
	// SelectByKDE selects on the paper's KDE NLL of eval.samples draws
	// (the default).
	SelectByKDE = "kde"
	// SelectByDensity selects on the model's own predictive density
	// (DensityNLL), where it has one.
	SelectByDensity = "density"
)

// MaxDensityDraws is the largest eval.density_draws: a block of rows holds
// draws·d_y components per row, so more would leave blocks of one row.
const MaxDensityDraws = 100000
