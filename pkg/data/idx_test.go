package data

import (
	"bytes"
	"compress/gzip"
	"encoding/binary"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// idxBytes encodes data as an IDX array of unsigned bytes with dims.
func idxBytes(dims []int, data []byte) []byte {
	var b bytes.Buffer
	b.Write([]byte{0, 0, 0x08, byte(len(dims))})
	for _, d := range dims {
		_ = binary.Write(&b, binary.BigEndian, uint32(d))
	}
	b.Write(data)
	return b.Bytes()
}

// gzipped compresses b.
func gzipped(t *testing.T, b []byte) []byte {
	t.Helper()
	var out bytes.Buffer
	w := gzip.NewWriter(&out)
	if _, err := w.Write(b); err != nil {
		t.Fatal(err)
	}
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	return out.Bytes()
}

// writeBytes writes b to name in dir and returns the path.
func writeBytes(t *testing.T, dir, name string, b []byte) string {
	t.Helper()
	p := filepath.Join(dir, name)
	if err := os.WriteFile(p, b, 0o644); err != nil {
		t.Fatal(err)
	}
	return p
}

func TestReadIDXPlainAndGzip(t *testing.T) {
	dir := t.TempDir()
	data := []byte{1, 2, 3, 4, 5, 6}
	raw := idxBytes([]int{2, 3}, data)
	for name, b := range map[string][]byte{"plain.idx": raw, "packed.idx.gz": gzipped(t, raw)} {
		idx, err := ReadIDX(writeBytes(t, dir, name, b), 2)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		if len(idx.Dims) != 2 || idx.Dims[0] != 2 || idx.Dims[1] != 3 || !bytes.Equal(idx.Data, data) {
			t.Errorf("%s: got dims %v data %v", name, idx.Dims, idx.Data)
		}
	}
}

func TestReadIDXRefusesBadFiles(t *testing.T) {
	dir := t.TempDir()
	good := idxBytes([]int{2, 3}, []byte{1, 2, 3, 4, 5, 6})
	cases := []struct {
		name string
		b    []byte
		dims int
		want string
	}{
		{"truncated", good[:len(good)-2], 2, "truncated IDX data: 4 of 6 bytes"},
		{"truncated-gz", gzipped(t, good[:len(good)-1]), 2, "truncated IDX data"},
		{"header", good[:6], 2, "truncated IDX header"},
		{"magic", append([]byte{1, 0}, good[2:]...), 2, "not an IDX file"},
		{"type", append([]byte{0, 0, 0x0d}, good[3:]...), 2, "not unsigned bytes"},
		{"dims", good, 3, "has 2 dimensions, want 3"},
		{"trailing", append(append([]byte{}, good...), 9), 2, "bytes after the 6 data bytes"},
		{"empty", nil, 2, "header missing"},
		{"huge", idxBytes([]int{1 << 20, 1 << 20, 1 << 20}, nil), 3, "corrupt header"},
	}
	for _, c := range cases {
		p := writeBytes(t, dir, c.name, c.b)
		_, err := ReadIDX(p, c.dims)
		if err == nil || !strings.Contains(err.Error(), c.want) || !strings.Contains(err.Error(), p) {
			t.Errorf("%s: got %v, want an error naming %s and saying %q", c.name, err, p, c.want)
		}
	}
}
