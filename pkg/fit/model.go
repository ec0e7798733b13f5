package fit

import (
	"context"
	"errors"
	"fmt"
	"maps"
	"reflect"
	"slices"
	"strconv"
	"strings"

	"github.com/mgpteam/mgp/pkg/config"
	"github.com/mgpteam/mgp/pkg/data"
	"github.com/mgpteam/mgp/pkg/inputerr"
	"github.com/mgpteam/mgp/pkg/models"
	"github.com/mgpteam/mgp/pkg/predict"
	"github.com/mgpteam/mgp/pkg/runconfig"
	"github.com/mgpteam/mgp/pkg/train"
	"gonum.org/v1/gonum/mat"
)

// Model is one model of the registry with its options: New makes it, Fit
// trains it, Predict predicts with it, Save writes it as a run directory
// and Load reads one back.
//
// A fitted Model is safe for concurrent Predict (and Save) calls from
// several goroutines: each call predicts on a tape of its own and the
// parameters are only read (TestPredictIsSafeForConcurrentUse, also under
// -race); the answers are those of sequential calls, bit for bit. Fit must
// not run at the same time as other calls on the same Model.
type Model struct {
	cfg  runconfig.RunConfig
	opts Options
	// pred is the fitted predictor (nil before a successful Fit or Load,
	// and after a failed Fit); its Checkpoint is what Save writes.
	pred *predict.Predictor
	// result is result.json's content for Save (nil for a loaded run
	// without one).
	result []byte
	// loaded: Load made the model, and Fit trains the loaded run's config
	// as it is (not the small-data path of zero Options).
	loaded bool
}

// New returns an unfitted model of the registered name (sgp, shgp, slgp,
// ...) with o's settings. An unknown name, a model key its config
// refuses, or a "name" key in o.Model naming another model is a
// *inputerr.Error wrapping a *config.KeyError. NewWith takes the model's
// keys as a typed struct instead (fit.SHGP{M: 50}).
func New(name string, o Options) (*Model, error) {
	if err := o.check(); err != nil {
		return nil, err
	}
	for k, v := range o.Model {
		if strings.EqualFold(k, "name") && !strings.EqualFold(fmt.Sprint(v), name) {
			return nil, &inputerr.Error{Err: config.Errorf("model.name", "Options.Model names model %v, and New was asked for %s: the model is New's first argument; remove name from Options.Model", v, name)}
		}
	}
	mc, err := runconfig.NewModelConfig(name, o.Model)
	if err != nil {
		return nil, &inputerr.Error{Err: err}
	}
	cfg := runconfig.DefaultRunConfig()
	cfg.Model = mc
	cfg.Train.Seed = o.Seed
	if o.Iterations > 0 {
		cfg.Train.Iterations = o.Iterations
	}
	if o.BatchSize > 0 {
		cfg.Train.BatchSize = o.BatchSize
	}
	if o.LR > 0 {
		cfg.Train.LR = o.LR
	}
	cfg.Train.Validation, cfg.Train.SelectEvery, cfg.Train.Stop = o.Validation, o.SelectEvery, o.Stop
	if o.ownData() {
		// Fit sets the data-dependent part (the number of rows) again.
		applyOwnData(&cfg, minOwnDataRows, o.Model)
	}
	// The validator mgp train uses, on the config Fit will train (its data
	// section as Fit fills it in): every size key against its limit, the
	// model's keys, the training and stopping keys.
	probe := cfg
	probe.Data = memoryData("data", "memory:0", cfg.Train.Seed)
	if err := probe.Validate(); err != nil {
		return nil, &inputerr.Error{Err: err}
	}
	return &Model{cfg: cfg, opts: o}, nil
}

// Name is the model's registry name.
func (m *Model) Name() string { return m.cfg.ModelName() }

// Config is the run config Fit trains with (its data section is filled in
// by Fit) or Load read.
func (m *Model) Config() runconfig.RunConfig { return m.cfg }

// Fit trains the model on the rows of X (n × Dx) and Y (n × Dy), every row
// a training point, replacing an earlier fit. The data are copied and
// checked first (no rows, different row counts, non-finite values are a
// *ShapeError or *NonFiniteError). A ctx that ends stops the training with
// an error wrapping ctx's (a nil ctx never ends). Training runs in memory:
// nothing is written until Save.
//
// Fit first forgets any earlier fit: after a Fit that fails, Predict and
// Save return ErrNotFitted (they never fall back on an earlier fit).
func (m *Model) Fit(ctx context.Context, X, Y mat.Matrix) error {
	m.pred, m.result = nil, nil
	if ctx == nil {
		ctx = context.Background()
	}
	ds, err := m.dataset(X, Y)
	if err != nil {
		return err
	}
	cfg := m.cfg
	if !m.loaded && m.opts.ownData() {
		n, _ := ds.X.Dims()
		applyOwnData(&cfg, n, m.opts.Model)
	}
	cfg.Data = memoryData(ds.Name, data.MemoryHandle(ds), cfg.Train.Seed)
	// Fit has no test rows to trace (a loaded run's config may ask for it).
	cfg.Train.EvalEvery = 0
	if err := cfg.Validate(); err != nil {
		return &inputerr.Error{Err: err}
	}
	exp, err := data.FromMemory(ds, cfg.Data.Spec())
	if err != nil {
		return &inputerr.Error{Err: err}
	}
	opts := train.Options{Log: m.opts.Log, Quiet: m.opts.Log == nil, Command: "fit.Model.Fit"}
	tr, err := train.RunData(ctx, cfg, exp, opts)
	if err != nil {
		var ie *train.InterruptedError
		if errors.As(err, &ie) {
			return fmt.Errorf("fit: %s stopped during %s after iteration %d of %d: %w", cfg.ModelName(), ie.Phase, ie.Iter, ie.Total, ie.Err)
		}
		return err
	}
	p, err := predict.FromCheckpoint(tr.Checkpoint)
	if err != nil {
		return err
	}
	m.cfg, m.pred, m.result = cfg, p, tr.ResultJSON
	return nil
}

// minOwnDataRows is the fewest rows from which the small-data path holds
// out its 10 % (2 rows at least; train.validation's rule).
const minOwnDataRows = 15

// applyOwnData sets cfg's training to the small-data path of mgp compare
// for n rows (runconfig.ApplyOwnData), and the model's keys that the
// caller did not set (user: Options.Model) to compare's (compareKeys);
// below minOwnDataRows rows nothing is held out and the run trains its
// iterations to the last.
func applyOwnData(cfg *runconfig.RunConfig, n int, user map[string]any) {
	e, err := models.Lookup(cfg.ModelName())
	if err != nil {
		return // New refused the name already
	}
	compareKeys(cfg, n, user)
	def := runconfig.DefaultRunConfig()
	seed := cfg.Train.Seed
	cfg.Train, cfg.Eval = def.Train, def.Eval // what an earlier application set goes
	cfg.Train.Seed = seed
	o := runconfig.OwnData{NTrain: n, Iterations: def.Train.Iterations, Stop: runconfig.DefaultStop}
	if n < minOwnDataRows {
		o.Stop = runconfig.StopConfig{}
	}
	runconfig.ApplyOwnData(cfg, e, o)
	if n < minOwnDataRows {
		cfg.Train.Validation, cfg.Train.SelectEvery, cfg.Train.SelectBy = def.Train.Validation, def.Train.SelectEvery, def.Train.SelectBy
		cfg.Eval.Latent = def.Eval.Latent
	}
}

// compareKeys sets the model keys of cfg on which mgp compare's settings
// differ from the model's defaults (runconfig.CompareModelConfig: SLGP's
// recommended setting and, on rows that fit in one batch, its small-data
// sizes) to compare's value for n rows, but for the keys the caller set
// (user, Options.Model) and those whose default is zero, which follow
// another key: a fit with zero options trains the model compare trains.
func compareKeys(cfg *runconfig.RunConfig, n int, user map[string]any) {
	name := cfg.ModelName()
	def, err := runconfig.NewModelConfig(name, nil)
	if err != nil {
		return
	}
	full, _ := runconfig.CompareModelConfig(name, 0)
	small, _ := runconfig.CompareModelConfig(name, 1)
	want, _ := runconfig.CompareModelConfig(name, n)
	dv, fv, sv, wv := config.Values(def.Config), config.Values(full.Config), config.Values(small.Config), config.Values(want.Config)
	for _, k := range slices.Sorted(maps.Keys(wv)) {
		if reflect.DeepEqual(dv[k], fv[k]) && reflect.DeepEqual(dv[k], sv[k]) {
			continue // compare keeps the default either way
		}
		if userSet(user, k) || reflect.ValueOf(dv[k]).IsZero() {
			// The caller's value stays; a key whose default is zero
			// follows another (SHGP's M_w follows M) and is left to.
			continue
		}
		_ = config.Set(cfg.Model.Config, k, wv[k]) // a value of the key's own type
	}
}

// userSet reports whether key is among the caller's model keys (config
// keys are matched without regard to case, as the decoder does).
func userSet(user map[string]any, key string) bool {
	for k := range user {
		if strings.EqualFold(k, key) {
			return true
		}
	}
	return false
}

// memoryData is the data section of a fit on data handed over in memory
// (handle: data.MemoryHandle): every row trains, standardised on them.
func memoryData(name, handle string, seed uint64) runconfig.DataConfig {
	return runconfig.DataConfig{Name: name, Kind: string(data.KindMemory), Path: handle,
		Split: runconfig.SplitNone, SplitSeed: seed, Stats: "train"}
}

// dataset checks X and Y and copies them into a data set with o's names.
func (m *Model) dataset(X, Y mat.Matrix) (*data.Dataset, error) {
	x, err := dense("X", X)
	if err != nil {
		return nil, err
	}
	y, err := dense("Y", Y)
	if err != nil {
		return nil, err
	}
	n, dx := x.Dims()
	ny, dy := y.Dims()
	if ny != n {
		return nil, &ShapeError{Arg: "Y", Rows: ny, Cols: dy, Reason: fmt.Sprintf("X has %d rows: need one output row per input row", n)}
	}
	xn, err := names("XNames", m.opts.XNames, dx, "x")
	if err != nil {
		return nil, err
	}
	yn, err := names("YNames", m.opts.YNames, dy, "y")
	if err != nil {
		return nil, err
	}
	if err := checkNames("XNames and YNames", append(slices.Clone(xn), yn...)); err != nil {
		return nil, err
	}
	name := m.opts.Name
	if name == "" {
		name = "data"
	}
	return &data.Dataset{Name: name, X: x, Y: y, XNames: xn, YName: strings.Join(yn, ","), Source: "memory"}, nil
}

// names returns the given column names (which must be d) or the defaults
// prefix1, prefix2, ... (for one output column, just prefix).
func names(option string, given []string, d int, prefix string) ([]string, error) {
	if len(given) > 0 {
		if len(given) != d {
			return nil, &OptionError{Option: option, Value: float64(len(given)), Reason: fmt.Sprintf("names for %d columns: need one per column", d)}
		}
		if err := checkNames(option, given); err != nil {
			return nil, err
		}
		return append([]string(nil), given...), nil
	}
	if d == 1 && prefix == "y" {
		return []string{prefix}, nil
	}
	out := make([]string, d)
	for j := range out {
		out[j] = prefix + strconv.Itoa(j+1)
	}
	return out, nil
}

// checkNames refuses column names that no CSV header could match (mgp
// predict matches a header against XNames): an empty name, one with
// spaces around it, a comma, a quote or a line break in it, or a name
// given twice. The *OptionError's Value is the position of the first
// name at fault.
func checkNames(option string, names []string) error {
	seen := map[string]int{}
	for i, n := range names {
		why := ""
		switch {
		case n == "":
			why = "is empty"
		case strings.TrimSpace(n) != n:
			why = "has spaces around it (a CSV header's names are trimmed)"
		case strings.ContainsAny(n, ",\"\r\n"):
			why = "holds a comma, a quote or a line break"
		}
		if j, ok := seen[n]; ok && why == "" {
			why = fmt.Sprintf("is also name %d: every column needs its own name", j)
		}
		if why != "" {
			return &OptionError{Option: option, Value: float64(i), Reason: fmt.Sprintf("name %d, %q, %s", i, n, why)}
		}
		seen[n] = i
	}
	return nil
}
