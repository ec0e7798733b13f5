package data

import (
	"crypto/sha256"
	"encoding/binary"
	"encoding/hex"
	"hash"
	"math"

	"gonum.org/v1/gonum/mat"
)

// dataHasher builds a data fingerprint: matrices, index lists and strings,
// each tagged and length-prefixed so that no two inputs share a stream.
type dataHasher struct{ h hash.Hash }

func newDataHasher() *dataHasher { return &dataHasher{h: sha256.New()} }

func (d *dataHasher) u64(v uint64) {
	var b [8]byte
	binary.LittleEndian.PutUint64(b[:], v)
	d.h.Write(b[:])
}

func (d *dataHasher) str(s string) {
	d.u64(uint64(len(s)))
	d.h.Write([]byte(s))
}

func (d *dataHasher) strs(tag string, ss []string) {
	d.str(tag)
	d.u64(uint64(len(ss)))
	for _, s := range ss {
		d.str(s)
	}
}

func (d *dataHasher) matrix(tag string, m *mat.Dense) {
	d.str(tag)
	if m == nil {
		d.u64(math.MaxUint64)
		return
	}
	r, c := m.Dims()
	d.u64(uint64(r))
	d.u64(uint64(c))
	for i := range r {
		for _, v := range m.RawRowView(i) {
			d.u64(math.Float64bits(v))
		}
	}
}

func (d *dataHasher) ints(tag string, xs []int) {
	d.str(tag)
	d.u64(uint64(len(xs)))
	for _, x := range xs {
		d.u64(uint64(x))
	}
}

func (d *dataHasher) sum() string { return "sha256:" + hex.EncodeToString(d.h.Sum(nil)) }

// dataFingerprint is the data fingerprint of a UCI, CSV, mnist or nytaxi
// run: the data set's content as read (every value bit for bit, the column
// names) and the split made of it (the training and test row indices in
// order), so that a data file edited between two runs, or a split drawn
// otherwise, changes it, while moving the file does not. Statistics and
// the held-out-selection split follow from these and the config.
func dataFingerprint(ds *Dataset, sp Split) string {
	d := newDataHasher()
	d.str("mgp data v1")
	d.matrix("x", ds.X)
	d.matrix("y", ds.Y)
	d.strs("x names", ds.XNames)
	d.str(ds.YName)
	d.ints("train rows", sp.Train)
	d.ints("test rows", sp.Test)
	return d.sum()
}

// toyFingerprint is the data fingerprint of a toy run: the generated
// training draw and the held-out draw.
func toyFingerprint(train, test *Dataset) string {
	d := newDataHasher()
	d.str("mgp toy v1")
	d.matrix("x", train.X)
	d.matrix("y", train.Y)
	d.matrix("test x", test.X)
	d.matrix("test y", test.Y)
	return d.sum()
}
