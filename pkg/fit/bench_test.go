package fit_test

import (
	"context"
	"testing"

	"github.com/mgpteam/mgp/pkg/fit"
)

// BenchmarkFitHeteroExample times Fit with zero training options (the
// small-data path of mgp compare: SGP by full-batch L-BFGS, SHGP by the
// small-data Adam schedule, both stopping early on 10 % held out) on
// configs/csv/hetero-example.csv's 1,000 rows, one op a whole fit. The
// goal of issue 70 for SHGP is 5 s. Run it alone:
//
//	OPENBLAS_NUM_THREADS=1 go test -tags openblas -run '^$' -bench FitHeteroExample -benchtime 1x -benchmem ./pkg/fit
func BenchmarkFitHeteroExample(b *testing.B) {
	tab, err := fit.ReadCSV("../../configs/csv/hetero-example.csv", "y")
	if err != nil {
		b.Fatal(err)
	}
	for _, model := range []string{"sgp", "shgp"} {
		b.Run(model, func(b *testing.B) {
			b.ReportAllocs()
			for i := 0; i < b.N; i++ {
				m, err := fit.New(model, fit.Options{Seed: 1})
				if err != nil {
					b.Fatal(err)
				}
				if err := m.Fit(context.Background(), tab.X, tab.Y); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
