package runconfig

// The values of TrainConfig.Optimizer.
const (
	// OptimizerAdam is Adam on minibatches (the paper's; the default).
	OptimizerAdam = "adam"
	// OptimizerLBFGS is L-BFGS on the full batch, for the models whose
	// objective is deterministic (models.DeterministicObjective): an
	// iteration is one quasi-Newton step with its line search.
	OptimizerLBFGS = "lbfgs"
)

// The values of TrainConfig.SelectBy.
const (
	// SelectByKDE selects on the paper's KDE NLL of eval.samples draws
	// (the default).
	SelectByKDE = "kde"
	// SelectByDensity selects on the model's own predictive density
	// (score.DensityNLL), where it has one.
	SelectByDensity = "density"
)

// MaxDensityDraws is the largest eval.density_draws: a block of rows holds
// draws·d_y components per row, so more would leave blocks of one row.
const MaxDensityDraws = 100000

// DefaultSelectEvery is the validation cadence when train.validation is set
// and train.select_every is not.
const DefaultSelectEvery = 1000

// MaxSamples is the most predictive samples per point (eval.samples, mgp
// predict's and mgp eval's --samples): a point's samples are one row of a
// block, so more would not fit in memory.
const MaxSamples = 1000000
