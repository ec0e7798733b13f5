package score

// DeriveSeed returns an independent seed for stream s of seed (splitmix64
// of the pair): every generator of a run (initialisation, batching, Monte
// Carlo noise, evaluation, validation; models.md §7) and every evaluation
// block after the first (BlockRNG) draws from a seed derived this way.
func DeriveSeed(seed uint64, s uint64) uint64 {
	z := seed*0x9E3779B97F4A7C15 + s*0xBF58476D1CE4E5B9 + 0x94D049BB133111EB
	z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9
	z = (z ^ (z >> 27)) * 0x94D049BB133111EB
	return z ^ (z >> 31)
}
