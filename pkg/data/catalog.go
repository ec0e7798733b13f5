package data

import (
	"errors"
	"fmt"
	"io/fs"
)

// SetCheck is one data set's line in the catalogue of data sets
// (CheckSets, mgp data): its size, split and dimension, or what is wrong.
// The csv tags name the columns of the catalogue as CSV.
type SetCheck struct {
	// Name and Kind name the set and its kind (toy, uci, nytaxi).
	Name string `csv:"name"`
	Kind string `csv:"kind"`
	// N, Train and Test are its rows and those of its default split (the
	// toys are drawn again for testing: N each).
	N     int `csv:"n"`
	Train int `csv:"n_train"`
	Test  int `csv:"n_test"`
	// Dx is the number of inputs.
	Dx int `csv:"d_x"`
	// Status is "ok" with details, or the error that loading gave.
	Status string `csv:"status"`
	// Bad marks a set missing or malformed; an absent nytaxi sample is
	// not bad (it is optional), a nytaxi file asked for is.
	Bad bool `csv:"-"`
	// Err is the error Status was made from (nil when none), for a caller
	// that words it in its own terms.
	Err error `csv:"-"`
}

// CheckSets loads every data set the project knows and reports each: the
// toys (generated), the UCI sets below dataDir, and nytaxi from
// nytaxiFile, or the shipped sample below dataDir when nytaxiFile is ""
// (NYTaxiPath). For nytaxi the status also gives the rows read and kept
// and the rows each filter rule dropped. Only a toy that cannot be
// generated is an error; the sets that fail to load are marked Bad.
func CheckSets(dataDir, nytaxiFile string) ([]SetCheck, error) {
	var rows []SetCheck
	for _, n := range ToyNames() {
		ds, _, err := Toy(n, 0)
		if err != nil {
			return nil, err
		}
		rows = append(rows, SetCheck{n, "toy", ds.N(), ds.N(), ds.N(), ds.Dx(), "ok (generated)", false, nil})
	}
	for _, n := range UCINames() {
		ds, err := LoadUCI(dataDir, n)
		if err != nil {
			rows = append(rows, SetCheck{Name: n, Kind: "uci", Status: err.Error(), Bad: true, Err: err})
			continue
		}
		nt := len(RandomSplit(ds.N(), 0).Test)
		rows = append(rows, SetCheck{n, "uci", ds.N(), ds.N() - nt, nt, ds.Dx(), "ok", false, nil})
	}
	taxi, err := checkNYTaxi(NYTaxiPath(nytaxiFile, dataDir))
	if err != nil && nytaxiFile == "" && errors.Is(err, fs.ErrNotExist) {
		// The sample is optional: only a file that is there and wrong,
		// or one asked for, is bad.
		taxi.Status = "not found (optional): " + err.Error()
		taxi.Bad = false
	}
	return append(rows, taxi), nil
}

// checkNYTaxi loads the taxi file at path with the default encoding and
// reports its counts: N is the kept rows, split by NYTaxiSplit.
func checkNYTaxi(path string) (SetCheck, error) {
	ds, cnt, err := LoadNYTaxi(path, NYTaxiOptions{})
	if err != nil {
		return SetCheck{Name: "nytaxi", Kind: "nytaxi", Status: err.Error(), Bad: true}, err
	}
	sp := NYTaxiSplit(ds.N(), 0)
	if len(sp.Train) == 0 || len(sp.Test) == 0 {
		err := fmt.Errorf("%s: kept %d rows (read %d), too few for a train/test split: training refuses it", path, cnt.Kept, cnt.Read)
		return SetCheck{Name: "nytaxi", Kind: "nytaxi", N: ds.N(), Dx: ds.Dx(), Status: err.Error(), Bad: true}, err
	}
	return SetCheck{"nytaxi", "nytaxi", ds.N(), len(sp.Train), len(sp.Test), ds.Dx(),
		fmt.Sprintf("ok: %s: read %d, kept %d; %s", path, cnt.Read, cnt.Kept, cnt.DropSummary()), false, nil}, nil
}

// CountBad counts the rows marked Bad: sets of every kind together, and
// nytaxi those of the nytaxi file alone.
func CountBad(rows []SetCheck) (sets, nytaxi int) {
	for _, r := range rows {
		if r.Bad {
			sets++
			if r.Kind == "nytaxi" {
				nytaxi++
			}
		}
	}
	return sets, nytaxi
}
