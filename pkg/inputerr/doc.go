// Package inputerr owns the one input-error type of mgp: Error marks a
// failure the user's input causes (a config, a data file, a run directory,
// an option) rather than one that happens while working, so that a command
// can report it as bad input (mgp exits 2). It imports no other package of
// this project: train, sweep, predict, fit, compare and paper all wrap
// their input errors in it.
package inputerr
