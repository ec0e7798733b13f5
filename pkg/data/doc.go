// Package data provides the data sets of mgp and the plumbing around them:
// the three toy generators, the eight UCI regression sets, the user's own
// CSV files, train/test splits, standardisation, minibatches and the k-means
// initialisation of inducing inputs.
//
// # Data sets
//
// A [Dataset] holds an N×Dx input matrix X and an N×Dy output matrix Y
// (Dy = 1 for every regression set). [Toy] generates the toy cases of
// models.md §9.1 without touching files, [LoadUCI] reads
// <dataDir>/uci/<name>/{data.txt,meta.yaml} and [LoadCSV] reads a CSV file
// with a header row.
//
// # Sources
//
// A [Source] is one kind of data ([KindToy], [KindUCI], [KindCSV],
// [KindMNIST], [KindNYTaxi]). [Spec.ResolveKind] is the one rule that
// tells a data section's kind (data.kind, else the source answering to
// data.name, else csv when data.path is set), and [Spec.IsCSV] the one
// rule for "is this the user's CSV file". [Load] turns a [Spec] into an
// [Experiment] through its source, which also checks the keys that concern
// it ([Source.Check]) and says how its test set is scored ([Scoring]): a
// trainer asks the source, never a data set's name.
//
// # Errors
//
// Loaders never panic on bad input. A problem with a file is returned as a
// *[FileError], which names the file and, where it makes sense, the 1-based
// line (and column) and says what to do about it. Programmer errors, such as
// a matrix with the wrong number of columns passed to a [Standardizer], panic
// with a message that starts with "data: ".
//
// # Randomness
//
// Nothing uses a global random source. Every seeded function builds its own
// math/rand/v2 PCG generator from the caller's seed and a fixed stream
// constant that differs per purpose (toy noise, splits, batches, k-means), so
// one run seed gives independent streams. Permutations and bounded integers
// are drawn from the generator's raw 64-bit output with fixed algorithms
// (Fisher–Yates with Lemire's bounded draw), so a seed gives the same split on
// every Go release.
//
// # Buffers
//
// [Batcher.Next] returns a slice that is valid until the next call, and
// [GatherRows] writes into a caller-owned matrix, so a training loop
// allocates nothing per step once its buffers have their final size.
package data
