package data

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/mgpteam/mgp/internal/shareddata"
)

// writeMNIST writes a tiny MNIST directory: images whose pixels are all
// equal to their record's value, with the given labels.
func writeMNIST(t *testing.T, dir string, trainLabels, testLabels []byte) {
	t.Helper()
	for k, labels := range [][]byte{trainLabels, testLabels} {
		img := make([]byte, len(labels)*MNISTPixels)
		for i := range labels {
			for j := range MNISTPixels {
				img[i*MNISTPixels+j] = byte(50*k + 10*i + j%2)
			}
		}
		writeBytes(t, dir, mnistFiles[k][0], gzipped(t, idxBytes([]int{len(labels), 28, 28}, img)))
		writeBytes(t, dir, mnistFiles[k][1], gzipped(t, idxBytes([]int{len(labels)}, labels)))
	}
}

func TestLoadMNISTPoolsOneHotAndScales(t *testing.T) {
	dir := t.TempDir()
	writeMNIST(t, dir, []byte{3, 0, 9}, []byte{7, 3})
	ds, err := LoadMNIST(dir)
	if err != nil {
		t.Fatal(err)
	}
	if ds.N() != 5 || ds.Dx() != 10 || ds.Dy() != 784 {
		t.Fatalf("got %d rows, %d inputs, %d outputs; want 5, 10, 784", ds.N(), ds.Dx(), ds.Dy())
	}
	wantLabels := []int{3, 0, 9, 7, 3}
	wantBase := []float64{0, 10, 20, 50, 60}
	for i, l := range wantLabels {
		for c := range 10 {
			want := 0.0
			if c == l {
				want = 1
			}
			if ds.X.At(i, c) != want {
				t.Errorf("row %d: x[%d] = %g, want %g (label %d)", i, c, ds.X.At(i, c), want, l)
			}
		}
		if got, want := ds.Y.At(i, 0), wantBase[i]/255; got != want {
			t.Errorf("row %d pixel 0 = %g, want %g", i, got, want)
		}
		if got, want := ds.Y.At(i, 783), (wantBase[i]+1)/255; got != want {
			t.Errorf("row %d pixel 783 = %g, want %g", i, got, want)
		}
	}
	if names := strings.Split(ds.YName, ","); len(names) != 784 || names[783] != "px783" {
		t.Errorf("output names: %d, last %q", len(names), names[len(names)-1])
	}
}

func TestLoadMNISTRefusesInconsistentFiles(t *testing.T) {
	dir := t.TempDir()
	writeMNIST(t, dir, []byte{3, 0, 9}, []byte{7, 3})
	labels := filepath.Join(dir, mnistFiles[1][1])
	writeBytes(t, dir, mnistFiles[1][1], gzipped(t, idxBytes([]int{3}, []byte{1, 2, 3})))
	if _, err := LoadMNIST(dir); err == nil || !strings.Contains(err.Error(), "has 3 labels but") || !strings.Contains(err.Error(), labels) {
		t.Errorf("count mismatch: got %v", err)
	}
	writeBytes(t, dir, mnistFiles[1][1], gzipped(t, idxBytes([]int{2}, []byte{1, 12})))
	if _, err := LoadMNIST(dir); err == nil || !strings.Contains(err.Error(), "label 12 of record 1") {
		t.Errorf("bad label: got %v", err)
	}
	_ = os.Remove(labels)
	if _, err := LoadMNIST(dir); err == nil || !strings.Contains(err.Error(), labels) {
		t.Errorf("missing file: got %v", err)
	}
}

// TestLoadMNISTShared reads the shipped files: 70,000 images, the class
// counts LeCun publishes for the pooled set, pixels in [0, 1].
func TestLoadMNISTShared(t *testing.T) {
	ds, err := LoadMNIST(shareddata.Path(t, "mnist"))
	if err != nil {
		t.Fatal(err)
	}
	if ds.N() != 70000 {
		t.Fatalf("%d images, want 70000", ds.N())
	}
	counts := make([]int, 10)
	for i := range ds.N() {
		for c := range 10 {
			if ds.X.At(i, c) == 1 {
				counts[c]++
			}
		}
	}
	want := []int{6903, 7877, 6990, 7141, 6824, 6313, 6876, 7293, 6825, 6958}
	for c := range want {
		if counts[c] != want[c] {
			t.Errorf("class %d: %d images, want %d", c, counts[c], want[c])
		}
	}
	lo, hi := 1.0, 0.0
	for _, v := range ds.Y.RawMatrix().Data {
		lo, hi = min(lo, v), max(hi, v)
	}
	if lo != 0 || hi != 1 {
		t.Errorf("pixels in [%g, %g], want [0, 1]", lo, hi)
	}
}

// TestLoadMNISTRefusesEmptyAndMisshapen: valid IDX files holding zero
// images, and images of 16×49 pixels (784 in all), are refused with a
// FileError naming the image file, not a panic.
func TestLoadMNISTRefusesEmptyAndMisshapen(t *testing.T) {
	dir := t.TempDir()
	writeMNIST(t, dir, []byte{}, []byte{})
	var fe *FileError
	if _, err := LoadMNIST(dir); !errors.As(err, &fe) || !strings.Contains(err.Error(), "no images") || !strings.Contains(err.Error(), mnistFiles[0][0]) {
		t.Errorf("zero images: err = %v, want a FileError naming the file", err)
	}
	writeMNIST(t, dir, []byte{1}, []byte{2})
	writeBytes(t, dir, mnistFiles[0][0], gzipped(t, idxBytes([]int{1, 16, 49}, make([]byte, MNISTPixels))))
	if _, err := LoadMNIST(dir); !errors.As(err, &fe) || !strings.Contains(err.Error(), "16×49") {
		t.Errorf("16×49 images: err = %v, want a FileError saying 16×49", err)
	}
}
