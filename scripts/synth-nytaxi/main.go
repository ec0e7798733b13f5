// Command synth-nytaxi writes a synthetic NYC taxi trip file with the
// Kaggle train.csv's columns (data.WriteSynthNYTaxi), by default the full
// file's 1,458,644 rows, gzip-compressed when the output name ends in .gz:
//
//	go run ./scripts/synth-nytaxi -o synth-train.csv.gz [--rows N] [--seed S]
//
// It is for the nytaxi scale test (results/nytaxi/scale-test.md) on a
// machine without the Kaggle file.
package main

import (
	"compress/gzip"
	"flag"
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/mgpteam/mgp/pkg/data"
)

func main() {
	out := flag.String("o", "", "output file (required; .gz: gzip)")
	rows := flag.Int("rows", data.NYTaxiFullRows, "data rows")
	seed := flag.Uint64("seed", 0, "generator seed")
	flag.Parse()
	if *out == "" || flag.NArg() > 0 || *rows < 0 {
		fmt.Fprintln(os.Stderr, "usage: synth-nytaxi -o FILE [--rows N] [--seed S]")
		os.Exit(2)
	}
	if err := write(*out, *rows, *seed); err != nil {
		fmt.Fprintln(os.Stderr, "synth-nytaxi:", err)
		os.Exit(1)
	}
}

// write writes the file through a temporary name, renamed when complete.
func write(path string, rows int, seed uint64) error {
	tmp := path + ".tmp"
	f, err := os.Create(tmp)
	if err != nil {
		return err
	}
	defer os.Remove(tmp)
	var w io.Writer = f
	var zw *gzip.Writer
	if strings.HasSuffix(path, ".gz") {
		zw = gzip.NewWriter(f)
		w = zw
	}
	err = data.WriteSynthNYTaxi(w, rows, seed)
	if err == nil && zw != nil {
		err = zw.Close()
	}
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		return err
	}
	return os.Rename(tmp, path)
}
