package eval

import (
	"slices"
	"strings"
)

// orderIndex returns the position of name (case-insensitively) in the
// canonical list, or len(list) when it is not there.
func orderIndex(list []string, name string) int {
	if i := slices.Index(list, strings.ToLower(name)); i >= 0 {
		return i
	}
	return len(list)
}

// compareNames orders names as in the canonical list first, then the rest
// alphabetically.
func compareNames(list []string, a, b string) int {
	ia, ib := orderIndex(list, a), orderIndex(list, b)
	if ia != ib {
		return ia - ib
	}
	return strings.Compare(a, b)
}

// sortedDistinct returns the distinct names of rows picked by key, in
// canonical order.
func sortedDistinct(rows []Row, key func(Row) string, list []string) []string {
	var out []string
	for _, r := range rows {
		if k := key(r); !slices.Contains(out, k) {
			out = append(out, k)
		}
	}
	slices.SortFunc(out, func(a, b string) int { return compareNames(list, a, b) })
	return out
}
