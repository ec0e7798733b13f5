package predict

import (
	"github.com/mgpteam/mgp/pkg/checkpoint"
	"github.com/mgpteam/mgp/pkg/data"
	"github.com/mgpteam/mgp/pkg/inputerr"
	"github.com/mgpteam/mgp/pkg/models"
	"github.com/mgpteam/mgp/pkg/train"
)

// Predictor is a saved run restored for prediction. It is safe for
// concurrent use: every prediction runs on a tape of its own and only
// reads the model's parameters (pkg/fit's TestPredictIsSafeForConcurrentUse
// runs 8 goroutines under -race).
type Predictor struct {
	// Dir is the run directory it was loaded from.
	Dir string
	// Checkpoint is the run's checkpoint: its config, the iteration its
	// parameters are at and, for an unfinished run, the training state.
	Checkpoint *checkpoint.Checkpoint
	// Std maps inputs to the model's scale (TransformX) and draws back to
	// the original y scale (InverseY).
	Std *data.Standardizer
	// XNames and YNames name the input and output columns in training
	// order; a run that did not record them has none (or fewer than Dx).
	XNames, YNames []string
	// model samples the run's own predictive.
	model models.Model
}

// Load restores the run in dir for prediction with the predictive the run
// settled on (the model's draws, or the plug-in with the latent variables
// at their means). The training data are not read, except for checkpoints
// written before the standardisation was recorded: those are rebuilt from
// the data below dataDir.
func Load(dir, dataDir string) (*Predictor, error) {
	ck, info, m, err := train.LoadForPredict(dir, dataDir)
	if err != nil {
		return nil, err
	}
	if m, err = models.WithPredictive(m, train.RunPredictive(ck)); err != nil {
		return nil, &inputerr.Error{Err: err}
	}
	return &Predictor{Dir: dir, Checkpoint: ck, Std: info.Std, XNames: info.XNames, YNames: info.YNames, model: m}, nil
}

// Dx is the number of inputs the model takes.
func (p *Predictor) Dx() int { return len(p.Std.XMean) }

// Dy is the number of outputs it predicts.
func (p *Predictor) Dy() int { return len(p.Std.YMean) }

// Predictive is the predictive it samples: models.Draws or models.PlugIn.
func (p *Predictor) Predictive() models.Predictive { return train.RunPredictive(p.Checkpoint) }

// namedInputs reports whether the run recorded one name per input.
func (p *Predictor) namedInputs() bool { return len(p.XNames) == p.Dx() }
