package report

import (
	"cmp"
	"path/filepath"
	"slices"
	"strings"

	"github.com/mgpteam/mgp/pkg/paper/values"
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

// splitKindOrder is the order of split kinds in tables: Table 3's random
// splits first.
var splitKindOrder = []SplitKind{SplitRandom, SplitFixed, SplitToy, SplitUnknown}

// CompareProtocols orders protocols by iterations, samples, split kind, then
// held-out fraction (last-iteration runs first): a total order, so tables and
// notes never depend on map iteration.
func CompareProtocols(a, b Protocol) int {
	if c := cmp.Compare(a.Iterations, b.Iterations); c != 0 {
		return c
	}
	if c := cmp.Compare(a.Samples, b.Samples); c != 0 {
		return c
	}
	if c := cmp.Compare(slices.Index(splitKindOrder, a.Split), slices.Index(splitKindOrder, b.Split)); c != 0 {
		return c
	}
	return cmp.Compare(a.Validation, b.Validation) // last iteration (0) first
}

// comparePaths orders file paths as a lexical directory walk visits them:
// element by element, so "a/b/x" comes before "a/b-c/x".
func comparePaths(a, b string) int {
	ea := strings.Split(filepath.ToSlash(a), "/")
	eb := strings.Split(filepath.ToSlash(b), "/")
	return slices.Compare(ea, eb)
}

// modelOrder and datasetOrder are the paper's row and column order (Table
// 3's, from package values): tables list the models and data sets they
// know in this order, other names after.
var modelOrder, datasetOrder = values.Models(), values.Datasets()

// CompareDatasets orders data set names as the paper's tables do (Table
// 3's columns, case-insensitively), other names after in alphabetical
// order.
func CompareDatasets(a, b string) int { return compareNames(datasetOrder, a, b) }
