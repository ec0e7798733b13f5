package data

import (
	"fmt"
	"path/filepath"

	"gonum.org/v1/gonum/mat"
)

// MNIST file names as LeCun publishes them (gzip compressed).
var mnistFiles = [2][2]string{
	{"train-images-idx3-ubyte.gz", "train-labels-idx1-ubyte.gz"},
	{"t10k-images-idx3-ubyte.gz", "t10k-labels-idx1-ubyte.gz"},
}

// MNIST sizes: 28×28 pixels, 10 classes.
const (
	MNISTPixels  = 28 * 28
	MNISTClasses = 10
)

// LoadMNIST reads the four LeCun IDX files in dir and pools the training
// and test images in file order (models.md §9.4: all 70,000 images, split
// at random later). The inputs are the one-hot labels (N×10), the outputs
// the pixels divided by 255 (N×784, in [0, 1], not standardised: A-44).
// Errors name the file: a missing or truncated file, a wrong magic number
// or image size (28×28 exactly), an image file holding no images, label
// and image counts that differ, a label outside 0-9.
func LoadMNIST(dir string) (*Dataset, error) {
	var images, labels [][]byte
	for _, pair := range mnistFiles {
		imgPath, labPath := filepath.Join(dir, pair[0]), filepath.Join(dir, pair[1])
		img, err := ReadIDX(imgPath, 3)
		if err != nil {
			return nil, fmt.Errorf("mnist: %w", err)
		}
		if img.Dims[1] != 28 || img.Dims[2] != 28 {
			return nil, &FileError{Path: imgPath, Msg: fmt.Sprintf("mnist: images are %d×%d, want 28×28", img.Dims[1], img.Dims[2])}
		}
		if img.Dims[0] == 0 {
			return nil, &FileError{Path: imgPath, Msg: "mnist: the file holds no images: put the full LeCun MNIST files there"}
		}
		lab, err := ReadIDX(labPath, 1)
		if err != nil {
			return nil, fmt.Errorf("mnist: %w", err)
		}
		if lab.Dims[0] != img.Dims[0] {
			return nil, fmt.Errorf("mnist: %s has %d labels but %s has %d images", labPath, lab.Dims[0], imgPath, img.Dims[0])
		}
		for i, l := range lab.Data {
			if l >= MNISTClasses {
				return nil, fmt.Errorf("mnist: %s: label %d of record %d is not a digit 0-9", labPath, l, i)
			}
		}
		images = append(images, img.Data)
		labels = append(labels, lab.Data)
	}
	n := len(labels[0]) + len(labels[1])
	x := mat.NewDense(n, MNISTClasses, nil)
	y := mat.NewDense(n, MNISTPixels, nil)
	row := 0
	for k := range labels {
		for i, l := range labels[k] {
			x.Set(row, int(l), 1)
			dst := y.RawRowView(row)
			for j, p := range images[k][i*MNISTPixels : (i+1)*MNISTPixels] {
				dst[j] = float64(p) / 255
			}
			row++
		}
	}
	xNames := make([]string, MNISTClasses)
	for c := range xNames {
		xNames[c] = fmt.Sprintf("label%d", c)
	}
	return &Dataset{
		Name: "mnist", X: x, Y: y, XNames: xNames,
		YName: pixelNames(), Source: dir,
	}, nil
}

// pixelNames joins the output names px0..px783 (row-major) with commas.
func pixelNames() string {
	b := make([]byte, 0, MNISTPixels*6)
	for j := range MNISTPixels {
		if j > 0 {
			b = append(b, ',')
		}
		b = fmt.Appendf(b, "px%d", j)
	}
	return string(b)
}
