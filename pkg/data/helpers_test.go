package data

import (
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"gonum.org/v1/gonum/mat"
)

// writeFile writes content to dir/name, creating parent directories.
func writeFile(t *testing.T, dir, name, content string) string {
	t.Helper()
	p := filepath.Join(dir, name)
	if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(p, []byte(content), 0o644); err != nil {
		t.Fatal(err)
	}
	return p
}

// wantErrAt fails unless err is non-nil and its message names file (base
// name) and, when line > 0, ":line:".
func wantErrAt(t *testing.T, err error, file string, line int, alsoContains ...string) {
	t.Helper()
	if err == nil {
		t.Fatalf("expected an error naming %s line %d, got nil", file, line)
	}
	msg := err.Error()
	if !strings.Contains(msg, filepath.Base(file)) {
		t.Errorf("error %q does not name the file %s", msg, file)
	}
	if line > 0 && !strings.Contains(msg, filepath.Base(file)+":"+strconv.Itoa(line)+":") {
		t.Errorf("error %q does not name line %d", msg, line)
	}
	for _, s := range alsoContains {
		if !strings.Contains(msg, s) {
			t.Errorf("error %q does not contain %q", msg, s)
		}
	}
}

// column returns column j of m as a slice.
func column(m *mat.Dense, j int) []float64 {
	return mat.Col(nil, j, m)
}

// equalDense reports whether a and b have the same shape and identical values.
func equalDense(a, b *mat.Dense) bool {
	ar, ac := a.Dims()
	br, bc := b.Dims()
	return ar == br && ac == bc && mat.Equal(a, b)
}
