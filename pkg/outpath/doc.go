// Package outpath decides what the output path a user names on a command
// line may be, in one place for every command that writes a user-named
// file (predict's and eval's CSVs, the tables, the figures, compare's
// report):
//
//   - a path that does not exist yet, or an existing regular file of the
//     kind the command writes (by extension), may be written; it is then
//     replaced atomically (results.WriteFileAtomic: temporary file, fsync,
//     rename);
//   - a FIFO or a character device (/dev/null, /dev/stdout, a terminal),
//     or a symbolic link to one, may be written: it is written to in place,
//     never replaced by a regular file (results.WriteFileAtomic does so);
//     a block device, a socket or a directory is refused;
//   - the path is never one of the command's own inputs (the same file,
//     after links are resolved, as os.SameFile tells), nor a file of a run
//     directory (result.json, checkpoint.json, ...: see package rundir);
//   - an existing regular file of another kind (another extension) is
//     replaced only when the caller says so (Policy.Overwrite).
//
// The errors are *Error values carrying a Problem; they name the path, not
// the flag: the command adds the flag's name.
package outpath
