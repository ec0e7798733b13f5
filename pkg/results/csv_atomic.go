package results

import (
	"encoding/csv"
	"io"
	"strconv"
)

// FormatCSVFloat is the number format of the CSV files mgp writes for
// analysis: 10 significant digits, enough for any metric and a third of
// the bytes of the shortest exact form.
func FormatCSVFloat(x float64) string { return strconv.FormatFloat(x, 'g', 10, 64) }

// WriteCSVAtomic writes a CSV file with header as its first row and then
// the records rows passes to emit, through WriteFileAtomic: on any error
// (from emit or from rows itself) path is left as it was.
func WriteCSVAtomic(path string, header []string, rows func(emit func(record []string) error) error) error {
	return WriteFileAtomic(path, func(w io.Writer) error {
		cw := csv.NewWriter(w)
		if err := cw.Write(header); err != nil {
			return err
		}
		if err := rows(cw.Write); err != nil {
			return err
		}
		cw.Flush()
		return cw.Error()
	})
}
