package paper

import (
	"fmt"
	"math"
	"strings"

	"github.com/mgpteam/mgp/pkg/models"
	"github.com/mgpteam/mgp/pkg/plot"
	"gonum.org/v1/gonum/mat"
	"gonum.org/v1/plot/vg"
)

// demoFigure draws one y- and one f-sample per test input over the training
// data (normalised units), and the model's latent variable where it has
// one, with the legends beside the plots.
func demoFigure(f *toyFit, path string, seed uint64) error {
	name := strings.ToUpper(f.model.Name())
	x, ys, fs := oneSample(f, seed)
	latent := strings.TrimSuffix(path, ".png") + "-latent.png"
	if mod, ok := f.model.(models.Modulator); ok {
		mean, v := mod.Modulation(f.xTest)
		sd := make([]float64, len(v))
		for i, x := range v {
			sd[i] = math.Sqrt(max(x, 0))
		}
		bp, err := plot.Band(fmt.Sprintf("%s on %s: latent modulation (Fig. 3)", name, f.toy), x, mean, sd, "mean of q(w)")
		if err != nil {
			return err
		}
		bp.Y.Label.Text = "w"
		if err := plot.SavePNGLegendRight(bp, 6*vg.Inch, 3.5*vg.Inch, latent); err != nil {
			return err
		}
	}
	if lm, ok := f.model.(models.LatentMeaner); ok {
		post, prior := lm.LatentMeans(f.xTrain, f.yTrain)
		xtr := mat.Col(nil, 0, f.xTrain)
		lp, err := plot.Points(fmt.Sprintf("%s on %s: means of q(w|x,y) and p(w|x) (Fig. 3)", name, f.toy),
			"x (normalised)", "w", map[string][2][]float64{"posterior q(w|x,y)": {xtr, post}, "prior p(w|x)": {xtr, prior}})
		if err != nil {
			return err
		}
		if err := plot.SavePNGLegendRight(lp, 6.5*vg.Inch, 3.5*vg.Inch, latent); err != nil {
			return err
		}
	}
	p, err := plot.ToyScatter(fmt.Sprintf("%s on %s", name, f.toy), x, perPoint(ys), perPoint(fs),
		mat.Col(nil, 0, f.xTrain), mat.Col(nil, 0, f.yTrain))
	if err != nil {
		return err
	}
	return plot.SavePNGLegendRight(p, 6*vg.Inch, 3.5*vg.Inch, path)
}
