package train

import (
	"context"
	"fmt"
	"math/rand/v2"
	"path/filepath"

	"github.com/mgpteam/mgp/pkg/checkpoint"
	"github.com/mgpteam/mgp/pkg/inputerr"
	"github.com/mgpteam/mgp/pkg/models"
	"github.com/mgpteam/mgp/pkg/rundir"
	"gonum.org/v1/gonum/mat"
)

// proxyRows is the size of the stand-in data a model is built on when it is
// restored for prediction without its training data.
const proxyRows = 1024

// LoadForPredict restores a saved run's model for prediction from the run
// directory alone: the checkpoint holds the parameters, the standardisation
// and the column names, so the training data are not read. The model is
// built on stand-in data of the training set's shape (its initialisation is
// then overwritten by the checkpoint's parameters). Checkpoints written
// before the standardisation was recorded fall back to LoadRun, which needs
// the data (dataDir).
func LoadForPredict(runDir, dataDir string) (*checkpoint.Checkpoint, *checkpoint.DataInfo, models.Model, error) {
	ck, err := checkpoint.Load(filepath.Join(runDir, rundir.CheckpointFile))
	if err != nil {
		return nil, nil, nil, &inputerr.Error{Err: err}
	}
	info := ck.Data
	if info == nil || info.Std == nil || len(info.Std.XMean) == 0 || len(info.Std.YMean) == 0 {
		ck, exp, m, err := LoadRun(runDir, dataDir)
		if err != nil {
			return nil, nil, nil, err
		}
		return ck, &checkpoint.DataInfo{Std: exp.Std, XNames: exp.XNames, YNames: exp.YNames}, m, nil
	}
	m, err := ModelForPredict(ck, runDir)
	if err != nil {
		return nil, nil, nil, err
	}
	return ck, info, m, nil
}

// ModelForPredict builds ck's model for prediction from ck alone (its
// Data must hold the standardisation): on stand-in data of the training
// set's shape, its initialisation then overwritten by ck's parameters.
// where names the run in messages.
func ModelForPredict(ck *checkpoint.Checkpoint, where string) (models.Model, error) {
	info := ck.Data
	if info == nil || info.Std == nil || len(info.Std.XMean) == 0 || len(info.Std.YMean) == 0 {
		return nil, &inputerr.Error{Err: fmt.Errorf("%s: the checkpoint records no standardisation", where)}
	}
	dx, dy := len(info.Std.XMean), len(info.Std.YMean)
	if len(info.Std.XStd) != dx || len(info.Std.YStd) != dy || (len(info.XNames) != 0 && len(info.XNames) != dx) {
		return nil, &inputerr.Error{Err: fmt.Errorf("%s: the checkpoint's standardisation is inconsistent (%d input means, %d sds, %d names)",
			where, dx, len(info.Std.XStd), len(info.XNames))}
	}
	n := proxyRows
	if info.NTrain > 0 {
		n = min(info.NTrain, proxyRows)
	}
	r := rand.New(rand.NewPCG(1, 2))
	X, Y := mat.NewDense(n, dx, nil), mat.NewDense(n, dy, nil)
	for _, M := range []*mat.Dense{X, Y} {
		raw := M.RawMatrix().Data
		for i := range raw {
			raw[i] = r.NormFloat64()
		}
	}
	exp := &Experiment{Name: ck.Config.Data.Name, XTrain: X, YTrain: Y, Std: info.Std}
	m, err := BuildModel(context.Background(), ck.Config, exp, BuildOptions{Restoring: true})
	if err != nil {
		return nil, &inputerr.Error{Err: err}
	}
	if err := ck.Restore(m.Params()); err != nil {
		return nil, &inputerr.Error{Err: fmt.Errorf("%s: %w", where, err)}
	}
	return m, nil
}
