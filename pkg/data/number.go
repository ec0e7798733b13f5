package data

import (
	"errors"
	"fmt"
	"strconv"
	"strings"
)

// parseNumber parses one numeric field of a data file. Only plain decimal
// and scientific notation is accepted (an optional sign, digits with an
// optional decimal point, an optional exponent): the other spellings
// strconv.ParseFloat takes (digit separators such as 1_000, hexadecimal
// floats such as 0x1p4, inf, Infinity, nan) are refused, so a value means
// the same to mgp as to the tool that wrote the file. On failure it returns
// a message saying what is wrong (empty msg means success).
func parseNumber(s string) (v float64, msg string) {
	s = strings.TrimSpace(s)
	if s == "" {
		return 0, "empty value (missing numbers are not supported)"
	}
	if !isPlainDecimal(s) {
		return 0, notPlainMessage(s)
	}
	v, err := strconv.ParseFloat(s, 64)
	if err != nil {
		if errors.Is(err, strconv.ErrRange) {
			return 0, fmt.Sprintf("value %q is out of the float64 range", s)
		}
		return 0, fmt.Sprintf("%q is not a number", s)
	}
	return v, ""
}

// notPlainMessage says why s, which is not plain decimal notation, is refused.
func notPlainMessage(s string) string {
	body := strings.ToLower(strings.TrimLeft(s, "+-"))
	switch {
	case body == "nan":
		return fmt.Sprintf("value %q is NaN (missing values are not supported; drop or impute them)", s)
	case body == "inf" || body == "infinity":
		return fmt.Sprintf("value %q is infinite", s)
	case strings.HasPrefix(body, "0x"):
		return fmt.Sprintf("%q is not a number: hexadecimal notation is not accepted; write the value in decimal", s)
	case strings.Contains(s, "_"):
		return fmt.Sprintf("%q is not a number: digit separators (_) are not accepted; write the digits without them", s)
	}
	return fmt.Sprintf("%q is not a number", s)
}

// isPlainDecimal reports whether s is [+-] digits [. digits] [(e|E) [+-] digits],
// with at least one digit before the exponent (".5" and "5." are accepted).
func isPlainDecimal(s string) bool {
	i := 0
	if i < len(s) && (s[i] == '+' || s[i] == '-') {
		i++
	}
	digits := 0
	for i < len(s) && isDigit(s[i]) {
		i++
		digits++
	}
	if i < len(s) && s[i] == '.' {
		i++
		for i < len(s) && isDigit(s[i]) {
			i++
			digits++
		}
	}
	if digits == 0 {
		return false
	}
	if i < len(s) && (s[i] == 'e' || s[i] == 'E') {
		i++
		if i < len(s) && (s[i] == '+' || s[i] == '-') {
			i++
		}
		exp := 0
		for i < len(s) && isDigit(s[i]) {
			i++
			exp++
		}
		if exp == 0 {
			return false
		}
	}
	return i == len(s)
}

func isDigit(c byte) bool { return c >= '0' && c <= '9' }
