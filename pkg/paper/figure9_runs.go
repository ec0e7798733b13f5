package paper

import (
	"errors"
	"fmt"
	"io/fs"
	"math"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"

	"github.com/mgpteam/mgp/pkg/data"
	"github.com/mgpteam/mgp/pkg/models"
	"github.com/mgpteam/mgp/pkg/plot"
	"github.com/mgpteam/mgp/pkg/rundir"
	"github.com/mgpteam/mgp/pkg/train"
	"gonum.org/v1/gonum/mat"
)

// figure9Run is one run's panel, its image side and its stdout line.
type figure9Run struct {
	panel plot.DigitPanel
	side  int
	line  string
}

// figure9Panel loads the run in dir, checks that it is an image model and
// draws its images: one row per label, o.Samples columns, from a generator
// seeded by o.Seed.
func figure9Panel(dir string, o Figure9Options) (figure9Run, error) {
	if st, err := os.Stat(dir); err != nil || !st.IsDir() {
		return figure9Run{}, optErr("run", fmt.Sprintf(" %s: no such run directory (run mgp train or mgp sweep first)", dir))
	}
	if _, err := os.Stat(filepath.Join(dir, rundir.CheckpointFile)); errors.Is(err, fs.ErrNotExist) {
		return figure9Run{}, optErr("run", fmt.Sprintf(" %s: no %s: not a run directory, or a run that has not saved a checkpoint yet", dir, rundir.CheckpointFile))
	}
	ck, info, m, err := train.LoadForPredict(dir, o.Open.DataDir(dir))
	if err != nil {
		return figure9Run{}, err
	}
	dx, dy := len(info.Std.XMean), len(info.Std.YMean)
	side := int(math.Round(math.Sqrt(float64(dy))))
	switch {
	case side < 2 || side*side != dy:
		return figure9Run{}, optErr("run", fmt.Sprintf(" %s: %s has %d %s, not a square image (mnist: 784 = 28 x 28): figure9 draws image models only",
			dir, ck.Config.ModelName(), dy, map[bool]string{true: "output", false: "outputs"}[dy == 1]))
	case dx < 2:
		return figure9Run{}, optErr("run", fmt.Sprintf(" %s: %s has a single input, not one-hot labels: figure9 draws one row per label", dir, ck.Config.ModelName()))
	}
	if err := o.Open.CheckFinished(dir, ck); err != nil {
		return figure9Run{}, err
	}
	images, err := figure9Images(m, info.Std, dx, dy, o.Samples, o.Kind, rand.New(rand.NewPCG(o.Seed, 9)))
	if err != nil {
		return figure9Run{}, optErr("run", fmt.Sprintf(" %s: %v", dir, err))
	}
	iters := ck.Config.Train.Iterations
	if ck.State != nil {
		iters = ck.State.Iter
	}
	title := strings.ToUpper(ck.Config.ModelName())
	if dw, ok := ck.Config.Model.LatentDim(); ok {
		title += fmt.Sprintf(", d_w = %d", dw)
	}
	if ck.Config.Model.Map()["noise_per_output"] == true {
		title += ", noise per pixel"
	}
	if sel := ck.Selection; ck.Complete && sel != nil && sel.Iter > 0 {
		// The checkpoint holds the selected iteration's parameters.
		title += fmt.Sprintf(" (iteration %d of %d, held-out selection)", sel.Iter, iters)
	} else {
		title += fmt.Sprintf(" (%d its)", iters)
	}
	p := plot.DigitPanel{Title: title, RowLabels: labelNames(info.XNames, dx), Images: images}
	line := fmt.Sprintf("%-40s %s: %d labels x %d samples, %d x %d", dir, title, dx, o.Samples, side, side)
	return figure9Run{panel: p, side: side, line: line}, nil
}

// figure9Images draws K images per label on the original output scale:
// images[c][k] for the one-hot input of label c, from one call of the
// model on the dx labels.
func figure9Images(m models.Model, std *data.Standardizer, dx, dy, K int, kind string, rng *rand.Rand) ([][][]float64, error) {
	X := mat.NewDense(dx, dx, nil)
	for c := range dx {
		X.Set(c, c, 1)
	}
	Xs := std.TransformX(X)
	var S *mat.Dense // K x (dx·dy)
	switch kind {
	case KindMean:
		mp, ok := m.(models.MixturePredictor)
		if !ok {
			return nil, optErr("kind", fmt.Sprintf(" mean: %s has no Gaussian components; draw kind y", m.Name()))
		}
		S, _ = mp.PredictiveMixture(Xs, K, rng)
	default:
		Y, F := m.Sample(Xs, K, rng)
		S = Y
		if kind == KindF {
			if F == nil {
				return nil, optErr("kind", fmt.Sprintf(" f: %s has no latent function f; draw kind y or mean", m.Name()))
			}
			S = F
		}
	}
	// Rows c·K + k of one matrix, so that InverseY maps them at once.
	flat := mat.NewDense(dx*K, dy, nil)
	for k := range K {
		row := S.RawRowView(k)
		for c := range dx {
			flat.SetRow(c*K+k, row[c*dy:(c+1)*dy])
		}
	}
	orig := std.InverseY(flat)
	images := make([][][]float64, dx)
	for c := range dx {
		images[c] = make([][]float64, K)
		for k := range K {
			images[c][k] = orig.RawRowView(c*K + k)
		}
	}
	return images, nil
}

// labelNames names the rows: the digit of mnist's "label3", another
// input's own name, or the column index.
func labelNames(names []string, dx int) []string {
	out := make([]string, dx)
	for c := range out {
		out[c] = fmt.Sprint(c)
		if c < len(names) && names[c] != "" {
			out[c] = strings.TrimPrefix(names[c], "label")
		}
	}
	return out
}
