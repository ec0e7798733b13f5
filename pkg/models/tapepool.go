package models

import (
	"sync"

	ad "github.com/mgpteam/mgp/pkg/autodiff"
)

// tapePool hands out NoGrad tapes for prediction, one per call, so that a
// fitted model may predict from several goroutines at once: a tape and
// its buffers are used by one call at a time and kept for the next
// (Param.On keeps a NoGrad tape's values in the tape, never in the
// model's parameters). The zero value is ready for use.
type tapePool struct{ pool sync.Pool }

// get returns a NoGrad tape, reset.
func (tp *tapePool) get() *ad.Tape {
	t, ok := tp.pool.Get().(*ad.Tape)
	if !ok {
		t = ad.NewTape()
	}
	t.NoGrad = true
	t.Reset()
	return t
}

// put returns t for a later call.
func (tp *tapePool) put(t *ad.Tape) { tp.pool.Put(t) }
