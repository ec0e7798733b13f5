package results

import (
	"io"
	"os"
	"path/filepath"
	"syscall"
	"testing"
)

// TestWriteFileAtomicSpecialInPlace: a FIFO, and a symbolic link to
// /dev/null, are written to in place, never replaced by a regular file.
func TestWriteFileAtomicSpecialInPlace(t *testing.T) {
	dir := t.TempDir()
	fifo := filepath.Join(dir, "pipe")
	if err := syscall.Mkfifo(fifo, 0o644); err != nil {
		t.Skip("no FIFOs here:", err)
	}
	got := make(chan []byte)
	go func() {
		f, err := os.Open(fifo)
		if err != nil {
			got <- nil
			return
		}
		b, _ := io.ReadAll(f)
		_ = f.Close()
		got <- b
	}()
	if err := WriteFileAtomic(fifo, func(w io.Writer) error { _, err := io.WriteString(w, "hello\n"); return err }); err != nil {
		t.Fatal(err)
	}
	if st, err := os.Lstat(fifo); err != nil || st.Mode()&os.ModeNamedPipe == 0 {
		t.Fatalf("the FIFO was replaced by a regular file (%v)", err)
	}
	if b := <-got; string(b) != "hello\n" {
		t.Errorf("the FIFO's reader got %q", b)
	}
	link := filepath.Join(dir, "null")
	if err := os.Symlink("/dev/null", link); err != nil {
		t.Fatal(err)
	}
	if err := WriteFileAtomic(link, func(w io.Writer) error { _, err := io.WriteString(w, "x"); return err }); err != nil {
		t.Fatal(err)
	}
	if st, err := os.Lstat(link); err != nil || st.Mode()&os.ModeSymlink == 0 {
		t.Errorf("the link to /dev/null was replaced: %v %v", st.Mode(), err)
	}
	if st, err := os.Stat("/dev/null"); err != nil || st.Mode().IsRegular() {
		t.Errorf("/dev/null is now a regular file")
	}
}

// TestWriteFileAtomicPanicLeavesNoTemp: a writer that panics leaves no
// temporary file behind.
func TestWriteFileAtomicPanicLeavesNoTemp(t *testing.T) {
	dir := t.TempDir()
	func() {
		defer func() { _ = recover() }()
		_ = WriteFileAtomic(filepath.Join(dir, "out.csv"), func(io.Writer) error { panic("boom") })
	}()
	if entries, _ := os.ReadDir(dir); len(entries) != 0 {
		t.Errorf("left behind: %v", entries[0].Name())
	}
}

// TestWriteFileAtomicKeepsSymlinkToRegular: a link to a regular file is
// followed: the file it names gets the new content and the link stays.
func TestWriteFileAtomicKeepsSymlinkToRegular(t *testing.T) {
	dir := t.TempDir()
	target, link := filepath.Join(dir, "real.csv"), filepath.Join(dir, "link.csv")
	if err := os.WriteFile(target, []byte("old"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(target, link); err != nil {
		t.Fatal(err)
	}
	if err := WriteFileAtomic(link, func(w io.Writer) error { _, err := io.WriteString(w, "new"); return err }); err != nil {
		t.Fatal(err)
	}
	if b, _ := os.ReadFile(target); string(b) != "new" {
		t.Errorf("target holds %q", b)
	}
	if st, err := os.Lstat(link); err != nil || st.Mode()&os.ModeSymlink == 0 {
		t.Errorf("the link was replaced")
	}
}
