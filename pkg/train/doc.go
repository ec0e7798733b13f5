// Package train runs mgp experiments: it turns a run config into data, a
// model and an optimiser, trains with minibatch Adam, evaluates with the
// paper's KDE protocol and writes the result and a checkpoint atomically.
// The data come from the data source of the config's kind (data.Load),
// which also says how the test set is scored (per point, or once per
// distinct input row for mnist's labels: ClassEvaluateCtx); train never
// asks a data set's name.
package train
