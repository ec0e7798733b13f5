package data

import (
	"bufio"
	"fmt"
	"io"
	"math"
	"math/rand/v2"
	"strconv"
	"time"
)

// NYTaxiFullRows is the number of data rows of the full Kaggle train.csv.
const NYTaxiFullRows = 1_458_644

// NYTaxiHeader is the header line of the Kaggle train.csv.
const NYTaxiHeader = "id,vendor_id,pickup_datetime,dropoff_datetime,passenger_count," +
	"pickup_longitude,pickup_latitude,dropoff_longitude,dropoff_latitude,store_and_fwd_flag,trip_duration"

// Synthetic rows that break a filter rule, by row index: row i breaks the
// longitude rule when i % synthLonEvery == 7, else the latitude rule when
// i % synthLatEvery == 3, else the distance rule when i % synthDistEvery ==
// 11, else the duration rule when i % synthDurEvery == 5 (about 1 %, 0.5 %,
// 0.67 % and 0.5 %: some 97.4 % of the rows are kept, as in the real file's
// 1,420,068 of 1,458,644).
const (
	synthLonEvery  = 100
	synthLatEvery  = 200
	synthDistEvery = 150
	synthDurEvery  = 200
)

// synthStart is the first pickup time of the synthetic trips (the Kaggle
// file covers January to June 2016), as seconds of the naive clock.
var synthStart = time.Date(2016, 1, 1, 0, 0, 0, 0, time.UTC).Unix()

// synthSpan is the span of the pickup times, 182 days.
const synthSpan = 182 * 86400

// synthHotspots are the centres (lon, lat), spreads (degrees) and weights
// of the synthetic pickup and dropoff locations: Midtown, Downtown, the
// Upper East and West sides, JFK and LaGuardia.
var synthHotspots = []struct{ lon, lat, sLon, sLat, w float64 }{
	{-73.982, 40.755, 0.012, 0.014, 0.45},
	{-74.005, 40.720, 0.010, 0.012, 0.2},
	{-73.958, 40.775, 0.010, 0.012, 0.12},
	{-73.978, 40.785, 0.010, 0.012, 0.12},
	{-73.785, 40.645, 0.006, 0.005, 0.05},
	{-73.872, 40.773, 0.004, 0.003, 0.06},
}

// WriteSynthNYTaxi writes a synthetic trip file with the Kaggle train.csv's
// columns and rows data rows to w, deterministic given seed: pickups and
// dropoffs around Manhattan's busy areas and the airports, pickup times over
// January to June 2016 (fewer at night), durations from the distance at a
// random speed, and, by row index (see synthLonEvery), rows outside each
// filter rule of LoadNYTaxi: a coordinate outside the box, pickup = dropoff,
// a duration under 30 s or over 3 h. It is for scale tests of the nytaxi
// data kind without the Kaggle file, not a model of the real trips.
func WriteSynthNYTaxi(w io.Writer, rows int, seed uint64) error {
	if rows < 0 {
		return fmt.Errorf("data: synthetic nytaxi: %d rows", rows)
	}
	bw := bufio.NewWriterSize(w, 1<<20)
	rng := rand.New(rand.NewPCG(seed, 0x7a41))
	bw.WriteString(NYTaxiHeader + "\n")
	var line []byte
	for i := 0; i < rows; i++ {
		line = appendSynthTrip(line[:0], rng, i)
		if _, err := bw.Write(line); err != nil {
			return err
		}
	}
	return bw.Flush()
}

// appendSynthTrip appends row i's line.
func appendSynthTrip(b []byte, rng *rand.Rand, i int) []byte {
	plon, plat := synthPlace(rng)
	dlon, dlat := synthPlace(rng)
	for (plon-dlon)*(plon-dlon)+(plat-dlat)*(plat-dlat) < 4*NYTaxiMinSqDist {
		dlon, dlat = synthPlace(rng)
	}
	// Distance in km (1° of latitude ≈ 111 km, of longitude ≈ 84 km here),
	// a speed of 10 + km km/h (longer trips take faster roads) with a
	// spread, a minute of overhead and a wait.
	km := math.Hypot(84*(plon-dlon), 111*(plat-dlat))
	speed := (10 + km) * math.Exp(0.35*rng.NormFloat64())
	dur := int64(60 + 3600*km/speed + 60*rng.ExpFloat64())
	dur = min(max(dur, NYTaxiMinDuration), NYTaxiMaxDuration)
	switch {
	case i%synthLonEvery == 7:
		if rng.IntN(2) == 0 {
			plon, plat = 0, 0 // a meter with no GPS fix
		} else {
			dlon = NYTaxiLonMax + 0.05 + 0.5*rng.Float64()
		}
	case i%synthLatEvery == 3:
		dlat = NYTaxiLatMax + 0.01 + 0.3*rng.Float64()
	case i%synthDistEvery == 11:
		dlon, dlat = plon, plat
	case i%synthDurEvery == 5:
		if rng.IntN(2) == 0 {
			dur = int64(rng.IntN(NYTaxiMinDuration))
		} else {
			dur = NYTaxiMaxDuration + 1 + int64(rng.IntN(80000))
		}
	}
	pick := synthStart + synthPickupOffset(rng)
	b = append(b, "id"...)
	b = strconv.AppendInt(b, int64(1000000+i), 10)
	b = append(b, ',', byte('1'+rng.IntN(2)), ',')
	b = appendNaiveTime(b, pick)
	b = append(b, ',')
	b = appendNaiveTime(b, pick+dur)
	b = append(b, ',', byte('1'+synthPassengers(rng)), ',')
	for k, v := range [4]float64{plon, plat, dlon, dlat} {
		if k > 0 {
			b = append(b, ',')
		}
		b = strconv.AppendFloat(b, v, 'f', 15, 64)
	}
	flag := byte('N')
	if rng.IntN(200) == 0 {
		flag = 'Y'
	}
	b = append(b, ',', flag, ',')
	b = strconv.AppendInt(b, dur, 10)
	return append(b, '\n')
}

// synthPlace draws a location from the hotspot mixture, inside the filter's
// box (drawn again until it is).
func synthPlace(rng *rand.Rand) (lon, lat float64) {
	for {
		u := rng.Float64()
		h := synthHotspots[len(synthHotspots)-1]
		for _, c := range synthHotspots {
			if u < c.w {
				h = c
				break
			}
			u -= c.w
		}
		lon = h.lon + h.sLon*rng.NormFloat64()
		lat = h.lat + h.sLat*rng.NormFloat64()
		if lon >= NYTaxiLonMin && lon <= NYTaxiLonMax && lat >= NYTaxiLatMin && lat <= NYTaxiLatMax {
			return lon, lat
		}
	}
}

// synthPickupOffset draws the pickup time's offset in seconds from
// synthStart: a uniform day and a time of day with fewer trips from 2 to
// 6 a.m.
func synthPickupOffset(rng *rand.Rand) int64 {
	for {
		t := rng.Int64N(synthSpan)
		hour := (t % 86400) / 3600
		if hour < 2 || hour >= 6 || rng.IntN(4) == 0 {
			return t
		}
	}
}

// synthPassengers draws passenger_count − 1 (mostly one passenger).
func synthPassengers(rng *rand.Rand) int {
	if rng.IntN(10) < 7 {
		return 0
	}
	return 1 + rng.IntN(5)
}

// appendNaiveTime appends the naive clock time sec (seconds since
// 1970-01-01 00:00:00) as YYYY-MM-DD HH:MM:SS.
func appendNaiveTime(b []byte, sec int64) []byte {
	return time.Unix(sec, 0).UTC().AppendFormat(b, time.DateTime)
}
