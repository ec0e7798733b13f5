package report

import (
	"math"
	"slices"
	"testing"

	"github.com/mgpteam/mgp/pkg/paper/values"
)

// column builds one row per mean, all on data set "d".
func column(means ...float64) []Row {
	rows := make([]Row, len(means))
	for i, m := range means {
		rows[i] = Row{Model: string(rune('a' + i)), Dataset: "d", Mean: m, N: MinMarkRuns}
	}
	return rows
}

func TestCompareToPaperRanks(t *testing.T) {
	nan, inf := math.NaN(), math.Inf(1)
	cases := []struct {
		name  string
		means []float64
		ranks []int
	}{
		{"distinct", []float64{3, 1, 2}, []int{3, 1, 2}},
		{"tie for best", []float64{1, 1, 2}, []int{1, 1, 3}},
		{"tie for second", []float64{2, 1, 2}, []int{2, 1, 2}},
		{"NaN never ranked", []float64{nan, 2, 3}, []int{0, 1, 2}},
		{"NaN below all", []float64{-5, nan, 1}, []int{1, 0, 2}},
		{"infinities never ranked", []float64{math.Inf(-1), inf, 0.5}, []int{0, 0, 1}},
		{"all NaN", []float64{nan, nan}, []int{0, 0}},
		{"negative means", []float64{-1.04, -0.99, -1.01}, []int{1, 3, 2}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			cells := CompareToPaper(column(c.means...), nil)
			var ranks []int
			for _, cell := range cells {
				ranks = append(ranks, cell.Rank)
			}
			if !slices.Equal(ranks, c.ranks) {
				t.Fatalf("ranks %v, want %v", ranks, c.ranks)
			}
		})
	}
	// Columns are ranked separately.
	rows := append(column(1, 2), Row{Model: "c", Dataset: "e", Mean: 5, N: MinMarkRuns})
	if cells := CompareToPaper(rows, nil); cells[2].Rank != 1 || cells[1].Rank != 2 {
		t.Fatalf("ranks across columns: %d %d", cells[1].Rank, cells[2].Rank)
	}
}

func TestCompareToPaperZ(t *testing.T) {
	paper := map[string]map[string]values.Value{"sgp": {"boston": {Mean: 2.3325, Std: 0.0723}, "energy": {Mean: 1, Std: 0}}}
	cases := []struct {
		name      string
		row       Row
		z         float64
		band      Band
		hasPaper  bool
		wantPaper values.Value
	}{
		{"within", Row{Model: "sgp", Dataset: "boston", Mean: 2.5, Std: 0.3}, (2.5 - 2.3325) / math.Sqrt(0.09+0.0723*0.0723), BandWithin, true, paper["sgp"]["boston"]},
		{"case-insensitive", Row{Model: "SGP", Dataset: "Boston", Mean: 2.3325, Std: 0.1}, 0, BandWithin, true, paper["sgp"]["boston"]},
		{"wide spread keeps it within", Row{Model: "sgp", Dataset: "boston", Mean: 3.1877, Std: 0.8316}, (3.1877 - 2.3325) / math.Hypot(0.8316, 0.0723), BandWithin, true, paper["sgp"]["boston"]},
		{"far worse", Row{Model: "sgp", Dataset: "boston", Mean: 3, Std: 0.1}, (3 - 2.3325) / math.Hypot(0.1, 0.0723), BandWorse, true, paper["sgp"]["boston"]},
		{"better", Row{Model: "sgp", Dataset: "boston", Mean: 2, Std: 0.05}, (2 - 2.3325) / math.Hypot(0.05, 0.0723), BandBetter, true, paper["sgp"]["boston"]},
		{"zero spreads, equal", Row{Model: "sgp", Dataset: "energy", Mean: 1}, 0, BandWithin, true, paper["sgp"]["energy"]},
		{"zero spreads, different", Row{Model: "sgp", Dataset: "energy", Mean: 0.5}, math.Inf(-1), BandBetter, true, paper["sgp"]["energy"]},
		{"infinite mean", Row{Model: "sgp", Dataset: "boston", Mean: math.Inf(1), Std: math.NaN()}, math.Inf(1), BandWorse, true, paper["sgp"]["boston"]},
		{"NaN mean", Row{Model: "sgp", Dataset: "boston", Mean: math.NaN(), Std: math.NaN()}, math.NaN(), BandNotComparable, true, paper["sgp"]["boston"]},
		{"no paper value", Row{Model: "mine", Dataset: "boston", Mean: 1}, math.NaN(), BandNoPaper, false, values.Value{}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			cell := CompareToPaper([]Row{c.row}, paper)[0]
			sameZ := cell.Z == c.z || math.Abs(cell.Z-c.z) < 1e-12 || (math.IsNaN(cell.Z) && math.IsNaN(c.z))
			if !sameZ || cell.Band() != c.band || cell.HasPaper != c.hasPaper || cell.Paper != c.wantPaper {
				t.Fatalf("z %v band %v paper %v %+v; want z %v band %v paper %v %+v",
					cell.Z, cell.Band(), cell.HasPaper, cell.Paper, c.z, c.band, c.hasPaper, c.wantPaper)
			}
		})
	}
}

func TestCountBands(t *testing.T) {
	z := func(v float64) Cell { return Cell{HasPaper: true, Z: v} }
	cells := []Cell{z(0), z(2), z(-2), z(2.01), z(-2.5), z(math.Inf(1)), z(math.NaN()), {Z: math.NaN()}, {Z: math.NaN()}}
	want := BandCounts{Within: 3, Better: 1, Worse: 2, NoPaper: 2, NotComparable: 1}
	if got := CountBands(cells); got != want {
		t.Fatalf("CountBands = %+v, want %+v", got, want)
	}
}
