package data

import (
	"fmt"
	"io"
	"text/tabwriter"

	"github.com/gocarina/gocsv"
)

// WriteSets writes the catalogue of data sets (CheckSets' rows) as CSV, or
// as an aligned table followed by the data directory dir, as mgp data
// prints it.
func WriteSets(w io.Writer, rows []SetCheck, dir string, asCSV bool) error {
	if asCSV {
		s, err := gocsv.MarshalString(&rows)
		if err != nil {
			return err
		}
		fmt.Fprint(w, s)
		return nil
	}
	tw := tabwriter.NewWriter(w, 0, 4, 2, ' ', 0)
	fmt.Fprintln(tw, "name\tkind\tN\ttrain\ttest\td_x\tstatus")
	for _, r := range rows {
		fmt.Fprintf(tw, "%s\t%s\t%d\t%d\t%d\t%d\t%s\n", r.Name, r.Kind, r.N, r.Train, r.Test, r.Dx, r.Status)
	}
	tw.Flush()
	fmt.Fprintf(w, "data directory: %s\n", dir)
	return nil
}
