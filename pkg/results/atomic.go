package results

import (
	"encoding/json"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
)

// WriteJSONAtomic writes v as indented JSON to path so that path never holds
// a half-written file (see WriteFileAtomic). Result values keep non-finite
// floats, written as "NaN", "+Inf" and "-Inf".
func WriteJSONAtomic(path string, v any) error {
	b, err := json.MarshalIndent(v, "", "  ")
	if err != nil {
		return err
	}
	b = append(b, '\n')
	return WriteFileAtomic(path, func(w io.Writer) error {
		_, err := w.Write(b)
		return err
	})
}

// WriteFileAtomic creates path's directory if needed, lets write fill a
// temporary file in that directory, flushes it to disk, makes it readable
// (0644) and renames it over path, so readers see either the old file or the
// complete new one, never a partial write. On any error the temporary file
// is removed and path is left as it was. The temporary name starts with a
// dot and ends in ".tmp", so scans for "*.json" or "*.png" never see it; a
// writer killed mid-write leaves it behind (see RemoveStaleTemps).
//
// A path that is a FIFO or a character device (/dev/null, /dev/stdout, a
// terminal), or a symbolic link to one, is written to in place, never
// replaced by a regular file; a symbolic link to a regular file is followed,
// so the file it names is replaced and the link is kept.
func WriteFileAtomic(path string, write func(io.Writer) error) error {
	st, serr := os.Stat(path)
	switch {
	case serr == nil && st.IsDir():
		return fmt.Errorf("%s is a directory: give the name of a file to write", path)
	case serr == nil && WrittenInPlace(st.Mode()):
		return writeInPlace(path, write)
	case serr == nil:
		if real, err := filepath.EvalSymlinks(path); err == nil {
			path = real
		}
	}
	_, err := WriteFileAtomicNamed(filepath.Dir(path), filepath.Base(path), func(w io.Writer) (string, error) {
		return filepath.Base(path), write(w)
	})
	return err
}

// WriteFileAtomicNamed is WriteFileAtomic for a file whose name is known
// only once it is written (a name made from its content's hash, say):
// write fills a temporary file in dir, named as WriteFileAtomic names the
// temporary of a file called base (so RemoveStaleTemps(dir, base) clears
// it), and returns the file's name in dir, which the temporary is renamed
// to once flushed to disk. It returns the path written.
func WriteFileAtomicNamed(dir, base string, write func(io.Writer) (string, error)) (path string, err error) {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return "", err
	}
	f, err := os.CreateTemp(dir, tempPrefix(base)+"*"+tempSuffix)
	if err != nil {
		return "", err
	}
	tmp := f.Name()
	committed := false
	defer func() {
		if !committed { // an error, or a panic in write
			_ = f.Close()
			_ = os.Remove(tmp)
		}
	}()
	name, err := write(f)
	if err != nil {
		return "", err
	}
	if name == "" || name != filepath.Base(name) {
		return "", fmt.Errorf("writing %s: %q is not a file name", base, name)
	}
	if err = f.Chmod(0o644); err != nil {
		return "", err
	}
	if err = f.Sync(); err != nil {
		return "", err
	}
	if err = f.Close(); err != nil {
		return "", err
	}
	path = filepath.Join(dir, name)
	if st, serr := os.Stat(path); serr == nil && st.IsDir() {
		return "", fmt.Errorf("%s is a directory: give the name of a file to write", path)
	}
	if err = os.Rename(tmp, path); err != nil {
		return "", err
	}
	committed = true
	syncDir(dir)
	return path, nil
}

// syncDir flushes the directory entry of a rename; it is best effort, as some
// file systems do not support syncing a directory.
func syncDir(dir string) {
	d, err := os.Open(dir)
	if err != nil {
		return
	}
	_ = d.Sync() // the rename has happened either way
	_ = d.Close()
}

// WrittenInPlace reports whether a file of mode m is written to in place
// rather than replaced: a FIFO or a character device.
func WrittenInPlace(m fs.FileMode) bool {
	return m&fs.ModeNamedPipe != 0 || (m&fs.ModeDevice != 0 && m&fs.ModeCharDevice != 0)
}

// writeInPlace opens the FIFO or device at path for writing and lets write
// fill it.
func writeInPlace(path string, write func(io.Writer) error) error {
	f, err := os.OpenFile(path, os.O_WRONLY, 0)
	if err != nil {
		return err
	}
	if err := write(f); err != nil {
		_ = f.Close()
		return err
	}
	return f.Close()
}
