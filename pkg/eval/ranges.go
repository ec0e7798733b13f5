package eval

import "sync"

// inRanges splits 0..n-1 into jobs contiguous ranges [lo, hi) and calls f
// on each at once, one goroutine per range, returning when all are done.
func inRanges(n, jobs int, f func(lo, hi int)) {
	var wg sync.WaitGroup
	for b := range jobs {
		lo, hi := b*n/jobs, (b+1)*n/jobs
		wg.Go(func() { f(lo, hi) })
	}
	wg.Wait()
}
