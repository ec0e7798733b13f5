package checkpoint

import (
	"bufio"
	"crypto/sha256"
	"encoding/binary"
	"encoding/hex"
	"fmt"
	"io"
	"math"
	"os"
	"path/filepath"
	"strings"
)

// maxArrayName bounds an array name's length in an arrays file.
const maxArrayName = 4096

// readArrays streams the arrays file ref names from dir, hashing as it
// goes, and returns its arrays once the whole file matches ref's size and
// SHA-256. The error says what is wrong, for a CorruptError.
func readArrays(dir string, ref *ArraysRef) ([]namedArray, error) {
	if err := checkArraysFile(dir, ref); err != nil {
		return nil, err
	}
	f, err := os.Open(filepath.Join(dir, ref.File))
	if err != nil {
		return nil, fmt.Errorf("its arrays file %s cannot be read: %v", ref.File, err)
	}
	defer f.Close()
	h := sha256.New()
	r := bufio.NewReaderSize(io.TeeReader(io.LimitReader(f, ref.Bytes), h), 1<<20)
	damaged := func(what string) error {
		return fmt.Errorf("its arrays file %s is damaged (%s)", ref.File, what)
	}
	left := ref.Bytes // bytes not yet read, to bound allocations
	buf := make([]byte, 1<<16)
	read := func(n int) ([]byte, error) {
		if int64(n) > left {
			return nil, damaged("cut off")
		}
		if _, err := io.ReadFull(r, buf[:n]); err != nil {
			return nil, damaged("cut off")
		}
		left -= int64(n)
		return buf[:n], nil
	}
	b, err := read(16)
	if err != nil {
		return nil, err
	}
	if string(b[:8]) != arraysMagic {
		return nil, damaged("not an arrays file")
	}
	count := binary.LittleEndian.Uint64(b[8:])
	if count != uint64(ref.Count) || count > uint64(left)/20 {
		return nil, damaged(fmt.Sprintf("%d arrays, %d recorded", count, ref.Count))
	}
	out := make([]namedArray, 0, count)
	for range count {
		if b, err = read(4); err != nil {
			return nil, err
		}
		nl := binary.LittleEndian.Uint32(b)
		if nl == 0 || nl > maxArrayName {
			return nil, damaged("bad name length")
		}
		if b, err = read(int(nl)); err != nil {
			return nil, err
		}
		a := namedArray{name: string(b)}
		if b, err = read(16); err != nil {
			return nil, err
		}
		rows, cols := binary.LittleEndian.Uint64(b), binary.LittleEndian.Uint64(b[8:])
		room := uint64(left) / 8
		if rows > room || cols > room || (rows > 0 && cols > room/rows) {
			return nil, damaged(fmt.Sprintf("array %q of %dx%d values", a.name, rows, cols))
		}
		a.rows, a.cols = int(rows), int(cols)
		a.data = make([]float64, rows*cols)
		for i := 0; i < len(a.data); {
			n := min(len(a.data)-i, len(buf)/8)
			if b, err = read(8 * n); err != nil {
				return nil, err
			}
			for j := range n {
				a.data[i+j] = math.Float64frombits(binary.LittleEndian.Uint64(b[8*j:]))
			}
			i += n
		}
		out = append(out, a)
	}
	if left != 0 {
		return nil, damaged(fmt.Sprintf("%d bytes after the last array", left))
	}
	if got := "sha256:" + hex.EncodeToString(h.Sum(nil)); got != ref.SHA256 {
		return nil, fmt.Errorf("its arrays file %s does not match the SHA-256 its checkpoint records (%s recorded, %s now): it was changed or damaged after it was written, or belongs to another checkpoint",
			ref.File, Abbrev(ref.SHA256), Abbrev(got))
	}
	return out, nil
}

// setArrays puts the arrays read from ck's arrays file back in ck.
func (ck *Checkpoint) setArrays(as []namedArray) error {
	ck.Params = map[string]Matrix{}
	var sel map[string]Matrix
	for _, a := range as {
		prefix, name, _ := strings.Cut(a.name, "/")
		prefix += "/"
		var m map[string][]float64
		switch prefix {
		case prefixParams:
			ck.Params[name] = Matrix{Rows: a.rows, Cols: a.cols, Data: a.data}
			continue
		case prefixSelection:
			if sel == nil {
				sel = map[string]Matrix{}
			}
			sel[name] = Matrix{Rows: a.rows, Cols: a.cols, Data: a.data}
			continue
		case prefixAdamM, prefixAdamV:
			if ck.State == nil {
				return fmt.Errorf("its arrays file %s holds optimiser moments but the checkpoint no training state", ck.Arrays.File)
			}
			if ck.State.Adam.M == nil {
				ck.State.Adam.M, ck.State.Adam.V = map[string][]float64{}, map[string][]float64{}
			}
			m = ck.State.Adam.M
			if prefix == prefixAdamV {
				m = ck.State.Adam.V
			}
		default:
			return fmt.Errorf("its arrays file %s holds an array of unknown kind %q", ck.Arrays.File, a.name)
		}
		m[name] = a.data
	}
	if sel != nil {
		if ck.Selection == nil {
			return fmt.Errorf("its arrays file %s holds selected parameters but the checkpoint no selection", ck.Arrays.File)
		}
		ck.Selection.Params = sel
	}
	return nil
}
