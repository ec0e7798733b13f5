package report

// cellKey identifies a table cell: the runs of one model and variant on one
// data set under one protocol. Every table of this package pools runs by
// it, and only by it.
type cellKey struct {
	model, variant, dataset string
	protocol                Protocol
	// config is the runs' configKey where a table keeps every config in a
	// cell of its own (RunCells); "" where they are split afterwards
	// (Summarise, splitConfigs).
	config string
}

// groupCells groups items by key, returning the keys in the order of
// their first item and each key's items in input order: the one way runs
// are grouped into cells (Summarise sorts the keys afterwards, RunCells
// keeps them).
func groupCells[T any](items []T, key func(T) cellKey) ([]cellKey, map[cellKey][]T) {
	var keys []cellKey
	groups := map[cellKey][]T{}
	for _, it := range items {
		k := key(it)
		if _, ok := groups[k]; !ok {
			keys = append(keys, k)
		}
		groups[k] = append(groups[k], it)
	}
	return keys, groups
}
