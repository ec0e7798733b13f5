// Package rundir owns a run directory and a sweep tree's layout.
//
// A sweep tree holds one directory per run at
// <out>/<dataset>/<model>/<variant>/s<seed>; every reader of a tree (the
// sweep, the tables, the paper's figures, compare) finds runs through
// this package rather than joining paths by hand. The files a run
// directory holds and the states they make (done, partial, changed,
// refused, failed, locked) are decided here too, so that "is this run
// finished?" has one answer.
package rundir
