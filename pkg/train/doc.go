// Package train runs mgp experiments: it turns a run config into data, a
// model and an optimiser, trains with minibatch Adam, evaluates with the
// paper's KDE protocol and writes the result and a checkpoint atomically.
package train
