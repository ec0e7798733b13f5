package eval

// PaperValue is one cell of the paper's Table 3: the mean test NLL over 10
// runs on the original y scale and the spread after "±" (read as one
// standard deviation, decision A-33).
type PaperValue struct {
	// Mean is the reported mean NLL.
	Mean float64
	// Std is the reported spread.
	Std float64
}

// PaperTable3 returns the paper's Table 3 (models.md §10.3) as
// map[model][dataset]. Model keys are lowercase (sgp, hnn, svhgp, shgp, mdn,
// dagp, smgp, cvae, gpcde, slgp); dataset keys are boston, energy, concrete,
// wine-red, kin8nm, power, naval and protein. Each call returns a fresh map.
func PaperTable3() map[string]map[string]PaperValue {
	return map[string]map[string]PaperValue{
		"sgp": {
			"boston":   {Mean: 2.3325, Std: 0.0723},
			"energy":   {Mean: 1.4431, Std: 0.0331},
			"concrete": {Mean: 3.0514, Std: 0.0313},
			"wine-red": {Mean: 0.9527, Std: 0.0544},
			"kin8nm":   {Mean: -0.9947, Std: 0.0135},
			"power":    {Mean: 2.7274, Std: 0.0097},
			"naval":    {Mean: -7.0355, Std: 0.6860},
			"protein":  {Mean: 2.8784, Std: 0.0080},
		},
		"hnn": {
			"boston":   {Mean: 3.5959, Std: 0.2348},
			"energy":   {Mean: 2.0527, Std: 0.3290},
			"concrete": {Mean: 2.7110, Std: 0.1831},
			"wine-red": {Mean: 1.0314, Std: 0.1625},
			"kin8nm":   {Mean: 1.4230, Std: 0.5217},
			"power":    {Mean: 2.5078, Std: 0.0411},
			"naval":    {Mean: -5.2414, Std: 0.7426},
			"protein":  {Mean: 2.1944, Std: 0.1062},
		},
		"svhgp": {
			"boston":   {Mean: 2.1863, Std: 0.0530},
			"energy":   {Mean: 1.0108, Std: 0.0786},
			"concrete": {Mean: 2.9546, Std: 0.0266},
			"wine-red": {Mean: 0.8585, Std: 0.0652},
			"kin8nm":   {Mean: -1.0413, Std: 0.0118},
			"power":    {Mean: 2.6678, Std: 0.0136},
			"naval":    {Mean: -7.1000, Std: 0.3524},
			"protein":  {Mean: 2.7445, Std: 0.0130},
		},
		"shgp": {
			"boston":   {Mean: 2.1174, Std: 0.0678},
			"energy":   {Mean: 1.0762, Std: 0.0774},
			"concrete": {Mean: 2.9706, Std: 0.0307},
			"wine-red": {Mean: 0.8991, Std: 0.0579},
			"kin8nm":   {Mean: -1.0378, Std: 0.0120},
			"power":    {Mean: 2.7019, Std: 0.0137},
			"naval":    {Mean: -7.4956, Std: 0.1271},
			"protein":  {Mean: 2.7628, Std: 0.0114},
		},
		"mdn": {
			"boston":   {Mean: 3.3399, Std: 0.1768},
			"energy":   {Mean: 1.3182, Std: 0.2403},
			"concrete": {Mean: 2.6500, Std: 0.1326},
			"wine-red": {Mean: 0.3965, Std: 0.9257},
			"kin8nm":   {Mean: 1.7145, Std: 0.2523},
			"power":    {Mean: 2.4702, Std: 0.0252},
			"naval":    {Mean: -3.5556, Std: 1.0886},
			"protein":  {Mean: 1.9195, Std: 0.0219},
		},
		"dagp": {
			"boston":   {Mean: 2.3004, Std: 0.0535},
			"energy":   {Mean: 1.1484, Std: 0.0938},
			"concrete": {Mean: 3.0369, Std: 0.0377},
			"wine-red": {Mean: 0.9533, Std: 0.0621},
			"kin8nm":   {Mean: -0.9985, Std: 0.0176},
			"power":    {Mean: 2.7186, Std: 0.0087},
			"naval":    {Mean: -7.2886, Std: 0.4019},
			"protein":  {Mean: 2.8367, Std: 0.0094},
		},
		"smgp": {
			"boston":   {Mean: 2.2094, Std: 0.0770},
			"energy":   {Mean: 1.1500, Std: 0.1117},
			"concrete": {Mean: 2.9681, Std: 0.0321},
			"wine-red": {Mean: 1.1342, Std: 0.0846},
			"kin8nm":   {Mean: -1.0263, Std: 0.0128},
			"power":    {Mean: 2.7001, Std: 0.0110},
			"naval":    {Mean: -7.3514, Std: 0.1601},
			"protein":  {Mean: 2.7529, Std: 0.0118},
		},
		"cvae": {
			"boston":   {Mean: 3.6231, Std: 0.2309},
			"energy":   {Mean: 1.7857, Std: 0.1825},
			"concrete": {Mean: 2.6141, Std: 0.1813},
			"wine-red": {Mean: -0.7183, Std: 0.3034},
			"kin8nm":   {Mean: 1.3869, Std: 0.2132},
			"power":    {Mean: 2.3990, Std: 0.0472},
			"naval":    {Mean: -5.8454, Std: 0.3416},
			"protein":  {Mean: 1.9666, Std: 0.0237},
		},
		"gpcde": {
			"boston":   {Mean: 2.3292, Std: 0.0662},
			"energy":   {Mean: 1.2102, Std: 0.0636},
			"concrete": {Mean: 3.0572, Std: 0.0339},
			"wine-red": {Mean: 0.9516, Std: 0.0602},
			"kin8nm":   {Mean: -0.9927, Std: 0.0136},
			"power":    {Mean: 2.7293, Std: 0.0083},
			"naval":    {Mean: -6.9172, Std: 0.2030},
			"protein":  {Mean: 2.8181, Std: 0.0053},
		},
		"slgp": {
			"boston":   {Mean: 2.2075, Std: 0.0804},
			"energy":   {Mean: 0.6821, Std: 0.3064},
			"concrete": {Mean: 2.5031, Std: 0.1559},
			"wine-red": {Mean: 0.6663, Std: 0.0904},
			"kin8nm":   {Mean: -1.0414, Std: 0.0135},
			"power":    {Mean: 2.4083, Std: 0.0368},
			"naval":    {Mean: -6.3133, Std: 0.2206},
			"protein":  {Mean: 1.9089, Std: 0.0311},
		},
	}
}

// PaperBeta returns the row "SLGP beta" of the paper's Table 3: the beta of
// the hybrid bound selected per data set. Each call returns a fresh map.
func PaperBeta() map[string]float64 {
	return map[string]float64{
		"boston":   1.0,
		"energy":   1.0,
		"concrete": 0.5,
		"wine-red": 1.0,
		"kin8nm":   0.5,
		"power":    0.1,
		"naval":    0.1,
		"protein":  0.01,
	}
}

// paperModels is the row order of Table 3.
var paperModels = []string{"sgp", "hnn", "svhgp", "shgp", "mdn", "dagp", "smgp", "cvae", "gpcde", "slgp"}

// paperDatasets is the column order of Table 3.
var paperDatasets = []string{"boston", "energy", "concrete", "wine-red", "kin8nm", "power", "naval", "protein"}
