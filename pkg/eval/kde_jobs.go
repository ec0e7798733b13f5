package eval

import "gonum.org/v1/gonum/mat"

// KDELogDensitiesJobs is KDELogDensities with the test points split into
// jobs contiguous blocks of rows scored at once, one goroutine each (jobs
// < 1 is 1, and no goroutine is started for one block). Every entry is
// computed from its own column of samples alone, so the result is the same
// bits for every jobs.
func KDELogDensitiesJobs(samples, Y, dst *mat.Dense, jobs int) (*mat.Dense, error) {
	n, _ := Y.Dims()
	jobs = min(max(1, jobs), max(1, n))
	if jobs == 1 {
		return KDELogDensities(samples, Y, dst)
	}
	dst, err := kdeDst(samples, Y, dst)
	if err != nil {
		return nil, err
	}
	inRanges(n, jobs, func(i0, i1 int) { kdeRows(samples, Y, dst, i0, i1) })
	return dst, nil
}
