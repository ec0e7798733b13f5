package main

import (
	"errors"
	"fmt"

	"github.com/mgpteam/mgp/pkg/data"
	"github.com/spf13/cobra"
)

func newDataCmd(g *globalOpts) *cobra.Command {
	var asCSV bool
	var taxiPath string
	c := &cobra.Command{
		Use:   "data",
		Short: "List and check the data sets (toys are generated; UCI sets and the nytaxi sample are read from the data directory)",
		Long:  helpText("data"),
		Args:  cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			dir := resolveDataDir(g.dataDir, "")
			rows, err := data.CheckSets(dir, taxiPath)
			if err != nil {
				return err
			}
			for i, r := range rows {
				if r.Err != nil { // a UCI set's status is its error
					rows[i].Status = adviseFlags(r.Err).Error()
				}
			}
			if err := data.WriteSets(cmd.OutOrStdout(), rows, dir, asCSV); err != nil {
				return err
			}
			return badSetsErr(rows, dir)
		},
	}
	c.Flags().BoolVar(&asCSV, "csv", false, "print CSV")
	c.Flags().StringVar(&taxiPath, "nytaxi", "", "the Kaggle taxi train.csv (plain or gzip) to check (default: the shipped sample "+data.NYTaxiSampleFile+" below the data directory)")
	return c
}

// badSetsErr counts the bad data sets (exit 2) with the advice that fits:
// fetching the UCI sets, or another nytaxi file.
func badSetsErr(rows []data.SetCheck, dir string) error {
	sets, taxi := data.CountBad(rows)
	switch {
	case sets > taxi:
		return inputErr(fmt.Errorf("%d data set(s) missing or malformed in %s: run scripts/fetch_uci.sh %s or pass --data-dir (nytaxi: --nytaxi FILE)", sets, dir, dir))
	case taxi > 0:
		return inputErr(errors.New("the nytaxi file is missing or malformed (see its line above): pass the Kaggle train.csv with --nytaxi FILE"))
	}
	return nil
}
