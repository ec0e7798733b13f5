package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/mgpteam/mgp/internal/shareddata"
)

// TestDataReportsNYTaxi: mgp data reports nytaxi's rows read, kept and
// dropped per rule for the file given with --nytaxi, and a malformed file
// makes it exit 2 with the file and line in the table.
func TestDataReportsNYTaxi(t *testing.T) {
	shared := shareddata.Dir(t, "uci")
	const header = "id,vendor_id,pickup_datetime,dropoff_datetime,passenger_count,pickup_longitude,pickup_latitude,dropoff_longitude,dropoff_latitude,store_and_fwd_flag,trip_duration\n"
	rows := []string{
		"a,1,2016-03-14 17:24:55,2016-03-14 17:34:55,1,-73.98,40.75,-73.96,40.77,N,600", // kept
		"b,1,2016-03-14 17:24:55,2016-03-14 17:34:55,1,-74.10,40.75,-73.96,40.77,N,600", // longitude
		"c,1,2016-03-14 17:24:55,2016-03-14 17:34:55,1,-73.98,40.95,-73.96,40.77,N,600", // latitude
		"d,1,2016-03-14 17:24:55,2016-03-14 17:34:55,1,-73.98,40.75,-73.98,40.75,N,600", // distance
		"e,1,2016-03-14 17:24:55,2016-03-14 17:25:05,1,-73.98,40.75,-73.96,40.77,N,600", // duration
	}
	dir := t.TempDir()
	var body strings.Builder
	body.WriteString(header)
	for range 5 {
		body.WriteString(rows[0] + "\n")
	}
	for _, r := range rows[1:] {
		body.WriteString(r + "\n")
	}
	good := writeFile(t, dir, "trips.csv", body.String())
	out, _, err := run(t, "data", "--data-dir", shared, "--nytaxi", good)
	if err != nil {
		t.Fatal(err)
	}
	want := "read 9, kept 5; dropped: longitude 1, latitude 1, distance 1, duration 1"
	if !strings.Contains(out, want) {
		t.Fatalf("output lacks %q:\n%s", want, out)
	}
	bad := writeFile(t, dir, "bad.csv", header+rows[0]+"\n"+strings.Replace(rows[1], "40.75", "4O.75", 1)+"\n")
	out, _, err = run(t, "data", "--data-dir", shared, "--nytaxi", bad)
	if err == nil || exitCode(err) != 2 {
		t.Fatalf("malformed file: err %v (exit %d)", err, exitCode(err))
	}
	if !strings.Contains(out, "bad.csv:3: column 7 (pickup_latitude)") {
		t.Fatalf("output does not name bad.csv:3 column 7:\n%s", out)
	}
}

// TestDataNYTaxiOptional: a data directory without the nytaxi sample still
// passes mgp data (the row says the sample is not there), but a missing
// file named with --nytaxi is an error.
func TestDataNYTaxiOptional(t *testing.T) {
	shared := shareddata.Dir(t, "uci")
	dir := t.TempDir()
	if err := os.Symlink(filepath.Join(shared, "uci"), filepath.Join(dir, "uci")); err != nil {
		t.Skip(err)
	}
	out, _, err := run(t, "data", "--data-dir", dir)
	if err != nil || !strings.Contains(out, "not found (optional)") {
		t.Fatalf("err %v, output:\n%s", err, out)
	}
	_, _, err = run(t, "data", "--data-dir", dir, "--nytaxi", filepath.Join(dir, "train.csv"))
	if err == nil || exitCode(err) != 2 {
		t.Fatalf("missing --nytaxi file: err %v", err)
	}
}
