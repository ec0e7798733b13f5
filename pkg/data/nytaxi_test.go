package data

import (
	"bytes"
	"compress/gzip"
	"errors"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/mgpteam/mgp/internal/shareddata"
)

// nytaxiHeader is the Kaggle train.csv header.
const nytaxiHeader = "id,vendor_id,pickup_datetime,dropoff_datetime,passenger_count,pickup_longitude,pickup_latitude,dropoff_longitude,dropoff_latitude,store_and_fwd_flag,trip_duration"

// trip is one hand-made row of the Kaggle file.
type trip struct {
	pick, drop             string
	plon, plat, dlon, dlat string
}

// good is a trip that passes every rule: midtown to midtown, 10 minutes.
var good = trip{"2016-03-14 17:24:55", "2016-03-14 17:34:55", "-73.98", "40.75", "-73.96", "40.77"}

// line renders t as a CSV row; trip_duration is deliberately wrong (the
// loader must recompute it).
func (t trip) line() string {
	return strings.Join([]string{"id1", "2", t.pick, t.drop, "1", t.plon, t.plat, t.dlon, t.dlat, "N", "999999"}, ",")
}

// writeTrips writes a taxi CSV with the given trips below t.TempDir().
func writeTrips(t *testing.T, name string, trips ...trip) string {
	t.Helper()
	var b strings.Builder
	b.WriteString(nytaxiHeader + "\n")
	for _, tr := range trips {
		b.WriteString(tr.line() + "\n")
	}
	return writeFile(t, t.TempDir(), name, b.String())
}

// TestNYTaxiFilterBoundaries: every rule of models.md §9.3, just inside
// (kept, inclusive bounds) and just outside (dropped and counted under that
// rule).
func TestNYTaxiFilterBoundaries(t *testing.T) {
	with := func(f func(*trip)) trip { tr := good; f(&tr); return tr }
	cases := []struct {
		name string
		tr   trip
		rule string // "" = kept
	}{
		{"good", good, ""},
		{"pickup lon = min", with(func(t *trip) { t.plon = "-74.04" }), ""},
		{"pickup lon < min", with(func(t *trip) { t.plon = "-74.0400001" }), "lon"},
		{"dropoff lon = max", with(func(t *trip) { t.dlon = "-73.75" }), ""},
		{"dropoff lon > max", with(func(t *trip) { t.dlon = "-73.7499999" }), "lon"},
		{"dropoff lon = min", with(func(t *trip) { t.dlon = "-74.04" }), ""},
		{"pickup lon > max", with(func(t *trip) { t.plon = "-73.7499999" }), "lon"},
		{"pickup lat = min", with(func(t *trip) { t.plat = "40.62" }), ""},
		{"pickup lat < min", with(func(t *trip) { t.plat = "40.6199999" }), "lat"},
		{"dropoff lat = max", with(func(t *trip) { t.dlat = "40.86" }), ""},
		{"dropoff lat > max", with(func(t *trip) { t.dlat = "40.8600001" }), "lat"},
		{"dropoff lat < min", with(func(t *trip) { t.dlat = "40.6199999" }), "lat"},
		{"pickup lat > max", with(func(t *trip) { t.plat = "40.8600001" }), "lat"},
		// sqrt(1e-5) = 0.00316228: 0.003163² ≥ 1e-5 > 0.003162².
		{"dist² just ≥ 1e-5 (lon)", with(func(t *trip) { t.plon, t.dlon, t.plat, t.dlat = "-73.9", "-73.896837", "40.75", "40.75" }), ""},
		{"dist² just < 1e-5 (lon)", with(func(t *trip) { t.plon, t.dlon, t.plat, t.dlat = "-73.9", "-73.896838", "40.75", "40.75" }), "dist"},
		{"dist² just ≥ 1e-5 (lat)", with(func(t *trip) { t.plon, t.dlon, t.plat, t.dlat = "-73.9", "-73.9", "40.75", "40.753163" }), ""},
		{"dist² just < 1e-5 (lat)", with(func(t *trip) { t.plon, t.dlon, t.plat, t.dlat = "-73.9", "-73.9", "40.75", "40.753162" }), "dist"},
		// The squared distance, not the distance: 0.002² + 0.002² = 8e-6 < 1e-5
		// although |Δlon| + |Δlat| = 0.004 > 0.0032.
		{"dist² diagonal < 1e-5", with(func(t *trip) { t.plon, t.dlon, t.plat, t.dlat = "-73.9", "-73.898", "40.75", "40.752" }), "dist"},
		{"dist² diagonal ≥ 1e-5", with(func(t *trip) { t.plon, t.dlon, t.plat, t.dlat = "-73.9", "-73.8977", "40.75", "40.7523" }), ""},
		{"same place", with(func(t *trip) { t.dlon, t.dlat = t.plon, t.plat }), "dist"},
		{"duration = 30 s", with(func(t *trip) { t.drop = "2016-03-14 17:25:25" }), ""},
		{"duration = 29 s", with(func(t *trip) { t.drop = "2016-03-14 17:25:24" }), "dur"},
		{"duration = 10800 s", with(func(t *trip) { t.drop = "2016-03-14 20:24:55" }), ""},
		{"duration = 10801 s", with(func(t *trip) { t.drop = "2016-03-14 20:24:56" }), "dur"},
		{"negative duration", with(func(t *trip) { t.drop = "2016-03-14 17:24:00" }), "dur"},
		{"30 s over a leap day's midnight", with(func(t *trip) { t.pick, t.drop = "2016-02-29 23:59:50", "2016-03-01 00:00:20" }), ""},
		{"29 s over new year", with(func(t *trip) { t.pick, t.drop = "2015-12-31 23:59:51", "2016-01-01 00:00:20" }), "dur"},
		{"10800 s over a month end", with(func(t *trip) { t.pick, t.drop = "2016-04-30 22:30:00", "2016-05-01 01:30:00" }), ""},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			path := writeTrips(t, "t.csv", good, c.tr)
			ds, cnt, err := LoadNYTaxi(path, NYTaxiOptions{})
			if err != nil {
				t.Fatal(err)
			}
			want := NYTaxiCounts{Read: 2, Kept: 2}
			switch c.rule {
			case "lon":
				want.Kept, want.Longitude = 1, 1
			case "lat":
				want.Kept, want.Latitude = 1, 1
			case "dist":
				want.Kept, want.Distance = 1, 1
			case "dur":
				want.Kept, want.Duration = 1, 1
			}
			if cnt != want {
				t.Fatalf("counts %+v, want %+v", cnt, want)
			}
			if ds.N() != want.Kept {
				t.Fatalf("data set has %d rows, want %d", ds.N(), want.Kept)
			}
		})
	}
}

// TestNYTaxiDropOrder: a row that breaks several rules is counted once,
// under the first rule (longitude, latitude, distance, duration).
func TestNYTaxiDropOrder(t *testing.T) {
	bad := trip{"2016-03-14 17:24:55", "2016-03-14 17:24:56", "-75", "41", "-75", "41"}
	noLon := bad
	noLon.plon, noLon.dlon = "-73.9", "-73.9"
	noLat := noLon
	noLat.plat, noLat.dlat = "40.7", "40.7"
	path := writeTrips(t, "t.csv", good, bad, noLon, noLat)
	_, cnt, err := LoadNYTaxi(path, NYTaxiOptions{})
	if err != nil {
		t.Fatal(err)
	}
	want := NYTaxiCounts{Read: 4, Kept: 1, Longitude: 1, Latitude: 1, Distance: 1}
	if cnt != want {
		t.Fatalf("counts %+v, want %+v", cnt, want)
	}
}

// TestNYTaxiFeatures: the eight inputs and the target of hand-made trips
// against values computed by hand.
func TestNYTaxiFeatures(t *testing.T) {
	// 2016-02-28 was a Sunday (weekday 6), 2016-01-04 a Monday (0),
	// 2016-06-30 a Thursday (3).
	trips := []trip{
		{"2016-02-28 02:23:59", "2016-02-28 02:31:08", "-73.980369567871094", "40.742420196533203", "-73.962852478027344", "40.760635375976563"},
		{"2016-01-04 00:00:00", "2016-01-04 00:01:00", "-74.0", "40.7", "-73.9", "40.8"},
		{"2016-06-30 18:45:10", "2016-06-30 19:45:10", "-73.95", "40.65", "-73.8", "40.85"},
	}
	type want struct {
		wd, mins int
		dur      float64
	}
	wants := []want{{6, 2*60 + 23, 429}, {0, 0, 60}, {3, 18*60 + 45, 3600}}
	for _, period := range []int{6, 7} {
		ds, _, err := LoadNYTaxi(writeTrips(t, "t.csv", trips...), NYTaxiOptions{WeekdayPeriod: period})
		if err != nil {
			t.Fatal(err)
		}
		for i, w := range wants {
			tr := trips[i]
			delta := 2 * math.Pi * float64(w.wd) / float64(period)
			tau := 2 * math.Pi * float64(w.mins) / 1440
			exp := []float64{atof(t, tr.plon), atof(t, tr.plat), atof(t, tr.dlon), atof(t, tr.dlat),
				math.Sin(delta), math.Cos(delta), math.Sin(tau), math.Cos(tau)}
			for j, v := range exp {
				if got := ds.X.At(i, j); math.Abs(got-v) > 1e-15 {
					t.Errorf("period %d trip %d %s = %.17g, want %.17g", period, i, NYTaxiXNames[j], got, v)
				}
			}
			if got := ds.Y.At(i, 0); got != w.dur {
				t.Errorf("period %d trip %d duration %g, want %g", period, i, got, w.dur)
			}
		}
	}
	// Period 6 ([B]): Sunday's angle is 2π, the same point as Monday's 0.
	ds, _, _ := LoadNYTaxi(writeTrips(t, "t.csv", trips...), NYTaxiOptions{})
	if math.Abs(ds.X.At(0, 4)-ds.X.At(1, 4)) > 1e-15 || math.Abs(ds.X.At(0, 5)-ds.X.At(1, 5)) > 1e-15 {
		t.Errorf("period 6: Sunday (%g, %g) and Monday (%g, %g) should coincide",
			ds.X.At(0, 4), ds.X.At(0, 5), ds.X.At(1, 4), ds.X.At(1, 5))
	}
	if _, _, err := LoadNYTaxi(writeTrips(t, "t.csv", trips...), NYTaxiOptions{WeekdayPeriod: 5}); err == nil {
		t.Error("weekday period 5 accepted")
	}
}

// atof parses a decimal for the expected values.
func atof(t *testing.T, s string) float64 {
	v, msg := parseNumber(s)
	if msg != "" {
		t.Fatal(msg)
	}
	return v
}

// TestTripTimeCalendar checks the day count and weekday against known dates.
func TestTripTimeCalendar(t *testing.T) {
	for _, c := range []struct {
		s    string
		days int64
		wd   int
	}{
		{"1970-01-01 00:00:00", 0, 3},
		{"2000-02-29 12:00:00", 11016, 1},
		{"2016-01-01 00:00:00", 16801, 4},
		{"2016-06-30 23:59:59", 16982, 3},
		{"1969-12-31 00:00:00", -1, 2},
	} {
		tt, msg := parseTripTime([]byte(c.s))
		if msg != "" {
			t.Fatalf("%s: %s", c.s, msg)
		}
		if tt.days != c.days || tt.weekday() != c.wd {
			t.Errorf("%s: days %d weekday %d, want %d and %d", c.s, tt.days, tt.weekday(), c.days, c.wd)
		}
	}
	for _, s := range []string{"2016-02-30 00:00:00", "2015-02-29 00:00:00", "2016-13-01 00:00:00",
		"2016-01-01 24:00:00", "2016-01-01 00:60:00", "2016-01-01T00:00:00", "2016-1-01 00:00:00", "2016-01-01 00:00:0x"} {
		if _, msg := parseTripTime([]byte(s)); msg == "" {
			t.Errorf("%q accepted", s)
		}
	}
}

// TestNYTaxiGzipMatchesPlain: the gzip and the plain file give identical
// matrices and counts (the format is told by the magic bytes, not the name).
func TestNYTaxiGzipMatchesPlain(t *testing.T) {
	plain := writeTrips(t, "t.csv", good, trip{"2016-01-04 00:00:00", "2016-01-04 00:01:00", "-74.0", "40.7", "-73.9", "40.8"},
		trip{"2016-01-04 00:00:00", "2016-01-04 00:00:01", "-74.0", "40.7", "-73.9", "40.8"})
	raw, err := os.ReadFile(plain)
	if err != nil {
		t.Fatal(err)
	}
	var zb bytes.Buffer
	zw := gzip.NewWriter(&zb)
	zw.Write(raw)
	zw.Close()
	zipped := filepath.Join(t.TempDir(), "no-suffix.csv") // a gzip file with a plain name
	if err := os.WriteFile(zipped, zb.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	a, ca, err := LoadNYTaxi(plain, NYTaxiOptions{})
	if err != nil {
		t.Fatal(err)
	}
	b, cb, err := LoadNYTaxi(zipped, NYTaxiOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if ca != cb || !equalDense(a.X, b.X) || !equalDense(a.Y, b.Y) {
		t.Fatalf("gzip and plain differ: %+v vs %+v", ca, cb)
	}
	if ca.Kept != 2 || ca.Duration != 1 {
		t.Fatalf("counts %+v", ca)
	}
}

// TestNYTaxiCRLF: Windows line ends and a trailing blank line are accepted.
func TestNYTaxiCRLF(t *testing.T) {
	path := writeFile(t, t.TempDir(), "t.csv", nytaxiHeader+"\r\n"+good.line()+"\r\n\r\n")
	_, cnt, err := LoadNYTaxi(path, NYTaxiOptions{})
	if err != nil || cnt.Read != 1 || cnt.Kept != 1 {
		t.Fatalf("counts %+v, err %v", cnt, err)
	}
}

// TestNYTaxiErrors: malformed input gives an error naming the file, the
// line and (for a bad value) the column.
func TestNYTaxiErrors(t *testing.T) {
	bad := good
	bad.plat = "40.7x"
	badTime := good
	badTime.drop = "2016-03-14 17:34"
	for _, c := range []struct {
		name, content string
		line          int
		contains      []string
	}{
		{"bad number", nytaxiHeader + "\n" + good.line() + "\n" + bad.line() + "\n", 3, []string{"column 7 (pickup_latitude)", "40.7x"}},
		{"bad time", nytaxiHeader + "\n" + badTime.line() + "\n", 2, []string{"column 4 (dropoff_datetime)", "YYYY-MM-DD HH:MM:SS"}},
		{"too few fields", nytaxiHeader + "\n" + good.line() + "\nid2,1,2016-03-14 17:24:55\n", 3, []string{"3 fields", "11 columns"}},
		{"too many fields", nytaxiHeader + "\n" + good.line() + ",extra\n", 2, []string{"more than 11 fields"}},
		{"quotes", nytaxiHeader + "\n\"id1\"," + strings.SplitN(good.line(), ",", 2)[1] + "\n", 2, []string{"column 1", "quoted"}},
		{"missing column", strings.Replace(nytaxiHeader, "dropoff_latitude", "dlat", 1) + "\n" + good.line() + "\n", 1, []string{`"dropoff_latitude"`}},
		{"empty", "", 1, []string{"empty"}},
		{"header only", nytaxiHeader + "\n", 2, []string{"not followed by any data rows"}},
		{"nothing kept", nytaxiHeader + "\n" + trip{good.pick, good.drop, "0", "0", "1", "1"}.line() + "\n", 0, []string{"no trip passes", "longitude 1"}},
	} {
		t.Run(c.name, func(t *testing.T) {
			path := writeFile(t, t.TempDir(), "trips.csv", c.content)
			_, _, err := LoadNYTaxi(path, NYTaxiOptions{})
			wantErrAt(t, err, path, c.line, c.contains...)
			var fe *FileError
			if !errors.As(err, &fe) {
				t.Errorf("error %v is not a *FileError", err)
			}
		})
	}
	_, _, err := LoadNYTaxi(filepath.Join(t.TempDir(), "absent.csv"), NYTaxiOptions{})
	wantErrAt(t, err, "absent.csv", 0, "not found", "data.path")
	bad = good
	bad.plon = "NaN"
	path := writeTrips(t, "t.csv", bad)
	_, _, err = LoadNYTaxi(path, NYTaxiOptions{})
	wantErrAt(t, err, path, 2, "column 6 (pickup_longitude)", "NaN")
}

// TestNYTaxiSample: the shipped 5 % sample's counts (a regression check of
// the filter on real rows; models.md §9.3's full file keeps 1,420,068 of
// 1,458,644 rows, 97.36 %, and the sample keeps 97.29 %).
func TestNYTaxiSample(t *testing.T) {
	path := NYTaxiDefaultPath(shareddata.Dir(t, NYTaxiSampleFile))
	ds, cnt, err := LoadNYTaxi(path, NYTaxiOptions{})
	if err != nil {
		t.Fatal(err)
	}
	want := NYTaxiCounts{Read: 73177, Kept: 71197, Longitude: 292, Latitude: 425, Distance: 1147, Duration: 116}
	if cnt != want {
		t.Fatalf("counts %+v, want %+v", cnt, want)
	}
	if ds.N() != 71197 || ds.Dx() != 8 || ds.Dy() != 1 {
		t.Fatalf("data set %d x %d / %d", ds.N(), ds.Dx(), ds.Dy())
	}
}
