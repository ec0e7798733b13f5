package paper

import (
	"fmt"
	"math"
	"strings"

	"github.com/mgpteam/mgp/pkg/models"
	"github.com/mgpteam/mgp/pkg/plot"
	"gonum.org/v1/gonum/mat"
	gplot "gonum.org/v1/plot"
	"gonum.org/v1/plot/vg"
)

// expertModel is what panel (ii) of the paper's Fig. 3 needs from a
// mixture-of-experts model such as SMGP (models.md §4.5). A model gets
// drawn there by having this method; nothing else needs to change.
type expertModel interface {
	// Experts returns, at the N rows of X, each of the T experts'
	// predictive mean and variance of y (the expert's noise included) and
	// the assignment probabilities (each row summing to one, e.g.
	// softmax of the logit GPs' means), each as an N x T matrix.
	Experts(X *mat.Dense) (mean, variance, prob *mat.Dense)
}

// figure3Panel is one panel group of Fig. 3: the toy it is drawn on, what a
// model must provide, and how to draw it.
type figure3Panel struct {
	name string // "(i)", ...
	toy  string
	what string // what the model must provide, for the skip note
	has  func(models.Model) bool
	draw func(model string, f *toyFit) ([]*gplot.Plot, error)
}

// figure3Panels are the panels of the paper's Fig. 3 (models.md §10.5).
var figure3Panels = []figure3Panel{
	{"(i)", "hetero", "a modulation w(x) (models.Modulator, as SHGP)",
		func(m models.Model) bool { _, ok := m.(models.Modulator); return ok }, modulationPanel},
	{"(ii)", "step", "per-expert predictions (Experts(X) mean, variance, prob, as SMGP)",
		func(m models.Model) bool { _, ok := m.(expertModel); return ok }, expertsPanel},
	{"(iii)", "moons", "latent means (models.LatentMeaner, as SLGP)",
		func(m models.Model) bool { _, ok := m.(models.LatentMeaner); return ok }, latentPanels},
}

// figure3 builds the paper's Fig. 3 from fits: for each panel the first
// model of paperModels, trained on the panel's toy, that provides what the
// panel draws. Panels without such a model are skipped with a note; the
// grid is nil when none is left.
func figure3(fits toyFits, title string) (*plot.Grid, []string, error) {
	var row []*gplot.Plot
	var notes []string
	for _, pn := range figure3Panels {
		model := ""
		for _, m := range fits.paperRows() {
			if f := fits[m][pn.toy]; f != nil && pn.has(f.model) {
				model = m
				break
			}
		}
		if model == "" {
			notes = append(notes, fmt.Sprintf("figure 3 %s skipped: no model among the trained %s on %s has %s",
				pn.name, strings.Join(upper(fits.paperRows()), ", "), pn.toy, pn.what))
			continue
		}
		ps, err := pn.draw(model, fits[model][pn.toy])
		if err != nil {
			return nil, nil, fmt.Errorf("figure 3 %s: %w", pn.name, err)
		}
		row = append(row, ps...)
	}
	if len(row) == 0 {
		return nil, notes, nil
	}
	return &plot.Grid{
		Title:        title,
		Panels:       [][]*gplot.Plot{row},
		LegendsBelow: true,
		PanelW:       3.8 * vg.Inch,
		PanelH:       3.1 * vg.Inch,
	}, notes, nil
}

// modulationPanel draws panel (i): the model's modulation w(x) at the
// test inputs with its ±2 sd band.
func modulationPanel(model string, f *toyFit) ([]*gplot.Plot, error) {
	mean, v := f.model.(models.Modulator).Modulation(f.xTest)
	sd := make([]float64, len(v))
	for i, x := range v {
		sd[i] = math.Sqrt(max(x, 0))
	}
	p, err := plot.Band(fmt.Sprintf("(i) %s on %s: w(x)", strings.ToUpper(model), f.toy), mat.Col(nil, 0, f.xTest), mean, sd, "mean of q(w)")
	if err != nil {
		return nil, err
	}
	p.Y.Label.Text = "w: log scale of f and of the noise sd"
	return []*gplot.Plot{p}, nil
}

// expertsPanel draws panel (ii): every expert's predictive mean with its
// ±2 sd band (noise included) over the training data.
func expertsPanel(model string, f *toyFit) ([]*gplot.Plot, error) {
	mean, variance, prob := f.model.(expertModel).Experts(f.xTest)
	n, _ := f.xTest.Dims()
	for name, m := range map[string]*mat.Dense{"mean": mean, "variance": variance, "prob": prob} {
		if m == nil {
			return nil, fmt.Errorf("%s: Experts returned no %s", model, name)
		}
		if r, _ := m.Dims(); r != n {
			return nil, fmt.Errorf("%s: Experts returned %d rows of %s for %d inputs", model, r, name, n)
		}
	}
	_, nt := mean.Dims()
	if _, c := variance.Dims(); c != nt {
		return nil, fmt.Errorf("%s: Experts returned %d experts' means but %d variances", model, nt, c)
	}
	if _, c := prob.Dims(); c != nt {
		return nil, fmt.Errorf("%s: Experts returned %d experts' means but %d probabilities", model, nt, c)
	}
	mu, sd, pr := make([][]float64, nt), make([][]float64, nt), make([][]float64, nt)
	for t := range nt {
		mu[t], pr[t] = mat.Col(nil, t, mean), mat.Col(nil, t, prob)
		sd[t] = mat.Col(nil, t, variance)
		for i, v := range sd[t] {
			sd[t][i] = math.Sqrt(max(v, 0))
		}
	}
	p, err := plot.Experts(fmt.Sprintf("(ii) %s on %s: %d experts", strings.ToUpper(model), f.toy, nt),
		mat.Col(nil, 0, f.xTest), mu, sd, pr, mat.Col(nil, 0, f.xTrain), mat.Col(nil, 0, f.yTrain))
	if err != nil {
		return nil, err
	}
	return []*gplot.Plot{p}, nil
}

// latentPanels draws panel (iii): the means of the posterior q(w|x,y) and
// of the prior p(w|x) at the training points against x, side by side on
// the same w axis.
func latentPanels(model string, f *toyFit) ([]*gplot.Plot, error) {
	post, prior := f.model.(models.LatentMeaner).LatentMeans(f.xTrain, f.yTrain)
	x := mat.Col(nil, 0, f.xTrain)
	var wr axisRange
	wr.include(post...)
	wr.include(prior...)
	wr = wr.padded(0.05)
	var out []*gplot.Plot
	for _, s := range []struct {
		what, label string
		w           []float64
	}{
		{"posterior q(w | x, y)", "mean of q(w | x, y)", post},
		{"prior p(w | x)", "mean of p(w | x)", prior},
	} {
		p, err := plot.Points(fmt.Sprintf("(iii) %s on %s: %s", strings.ToUpper(model), f.toy, s.what),
			"x (normalised)", s.label, map[string][2][]float64{"one point per training pair": {x, s.w}})
		if err != nil {
			return nil, err
		}
		wr.applyY(p)
		out = append(out, p)
	}
	return out, nil
}
