package main

import (
	"errors"
	"fmt"
	"io/fs"
	"text/tabwriter"

	"github.com/gocarina/gocsv"
	"github.com/mgpteam/mgp/pkg/data"
	"github.com/spf13/cobra"
)

// dataRow is one line of `mgp data`.
type dataRow struct {
	Name   string `csv:"name"`
	Kind   string `csv:"kind"`
	N      int    `csv:"n"`
	Train  int    `csv:"n_train"`
	Test   int    `csv:"n_test"`
	Dx     int    `csv:"d_x"`
	Status string `csv:"status"`
}

func newDataCmd(g *globalOpts) *cobra.Command {
	var asCSV bool
	var taxiPath string
	c := &cobra.Command{
		Use:   "data",
		Short: "List and check the data sets (toys are generated; UCI sets and the nytaxi sample are read from the data directory)",
		Long: `List and check the data sets: the toys (generated), the eight UCI sets and nytaxi
(the shipped 5 % sample below the data directory, or the file given with --nytaxi).
For nytaxi it also reports the rows read, the rows kept and the rows each filter
rule of models.md §9.3 dropped (a row breaking several rules counts under the first
of longitude, latitude, distance, duration).`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			dir := resolveDataDir(g.dataDir, "")
			var rows []dataRow
			for _, n := range data.ToyNames() {
				ds, _, err := data.Toy(n, 0)
				if err != nil {
					return err
				}
				rows = append(rows, dataRow{n, "toy", ds.N(), ds.N(), ds.N(), ds.Dx(), "ok (generated)"})
			}
			bad := 0
			for _, n := range data.UCINames() {
				ds, err := data.LoadUCI(dir, n)
				if err != nil {
					bad++
					rows = append(rows, dataRow{Name: n, Kind: "uci", Status: err.Error()})
					continue
				}
				nt := len(data.RandomSplit(ds.N(), 0).Test)
				rows = append(rows, dataRow{n, "uci", ds.N(), ds.N() - nt, nt, ds.Dx(), "ok"})
			}
			taxi, taxiErr := nytaxiRow(data.NYTaxiPath(taxiPath, dir))
			if taxiErr != nil && taxiPath == "" && errors.Is(taxiErr, fs.ErrNotExist) {
				// The sample is optional: only a file that is there and
				// wrong, or one named with --nytaxi, is an error.
				taxi.Status = "not found (optional): " + taxiErr.Error()
				taxiErr = nil
			}
			rows = append(rows, taxi)
			if taxiErr != nil {
				bad++
			}
			if asCSV {
				s, err := gocsv.MarshalString(&rows)
				if err != nil {
					return err
				}
				fmt.Fprint(cmd.OutOrStdout(), s)
			} else {
				tw := tabwriter.NewWriter(cmd.OutOrStdout(), 0, 4, 2, ' ', 0)
				fmt.Fprintln(tw, "name\tkind\tN\ttrain\ttest\td_x\tstatus")
				for _, r := range rows {
					fmt.Fprintf(tw, "%s\t%s\t%d\t%d\t%d\t%d\t%s\n", r.Name, r.Kind, r.N, r.Train, r.Test, r.Dx, r.Status)
				}
				tw.Flush()
				fmt.Fprintf(cmd.OutOrStdout(), "data directory: %s\n", dir)
			}
			if bad > 0 {
				return inputErr(fmt.Errorf("%d data set(s) missing or malformed in %s: run scripts/fetch_uci.sh %s or pass --data-dir (nytaxi: --nytaxi FILE)", bad, dir, dir))
			}
			return nil
		},
	}
	c.Flags().BoolVar(&asCSV, "csv", false, "print CSV")
	c.Flags().StringVar(&taxiPath, "nytaxi", "", "the Kaggle taxi train.csv (plain or gzip) to check (default: the shipped sample "+data.NYTaxiSampleFile+" below the data directory)")
	return c
}

// nytaxiRow loads the taxi file at path with the default encoding and
// reports its counts: N is the kept rows, split by data.NYTaxiSplit.
func nytaxiRow(path string) (dataRow, error) {
	ds, cnt, err := data.LoadNYTaxi(path, data.NYTaxiOptions{})
	if err != nil {
		return dataRow{Name: "nytaxi", Kind: "nytaxi", Status: err.Error()}, err
	}
	sp := data.NYTaxiSplit(ds.N(), 0)
	return dataRow{"nytaxi", "nytaxi", ds.N(), len(sp.Train), len(sp.Test), ds.Dx(),
		fmt.Sprintf("ok: %s: read %d, kept %d; %s", path, cnt.Read, cnt.Kept, cnt.DropSummary())}, nil
}
