package paper

import (
	"cmp"
	"fmt"
	"slices"
	"strconv"
	"strings"
)

// distinctNames refuses empty or repeated names in the list option.
func distinctNames(option string, xs []string) error {
	for i, x := range xs {
		if strings.TrimSpace(x) == "" {
			return optErr(option, fmt.Sprintf(": empty name at position %d", i+1))
		}
		if slices.Contains(xs[:i], x) {
			return optErr(option, fmt.Sprintf(": %q appears twice", x))
		}
	}
	return nil
}

// naturalCompare orders strings with their digit runs compared as numbers,
// so that "dw2" < "dw10".
func naturalCompare(a, b string) int {
	for a != "" && b != "" {
		da, db := leadingDigits(a), leadingDigits(b)
		if da != "" && db != "" {
			na, _ := strconv.ParseUint(da, 10, 64)
			nb, _ := strconv.ParseUint(db, 10, 64)
			if c := cmp.Compare(na, nb); c != 0 {
				return c
			}
			a, b = a[len(da):], b[len(db):]
			continue
		}
		if a[0] != b[0] {
			return strings.Compare(a[:1], b[:1])
		}
		a, b = a[1:], b[1:]
	}
	return strings.Compare(a, b)
}

// leadingDigits returns the run of ASCII digits s starts with.
func leadingDigits(s string) string {
	i := 0
	for i < len(s) && s[i] >= '0' && s[i] <= '9' {
		i++
	}
	return s[:i]
}

// joinUints writes xs as "0, 2".
func joinUints(xs []uint64) string {
	parts := make([]string, len(xs))
	for i, x := range xs {
		parts[i] = strconv.FormatUint(x, 10)
	}
	return strings.Join(parts, ", ")
}

// joinFloats writes xs as "200, 400".
func joinFloats(xs []float64) string {
	parts := make([]string, len(xs))
	for i, x := range xs {
		parts[i] = strconv.FormatFloat(x, 'g', -1, 64)
	}
	return strings.Join(parts, ", ")
}
