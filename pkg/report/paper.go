package report

// PaperValue is one cell of the paper's Table 3: the mean test NLL over 10
// runs on the original y scale and the spread after "±" (read as one
// standard deviation, decision A-33).
type PaperValue struct {
	// Mean is the reported mean NLL.
	Mean float64
	// Std is the reported spread.
	Std float64
	// Mark is the paper's cell shading: PaperBest (†), PaperSecond (‡) or
	// empty.
	Mark string
	// NoSpread is true when the paper reports a single number without a
	// spread (Table 4): Std is then 0 and means nothing, and no z-score is
	// computed against it.
	NoSpread bool
}

// The values of PaperValue.Mark.
const (
	// PaperBest marks the cell the paper shades as best in its column (†).
	PaperBest = "best"
	// PaperSecond marks the cell the paper shades as second best (‡).
	PaperSecond = "second"
)

// PaperTable3 returns the paper's Table 3 (models.md §10.3) as
// map[model][dataset]. Model keys are lowercase (sgp, hnn, svhgp, shgp, mdn,
// dagp, smgp, cvae, gpcde, slgp); dataset keys are boston, energy, concrete,
// wine-red, kin8nm, power, naval and protein. The numbers come from the
// embedded file paperdata/table3.csv. Each call returns a fresh map.
func PaperTable3() map[string]map[string]PaperValue {
	cells := embeddedPaper().cells
	out := make(map[string]map[string]PaperValue, len(paperModels))
	for _, c := range cells {
		if out[c.Model] == nil {
			out[c.Model] = make(map[string]PaperValue, len(paperDatasets))
		}
		out[c.Model][c.Dataset] = PaperValue{Mean: float64(c.Mean), Std: float64(c.Std), Mark: c.Mark}
	}
	return out
}

// PaperBeta returns the row "SLGP beta" of the paper's Table 3: the beta of
// the hybrid bound selected per data set, from the embedded file
// paperdata/table3_beta.csv. Each call returns a fresh map.
func PaperBeta() map[string]float64 {
	rows := embeddedPaper().beta
	out := make(map[string]float64, len(rows))
	for _, r := range rows {
		out[r.Dataset] = float64(r.Beta)
	}
	return out
}

// paperModels is the row order of Table 3.
var paperModels = []string{"sgp", "hnn", "svhgp", "shgp", "mdn", "dagp", "smgp", "cvae", "gpcde", "slgp"}

// paperDatasets is the column order of Table 3.
var paperDatasets = []string{"boston", "energy", "concrete", "wine-red", "kin8nm", "power", "naval", "protein"}
