package data

import (
	"bufio"
	"bytes"
	"compress/gzip"
	"fmt"
	"io"
	"math"
	"path/filepath"

	"gonum.org/v1/gonum/mat"
)

// The nytaxi filter of models.md §9.3, all bounds inclusive.
const (
	NYTaxiLonMin      = -74.04 // pickup and dropoff longitude ≥ this
	NYTaxiLonMax      = -73.75 // … and ≤ this
	NYTaxiLatMin      = 40.62  // pickup and dropoff latitude ≥ this
	NYTaxiLatMax      = 40.86  // … and ≤ this
	NYTaxiMinSqDist   = 1e-5   // (Δlon)² + (Δlat)² ≥ this, in degrees²
	NYTaxiMinDuration = 30     // recomputed duration ≥ this, in seconds
	NYTaxiMaxDuration = 10800  // … and ≤ this
)

// NYTaxiSampleFile is the shipped 5 % sample of the Kaggle file, below the
// data directory (MANIFEST.md §3); NYTaxiDefaultPath joins it to a data
// directory.
const NYTaxiSampleFile = "nytaxi/train-sample0.05.csv.gz"

// NYTaxiDefaultPath returns <dataDir>/nytaxi/train-sample0.05.csv.gz.
func NYTaxiDefaultPath(dataDir string) string {
	return filepath.Join(dataDir, filepath.FromSlash(NYTaxiSampleFile))
}

// nytaxiColumns are the Kaggle train.csv columns the loader reads, in the
// order of nytaxiCol*.
var nytaxiColumns = []string{"pickup_datetime", "dropoff_datetime",
	"pickup_longitude", "pickup_latitude", "dropoff_longitude", "dropoff_latitude"}

// Indices into nytaxiColumns.
const (
	nytaxiColPickup = iota
	nytaxiColDropoff
	nytaxiColPLon
	nytaxiColPLat
	nytaxiColDLon
	nytaxiColDLat
)

// NYTaxiXNames names the eight inputs, in the order of models.md §9.3.
var NYTaxiXNames = []string{"pickup_longitude", "pickup_latitude", "dropoff_longitude", "dropoff_latitude",
	"sin_weekday", "cos_weekday", "sin_time", "cos_time"}

// NYTaxiOptions chooses the encoding of the nytaxi inputs.
type NYTaxiOptions struct {
	// WeekdayPeriod is the period of the weekday angle δ = 2π·weekday/period:
	// 6 (the default when 0; [B]'s rescaling of [0, 6] to [0, 2π], so Sunday
	// coincides with Monday, A-42) or 7 (the natural period).
	WeekdayPeriod int
}

// period returns the weekday period, 6 when unset.
func (o NYTaxiOptions) period() int {
	if o.WeekdayPeriod == 0 {
		return 6
	}
	return o.WeekdayPeriod
}

// NYTaxiCounts says what the filter did: rows read, rows kept and, per
// rule, the rows dropped. A row that breaks several rules is counted under
// the first one it breaks, in the order of the fields, so the drops add up
// to Read − Kept.
type NYTaxiCounts struct {
	// Read is the number of data rows (the header and blank lines excluded).
	Read int `json:"read"`
	// Kept is the number of rows that pass every rule.
	Kept int `json:"kept"`
	// Longitude counts rows with a pickup or dropoff longitude outside
	// [NYTaxiLonMin, NYTaxiLonMax].
	Longitude int `json:"dropped_longitude"`
	// Latitude counts rows with a pickup or dropoff latitude outside
	// [NYTaxiLatMin, NYTaxiLatMax].
	Latitude int `json:"dropped_latitude"`
	// Distance counts rows with (Δlon)² + (Δlat)² < NYTaxiMinSqDist.
	Distance int `json:"dropped_distance"`
	// Duration counts rows whose dropoff − pickup time, in seconds, lies
	// outside [NYTaxiMinDuration, NYTaxiMaxDuration].
	Duration int `json:"dropped_duration"`
}

// LoadNYTaxi reads the Kaggle "NYC Taxi Trip Duration" train.csv at path
// (gzip-compressed or plain, told apart by the gzip magic bytes), streaming
// it line by line, and builds the data set of models.md §9.3:
//
//   - a trip is kept only if its pickup and dropoff longitudes lie in
//     [-74.04, -73.75], its latitudes in [40.62, 40.86], the squared
//     distance (Δlon)² + (Δlat)² is at least 1e-5 degrees², and its duration,
//     recomputed as dropoff_datetime − pickup_datetime in seconds (the
//     trip_duration column is not used), lies in [30, 10800];
//   - X has eight columns, [pickup lon, pickup lat, dropoff lon, dropoff lat,
//     sin δ, cos δ, sin τ, cos τ], with δ = 2π·weekday/opt's period (Monday
//     = 0) and τ = 2π·(60·hour + minute)/1440, both of the pickup time;
//   - Y is the duration in seconds (no log transform).
//
// Columns are found by their header names, so extra or reordered columns
// are fine. Fields are split at commas (the Kaggle file has no quoting; a
// quote character is an error). Errors name the file, the line and the
// column: a missing column, a row with the wrong number of fields, a value
// that is not a number or not a timestamp. A file in which no row passes the
// filter is an error too. The counts are returned beside the data set.
func LoadNYTaxi(path string, opt NYTaxiOptions) (*Dataset, NYTaxiCounts, error) {
	var cnt NYTaxiCounts
	if p := opt.period(); p != 6 && p != 7 {
		return nil, cnt, fmt.Errorf("data: nytaxi weekday period %d: use 6 ([B]'s, the default) or 7", p)
	}
	f, err := openData(path, "give the Kaggle train.csv (plain or gzip) with data.path, or use the shipped sample "+NYTaxiSampleFile+" below the data directory")
	if err != nil {
		return nil, cnt, err
	}
	defer f.Close()
	br := bufio.NewReaderSize(f, 1<<20)
	var src io.Reader = br
	if magic, _ := br.Peek(2); len(magic) == 2 && magic[0] == 0x1f && magic[1] == 0x8b {
		zr, err := gzip.NewReader(br)
		if err != nil {
			return nil, cnt, &FileError{Path: path, Msg: "starts like a gzip file but its header is unreadable: " + err.Error(), Err: err}
		}
		defer zr.Close()
		src = zr
	}
	r := &nytaxiReader{path: path, in: bufio.NewReaderSize(src, 1<<20), period: float64(opt.period())}
	if err := r.readHeader(); err != nil {
		return nil, cnt, err
	}
	if err := r.readRows(); err != nil {
		return nil, cnt, err
	}
	cnt = r.cnt
	if cnt.Kept == 0 {
		return nil, cnt, &FileError{Path: path, Msg: fmt.Sprintf(
			"no trip passes the nytaxi filter (%d rows read: %s); check that this is the Kaggle NYC taxi train.csv",
			cnt.Read, cnt.DropSummary())}
	}
	return &Dataset{
		Name:   "nytaxi",
		X:      mat.NewDense(cnt.Kept, len(NYTaxiXNames), r.x),
		Y:      mat.NewDense(cnt.Kept, 1, r.y),
		XNames: append([]string(nil), NYTaxiXNames...),
		YName:  "duration_s",
		Source: path,
	}, cnt, nil
}

// DropSummary lists the drops per rule, e.g. "longitude 12, latitude 3,
// distance 40, duration 9".
func (c NYTaxiCounts) DropSummary() string {
	return fmt.Sprintf("dropped: longitude %d, latitude %d, distance %d, duration %d",
		c.Longitude, c.Latitude, c.Distance, c.Duration)
}

// keep applies the filter of models.md §9.3 to one trip and counts a drop
// under the first rule it breaks.
func (c *NYTaxiCounts) keep(plon, plat, dlon, dlat float64, dur int64) bool {
	inLon := func(v float64) bool { return v >= NYTaxiLonMin && v <= NYTaxiLonMax }
	inLat := func(v float64) bool { return v >= NYTaxiLatMin && v <= NYTaxiLatMax }
	dx, dy := plon-dlon, plat-dlat
	switch {
	case !inLon(plon) || !inLon(dlon):
		c.Longitude++
	case !inLat(plat) || !inLat(dlat):
		c.Latitude++
	case !(dx*dx+dy*dy >= NYTaxiMinSqDist):
		c.Distance++
	case dur < NYTaxiMinDuration || dur > NYTaxiMaxDuration:
		c.Duration++
	default:
		c.Kept++
		return true
	}
	return false
}

// nytaxiFeatures writes the eight inputs of one kept trip into dst.
func nytaxiFeatures(dst []float64, plon, plat, dlon, dlat float64, pick tripTime, period float64) {
	delta := 2 * math.Pi * float64(pick.weekday()) / period
	tau := 2 * math.Pi * float64(60*pick.hour+pick.minute) / 1440
	dst[0], dst[1], dst[2], dst[3] = plon, plat, dlon, dlat
	dst[4], dst[5] = math.Sincos(delta)
	dst[6], dst[7] = math.Sincos(tau)
}

// trimEOL removes a trailing "\n" or "\r\n".
func trimEOL(b []byte) []byte {
	b = bytes.TrimSuffix(b, []byte("\n"))
	return bytes.TrimSuffix(b, []byte("\r"))
}
