package checkpoint

import (
	"bufio"
	"crypto/sha256"
	"encoding/binary"
	"encoding/hex"
	"errors"
	"fmt"
	"hash"
	"io"
	"math"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/mgpteam/mgp/pkg/results"
	"github.com/mgpteam/mgp/pkg/rundir"
)

// A large checkpoint keeps its float arrays (parameters, Adam moments,
// the held-out selection's parameters) in a binary file beside
// checkpoint.json, its arrays file, and checkpoint.json keeps the rest
// with the arrays file's name, size and SHA-256 (ArraysRef) under its own
// checksum. The arrays file is named after its content's hash,
// checkpoint-<16 hex digits>.bin, and is written (atomically) before the
// JSON that names it, so a kill between the two leaves the old JSON with
// its old arrays file; the arrays files no checkpoint.json names any more
// are removed after the JSON is written.
//
// Layout, every integer little-endian:
//
//	8 bytes   magic "MGPARR01"
//	uint64    number of arrays
//	per array, in increasing order of name:
//	  uint32  length of the name, then the name (UTF-8): "params/" plus
//	          the parameter's name, "adam.m/", "adam.v/" or "selection/"
//	  uint64  rows, uint64 cols
//	  rows*cols float64 values (IEEE 754 bits), row-major
const arraysMagic = "MGPARR01"

// ArraysMinValues is the number of float values from which Save keeps
// them in an arrays file (a toy's checkpoint stays one readable JSON
// file). A variable so that tests (train's, which exercise arrays files on
// toy runs) can lower it; programs leave it as it is.
var ArraysMinValues = 1 << 16

// Prefixes of the array names in an arrays file.
const (
	prefixParams    = "params/"
	prefixAdamM     = "adam.m/"
	prefixAdamV     = "adam.v/"
	prefixSelection = "selection/"
)

// ArraysRef is what checkpoint.json records of its arrays file.
type ArraysRef struct {
	// File is the arrays file's name, in checkpoint.json's directory.
	File string `json:"file"`
	// SHA256 is "sha256:" and the hex SHA-256 of the whole file.
	SHA256 string `json:"sha256"`
	// Bytes is its size and Count the number of arrays it holds.
	Bytes int64 `json:"bytes"`
	Count int   `json:"count"`
}

// namedArray is one array of an arrays file.
type namedArray struct {
	name       string
	rows, cols int
	data       []float64
}

// arrays lists ck's float arrays by name, in the arrays file's order.
func (ck *Checkpoint) arrays() []namedArray {
	var out []namedArray
	for n, x := range ck.Params {
		out = append(out, namedArray{prefixParams + n, x.Rows, x.Cols, x.Data})
	}
	if ck.State != nil {
		for n, v := range ck.State.Adam.M {
			out = append(out, namedArray{prefixAdamM + n, len(v), 1, v})
		}
		for n, v := range ck.State.Adam.V {
			out = append(out, namedArray{prefixAdamV + n, len(v), 1, v})
		}
	}
	if ck.Selection != nil {
		for n, x := range ck.Selection.Params {
			out = append(out, namedArray{prefixSelection + n, x.Rows, x.Cols, x.Data})
		}
	}
	slices.SortFunc(out, func(a, b namedArray) int { return strings.Compare(a.name, b.name) })
	return out
}

// countValues is the number of float values in as.
func countValues(as []namedArray) int {
	n := 0
	for _, a := range as {
		n += len(a.data)
	}
	return n
}

// withoutArrays returns a copy of ck without its float arrays, recording
// ref instead; ck is left as it is.
func (ck *Checkpoint) withoutArrays(ref *ArraysRef) *Checkpoint {
	c := *ck
	c.Params, c.Arrays = nil, ref
	if ck.State != nil {
		st := *ck.State
		st.Adam.M, st.Adam.V = nil, nil
		c.State = &st
	}
	if ck.Selection != nil {
		sel := *ck.Selection
		sel.Params = nil
		c.Selection = &sel
	}
	return &c
}

// hashWriter counts and hashes what passes through it to w.
type hashWriter struct {
	w io.Writer
	h hash.Hash
	n int64
}

// Write writes p to w and to the hash.
func (hw *hashWriter) Write(p []byte) (int, error) {
	n, err := hw.w.Write(p)
	hw.h.Write(p[:n])
	hw.n += int64(n)
	return n, err
}

// writeArrays streams as into a new arrays file in dir, hashing as it
// goes, and returns its reference.
func writeArrays(dir string, as []namedArray) (*ArraysRef, error) {
	ref := &ArraysRef{Count: len(as)}
	_, err := results.WriteFileAtomicNamed(dir, rundir.ArraysTempBase, func(f io.Writer) (string, error) {
		hw := &hashWriter{w: f, h: sha256.New()}
		bw := bufio.NewWriterSize(hw, 1<<20)
		buf := make([]byte, 0, 8192)
		buf = append(buf, arraysMagic...)
		buf = binary.LittleEndian.AppendUint64(buf, uint64(len(as)))
		for _, a := range as {
			buf = binary.LittleEndian.AppendUint32(buf, uint32(len(a.name)))
			buf = append(buf, a.name...)
			buf = binary.LittleEndian.AppendUint64(buf, uint64(a.rows))
			buf = binary.LittleEndian.AppendUint64(buf, uint64(a.cols))
			for _, v := range a.data {
				if len(buf)+8 > cap(buf) {
					if _, err := bw.Write(buf); err != nil {
						return "", err
					}
					buf = buf[:0]
				}
				buf = binary.LittleEndian.AppendUint64(buf, math.Float64bits(v))
			}
		}
		if _, err := bw.Write(buf); err != nil {
			return "", err
		}
		if err := bw.Flush(); err != nil {
			return "", err
		}
		sum := hex.EncodeToString(hw.h.Sum(nil))
		ref.SHA256, ref.Bytes = "sha256:"+sum, hw.n
		ref.File = rundir.ArraysFileName(sum)
		return ref.File, nil
	})
	if err != nil {
		return nil, fmt.Errorf("writing the checkpoint's arrays file: %w", err)
	}
	return ref, nil
}

// checkArraysFile checks, without reading it, that the arrays file ref
// names is in dir with the recorded size.
func checkArraysFile(dir string, ref *ArraysRef) error {
	if !rundir.IsArraysFile(ref.File) {
		return fmt.Errorf("its arrays file name %q is malformed", ref.File)
	}
	st, err := os.Stat(filepath.Join(dir, ref.File))
	if errors.Is(err, os.ErrNotExist) {
		return fmt.Errorf("its arrays file %s is missing", ref.File)
	}
	if err != nil {
		return fmt.Errorf("its arrays file %s cannot be read: %v", ref.File, err)
	}
	if st.Size() != ref.Bytes {
		return fmt.Errorf("its arrays file %s holds %d bytes, %d recorded: it was changed or damaged after it was written", ref.File, st.Size(), ref.Bytes)
	}
	return nil
}
