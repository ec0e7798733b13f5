package compare

import (
	"bufio"
	"bytes"
	"io"
	"math"
	"os"
	"strings"
	"unicode/utf8"

	"gonum.org/v1/gonum/mat"
)

// MaxAbsValue bounds the values a compared column may hold: larger ones
// overflow the statistics of standardisation.
const MaxAbsValue = 1e150

// checkEncoding refuses a file that is not UTF-8 text: a UTF-16 one (a
// byte-order mark, or NUL bytes in its first 64 KiB) or one whose header
// is not valid UTF-8 (Latin-1, say), before any column name is used.
func checkEncoding(path string) error {
	f, err := os.Open(path)
	if err != nil {
		return err
	}
	defer f.Close()
	head := make([]byte, 64<<10)
	n, err := io.ReadFull(f, head)
	if err != nil && err != io.ErrUnexpectedEOF && err != io.EOF {
		return err
	}
	head = head[:n]
	switch {
	case bytes.HasPrefix(head, []byte{0xff, 0xfe}), bytes.HasPrefix(head, []byte{0xfe, 0xff}):
		return optionErrorf("data", " %s is UTF-16 text: save it as UTF-8 (e.g. iconv -f UTF-16 -t UTF-8)", path)
	case bytes.IndexByte(head, 0) >= 0:
		return optionErrorf("data", " %s holds NUL bytes: it is not a text CSV file (UTF-16? save it as UTF-8)", path)
	}
	line, _ := bufio.NewReader(bytes.NewReader(head)).ReadBytes('\n')
	if !utf8.Valid(line) {
		return optionErrorf("data", " %s: its header is not UTF-8 (Latin-1?): save the file as UTF-8 (e.g. iconv -f LATIN1 -t UTF-8)", path)
	}
	return nil
}

// checkHeader refuses, among the columns read (indices into h), an empty
// column name and a name the header gives twice, which would otherwise
// reach the training runs. Columns not read may be unnamed (R's write.csv
// leaves its row-name column so).
func checkHeader(path string, h []string, read []int) error {
	for _, j := range read {
		name := strings.TrimSpace(h[j])
		if name == "" {
			return optionErrorf("data", " %s: column %d has no name in the header: name it, or leave it out of the inputs", path, j+1)
		}
		for k, other := range h {
			if k != j && strings.TrimSpace(other) == name {
				return optionErrorf("data", " %s: column %q appears twice in the header", path, name)
			}
		}
	}
	return nil
}

// checkMagnitude refuses values of magnitude MaxAbsValue or more in the
// columns read (names in column order).
func checkMagnitude(path string, m *mat.Dense, names []string) error {
	r, c := m.Dims()
	for i := range r {
		for j := range c {
			if v := m.At(i, j); math.Abs(v) >= MaxAbsValue {
				return optionErrorf("data", " %s: column %q holds %g (data row %d), too large to standardise: rescale it (e.g. to other units) so that its values stay well below %g",
					path, names[j], v, i+1, MaxAbsValue)
			}
		}
	}
	return nil
}

// checkTargetSpread refuses a target column that does not vary: constant
// values, or differences so small that their variance underflows to 0.
// Every run would fail standardising it (dividing by a zero standard
// deviation), so compare refuses it before any run.
func checkTargetSpread(path, target string, m *mat.Dense) error {
	r, c := m.Dims()
	mean := 0.0
	for i := range r {
		mean += m.At(i, c-1)
	}
	mean /= float64(r)
	v := 0.0
	for i := range r {
		d := m.At(i, c-1) - mean
		v += d * d
	}
	if v > 0 && !math.IsInf(v, 0) && !math.IsNaN(v) {
		return nil
	}
	what := "takes one value"
	for i := 1; i < r; i++ {
		if m.At(i, c-1) != m.At(0, c-1) {
			what = "varies too little for its variance to be a number (it underflows)"
			break
		}
	}
	return optionErrorf("target", " %q: %s's target %s: there is nothing to predict; check the column, or rescale it", target, path, what)
}
