package data

import "fmt"

// tripTime is one parsed timestamp "YYYY-MM-DD HH:MM:SS" (local NYC time,
// no zone): the whole days since 1970-01-01 and the clock fields.
type tripTime struct {
	days                 int64 // days since 1970-01-01 of the date
	hour, minute, second int
}

// seconds returns the timestamp as seconds since 1970-01-01 00:00:00 of the
// same naive clock, so the difference of two is the elapsed wall-clock time
// (models.md §9.3: duration = dropoff − pickup, as [B]'s naive pandas
// timestamps give it).
func (t tripTime) seconds() int64 {
	return t.days*86400 + int64(t.hour)*3600 + int64(t.minute)*60 + int64(t.second)
}

// weekday returns the day of the week with Monday = 0 … Sunday = 6
// (models.md §9.3). 1970-01-01 was a Thursday (3).
func (t tripTime) weekday() int {
	w := (t.days + 3) % 7
	if w < 0 {
		w += 7
	}
	return int(w)
}

// parseTripTime parses b, which must be exactly "YYYY-MM-DD HH:MM:SS" with
// a valid calendar date and clock time. On failure it returns a message
// saying what is wrong.
func parseTripTime(b []byte) (tripTime, string) {
	if len(b) != 19 || b[4] != '-' || b[7] != '-' || b[10] != ' ' || b[13] != ':' || b[16] != ':' {
		return tripTime{}, fmt.Sprintf("%q is not a timestamp of the form YYYY-MM-DD HH:MM:SS", b)
	}
	var f [6]int
	for k, span := range [6][2]int{{0, 4}, {5, 7}, {8, 10}, {11, 13}, {14, 16}, {17, 19}} {
		v := 0
		for _, c := range b[span[0]:span[1]] {
			if c < '0' || c > '9' {
				return tripTime{}, fmt.Sprintf("%q is not a timestamp of the form YYYY-MM-DD HH:MM:SS", b)
			}
			v = 10*v + int(c-'0')
		}
		f[k] = v
	}
	y, mo, d := f[0], f[1], f[2]
	if mo < 1 || mo > 12 || d < 1 || d > daysIn(y, mo) || f[3] > 23 || f[4] > 59 || f[5] > 59 {
		return tripTime{}, fmt.Sprintf("%q is not a valid date and time", b)
	}
	return tripTime{days: daysFromCivil(y, mo, d), hour: f[3], minute: f[4], second: f[5]}, ""
}

// daysIn returns the number of days of month mo (1..12) of year y in the
// proleptic Gregorian calendar.
func daysIn(y, mo int) int {
	switch mo {
	case 2:
		if y%4 == 0 && (y%100 != 0 || y%400 == 0) {
			return 29
		}
		return 28
	case 4, 6, 9, 11:
		return 30
	}
	return 31
}

// daysFromCivil returns the number of days from 1970-01-01 to y-mo-d in the
// proleptic Gregorian calendar (negative before 1970), by counting in
// 400-year eras that start on 1 March.
func daysFromCivil(y, mo, d int) int64 {
	if mo <= 2 {
		y--
	}
	era := y / 400
	if y < 0 && y%400 != 0 {
		era--
	}
	yoe := y - era*400 // [0, 399]
	mp := (mo + 9) % 12
	doy := (153*mp+2)/5 + d - 1            // [0, 365]
	doe := yoe*365 + yoe/4 - yoe/100 + doy // [0, 146096]
	return int64(era)*146097 + int64(doe) - 719468
}
