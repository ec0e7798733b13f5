package main

import (
	"fmt"
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
	c := &cobra.Command{
		Use:   "data",
		Short: "List and check the data sets (toys are generated; UCI sets are read from the data directory)",
		Args:  cobra.NoArgs,
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
				return inputErr(fmt.Errorf("%d UCI set(s) missing or malformed in %s: run scripts/fetch_uci.sh %s or pass --data-dir", bad, dir, dir))
			}
			return nil
		},
	}
	c.Flags().BoolVar(&asCSV, "csv", false, "print CSV")
	return c
}
