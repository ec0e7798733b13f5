// Package rundir owns a run directory and a sweep tree's layout.
//
// A sweep tree holds one directory per run at
// <out>/<dataset>/<model>/<variant>/s<seed>; every reader of a tree (the
// sweep, the tables, the paper's figures, compare) finds runs through
// this package rather than joining paths by hand (layout.go). The files a
// run directory holds and the states they make (done, partial, changed,
// refused, failed, locked) are decided here too, so that "is this run
// finished?" has one answer.
//
// # Files
//
// A run directory (`mgp train --out`, or one s<seed> of a sweep) holds:
//
//	result.json            ResultFile: the run's result, written last and
//	                       atomically; marked "complete", it finishes the run
//	checkpoint.json        CheckpointFile: config, parameters and, while the
//	                       run is under way, the training loop's state; the
//	                       complete checkpoint keeps a copy of result.json
//	checkpoint-<16 hex>.bin  a large checkpoint's arrays file, named after
//	                       its content's hash (ArraysFileName, IsArraysFile)
//	error.json             ErrorFile: why a sweep's run failed (RunError)
//	lock.json              LockFile: the run lock of package runlock, held
//	                       while the run trains (heartbeat in its mtime)
//	train.log              LogFile: a sweep's progress lines for the run
//	<figure>-points.csv    a points file (PointsSuffix, IsPointsFile): what a
//	                       figure draws of the run, kept when its checkpoint
//	                       is not (the paper's Fig. 8: figure8-points.csv)
//	*.replaced             result, checkpoint and arrays files a replaced run
//	                       moved aside (ReplacedSuffix; see MoveAside)
//	.<name>.<digits>.tmp   the temporary file of an atomic write of name
//	                       (result.json, checkpoint.json, or ArraysTempBase
//	                       for arrays files), left only by a killed writer
//	.lock.json.*           runlock's temporary and takeover files
//	.write-check-*         the empty file a run creates and removes to check
//	                       that its directory is writable (WriteCheckPattern)
//
// NonResultFiles names the JSON files the result loaders (LoadResultFiles)
// pass over.
//
// # States
//
// Inspect reads a run directory into a Status: Done (a result that
// finishes the run, see ResultFinishes, made under the wanted config and
// data), Changed (a result or checkpoint of another config or data),
// Refused (a result or checkpoint that cannot be used), Locked (another
// process holds the lock), Failed (error.json), Partial (a checkpoint to
// resume) or Todo. The formats of checkpoint.json and of a run's config
// belong to package train; a Judge carries what Inspect needs of them.
// ActionFor turns a Status into an Action (skip, hold, start, resume,
// replace) under a Policy.
//
// # Rules for a new run
//
// Claim takes a directory's lock and applies a Mode: Fresh refuses a
// directory that holds a run, Overwrite clears it (Clear), Continue leaves
// it to the trainer, which resumes it or discards it (Discard). Default is
// the default run directory of `mgp train`.
package rundir
