package paper

import (
	"strconv"
	"strings"

	"github.com/mgpteam/mgp/pkg/report"
)

// seedsText says which seeds the row's runs were made with: "seed 0",
// "seeds 0-9" when every cell has the same, else the most common and the
// cells that differ ("seeds 0-9 (0-2 on power, naval)"); split/model
// pairs when a run's two seeds differ ("seeds (split/model) 0/1, 1/1").
func (r headlineRow) seedsText() string {
	var lists []string
	count := map[string]int{}
	where := map[string][]string{}
	for _, c := range r.Cells {
		if c.N == 0 {
			continue
		}
		s := seedsCompact(c.Row)
		if count[s] == 0 {
			lists = append(lists, s)
		}
		count[s]++
		where[s] = append(where[s], c.Dataset)
	}
	if len(lists) == 0 {
		return "no runs"
	}
	most := lists[0]
	for _, s := range lists[1:] {
		if count[s] > count[most] {
			most = s
		}
	}
	out := most
	var other []string
	for _, s := range lists {
		if s != most {
			other = append(other, strings.TrimPrefix(strings.TrimPrefix(s, "seeds "), "seed ")+" on "+strings.Join(where[s], ", "))
		}
	}
	if len(other) > 0 {
		out += " (" + strings.Join(other, "; ") + ")"
	}
	return out
}

// seedsCompact lists a cell's seeds, runs of consecutive seeds as "a-b":
// "seed 3", "seeds 0-2, 5"; split/model pairs when any run's differ.
func seedsCompact(row report.Row) string {
	if s, pair := report.SeedsList(row); pair {
		return "seeds (split/model) " + s
	}
	ids := row.SplitSeeds
	if len(ids) == 1 {
		return "seed " + strconv.FormatUint(ids[0], 10)
	}
	return "seeds " + seedRanges(ids)
}

// seedRanges writes increasing seeds with runs of consecutive ones as
// "a-b": "0-2, 5".
func seedRanges(ids []uint64) string {
	var parts []string
	for i := 0; i < len(ids); {
		j := i
		for j+1 < len(ids) && ids[j+1] == ids[j]+1 {
			j++
		}
		p := strconv.FormatUint(ids[i], 10)
		if j > i {
			p += "-" + strconv.FormatUint(ids[j], 10)
		}
		parts = append(parts, p)
		i = j + 1
	}
	return strings.Join(parts, ", ")
}
