package data

import (
	"bufio"
	"bytes"
	"compress/gzip"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"os"
)

// IDX is one array read from a file in LeCun's IDX format (the MNIST files):
// unsigned bytes with their dimensions, row-major.
type IDX struct {
	// Dims are the array's dimensions, outermost first (e.g. 60000, 28, 28).
	Dims []int
	// Data holds the product of Dims bytes, row-major.
	Data []byte
}

// idxMaxBytes bounds what ReadIDX will allocate for one array (4 GiB): a
// corrupt header must give an error, not an attempt at a huge allocation.
const idxMaxBytes = 1 << 32

// ReadIDX reads an IDX file of unsigned bytes (type code 0x08), gzip
// compressed or not (told apart by the gzip magic bytes). wantDims, when
// positive, is the number of dimensions the caller expects. Errors name the
// file and say what was wrong: a bad magic number, a type other than
// unsigned bytes, dimensions that do not match, a truncated file or
// trailing bytes after the data.
func ReadIDX(path string, wantDims int) (*IDX, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	defer f.Close()
	br := bufio.NewReaderSize(f, 1<<16)
	var r io.Reader = br
	if head, _ := br.Peek(2); bytes.Equal(head, []byte{0x1f, 0x8b}) {
		zr, err := gzip.NewReader(br)
		if err != nil {
			return nil, fmt.Errorf("%s: not a readable gzip file: %v", path, err)
		}
		defer zr.Close()
		r = zr
	}
	idx, err := readIDX(r, wantDims)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	return idx, nil
}

// readIDX decodes one IDX stream.
func readIDX(r io.Reader, wantDims int) (*IDX, error) {
	var magic [4]byte
	if _, err := io.ReadFull(r, magic[:]); err != nil {
		return nil, fmt.Errorf("not an IDX file: %d-byte header missing (%v)", len(magic), err)
	}
	if magic[0] != 0 || magic[1] != 0 {
		return nil, fmt.Errorf("not an IDX file: magic number 0x%02x%02x%02x%02x does not start with two zero bytes", magic[0], magic[1], magic[2], magic[3])
	}
	if magic[2] != 0x08 {
		return nil, fmt.Errorf("IDX data type 0x%02x is not unsigned bytes (0x08)", magic[2])
	}
	nd := int(magic[3])
	if nd == 0 || (wantDims > 0 && nd != wantDims) {
		return nil, fmt.Errorf("IDX array has %d dimensions, want %d (magic number %d)", nd, wantDims, binary.BigEndian.Uint32(magic[:]))
	}
	dims := make([]int, nd)
	total := int64(1)
	for i := range dims {
		var b [4]byte
		if _, err := io.ReadFull(r, b[:]); err != nil {
			return nil, fmt.Errorf("truncated IDX header: dimension %d of %d missing", i+1, nd)
		}
		dims[i] = int(binary.BigEndian.Uint32(b[:]))
		total *= int64(dims[i])
		if total > idxMaxBytes {
			return nil, fmt.Errorf("IDX dimensions %v exceed %d bytes: corrupt header?", dims[:i+1], int64(idxMaxBytes))
		}
	}
	buf := make([]byte, total)
	if n, err := io.ReadFull(r, buf); err != nil {
		return nil, fmt.Errorf("truncated IDX data: %d of %d bytes for dimensions %v", n, total, dims)
	}
	var one [1]byte
	if n, err := r.Read(one[:]); n > 0 {
		return nil, fmt.Errorf("IDX file has bytes after the %d data bytes its header %v announces", total, dims)
	} else if err != nil && !errors.Is(err, io.EOF) {
		return nil, fmt.Errorf("reading past the IDX data: %v", err)
	}
	return &IDX{Dims: dims, Data: buf}, nil
}
