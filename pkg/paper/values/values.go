package values

// Value is one cell of the paper's tables: the mean test NLL over 10 runs
// on the original y scale and the spread after "±" (read as one standard
// deviation, decision A-33).
type Value struct {
	// Mean is the reported mean NLL.
	Mean float64
	// Std is the reported spread.
	Std float64
	// Mark is the paper's cell shading: Best (†), Second (‡) or empty.
	Mark string
	// NoSpread is true when the paper reports a single number without a
	// spread (Table 4): Std is then 0 and means nothing, and no z-score is
	// computed against it.
	NoSpread bool
}

// The values of Value.Mark.
const (
	// Best marks the cell the paper shades as best in its column (†).
	Best = "best"
	// Second marks the cell the paper shades as second best (‡).
	Second = "second"
)

// BetaModel is the model the row "SLGP beta" of Table 3 (Beta) is about.
const BetaModel = "slgp"

// models is the row order of Table 3: the paper's ten models.
var models = []string{"sgp", "hnn", "svhgp", "shgp", "mdn", "dagp", "smgp", "cvae", "gpcde", "slgp"}

// datasets is the column order of Table 3.
var datasets = []string{"boston", "energy", "concrete", "wine-red", "kin8nm", "power", "naval", "protein"}

// Models returns the paper's ten models (lowercase) in the row order of
// its Table 3; tables and figures list models in this order. Each call
// returns a fresh slice.
func Models() []string { return append([]string(nil), models...) }

// Datasets returns the eight UCI data sets of Table 3 in its column order.
// Each call returns a fresh slice.
func Datasets() []string { return append([]string(nil), datasets...) }

// Table3 returns the paper's Table 3 (models.md §10.3) as
// map[model][dataset]. Model keys are lowercase (Models); dataset keys are
// Datasets. The numbers come from the embedded file paperdata/table3.csv.
// Each call returns a fresh map.
func Table3() map[string]map[string]Value {
	cells := embedded().cells
	out := make(map[string]map[string]Value, len(models))
	for _, c := range cells {
		if out[c.Model] == nil {
			out[c.Model] = make(map[string]Value, len(datasets))
		}
		out[c.Model][c.Dataset] = Value{Mean: float64(c.Mean), Std: float64(c.Std), Mark: c.Mark}
	}
	return out
}

// Beta returns the row "SLGP beta" of the paper's Table 3: the beta of the
// hybrid bound selected per data set, from the embedded file
// paperdata/table3_beta.csv. Each call returns a fresh map.
func Beta() map[string]float64 {
	rows := embedded().beta
	out := make(map[string]float64, len(rows))
	for _, r := range rows {
		out[r.Dataset] = float64(r.Beta)
	}
	return out
}
