package compare

import (
	"cmp"
	"fmt"
	"math"
	"strings"
)

// Markdown renders the report for people: the choice and why, the ranking
// with the paired differences, the calibration, every split, the figures
// and how to read them.
func Markdown(r *Report) string {
	var b strings.Builder
	d := r.Decision
	fmt.Fprintf(&b, "# mgp compare: %s, target %s\n\n", r.Data, r.Target)
	fmt.Fprintf(&b, "%d rows, inputs %s; %d random 90/10 splits; %d iterations per run.\n\n",
		r.Rows, strings.Join(r.Inputs, ", "), r.Splits, r.Iterations)
	if len(r.Kernels) > 0 {
		fmt.Fprintf(&b, "Kernels (`model.kernel`): %s. A candidate is model-kernel (`shgp-matern52`: SHGP with the Matérn 5/2 kernel "+
			"in both its GPs); a model without a kernel choice runs with se only. Of two kernels of one model, the one listed first "+
			"counts as the simpler.\n\n", strings.Join(r.Kernels, ", "))
	}
	fmt.Fprintf(&b, "## Recommendation: %s\n\nWhy: %s.\n\n", strings.ToUpper(d.Chosen), d.Reason)
	switch {
	case r.Refit != nil:
		f := r.Refit
		fmt.Fprintf(&b, "`best` links to `%s`: %s retrained on all %d rows (`mgp compare --refit`, config `%s`) for %d iterations, "+
			"%s. **It has no test metrics**: no row was left out of it, and its result.json says so; "+
			"the figures below and the tables judge %s by its %d splits, which is what to expect of it. "+
			"`mgp predict --run %s/best --input NEW.csv --out PRED.csv`.\n\n",
			f.Dir, f.Model, f.Rows, f.Config, f.Iterations, f.IterationsFrom, f.Model, r.Splits, r.Dir)
	case r.Best != "":
		fmt.Fprintf(&b, "`best` links to `%s` (%s on split %d, its lowest %s of the %d splits): "+
			"`mgp predict --run %s/best --input NEW.csv --out PRED.csv`. It was trained on 90 %% of the rows; "+
			"`--refit` retrains %s on all of them.\n\n", r.Best, d.Chosen, r.BestSeed, bestBy(r), r.Splits, r.Dir, d.Chosen)
	}
	dens := r.Score == ScoreDensity
	if dens {
		b.WriteString("## Ranking by mean test NLL of each model's own predictive density\n\n")
		note := r.ScoreNote
		if note == "" { // reports of 0320d1c-6fef68f: 500 components for every mixture model
			note = "closed form for SGP, SHGP and SVHGP; a mixture of 500 predictive components for SMGP, DAGP, SLGP, GPCDE and CVAE"
		}
		b.WriteString("Test NLL: the mean of -log p(y | x) over the test rows under the model's own predictive density (" + note + "), " +
			"which one far test point cannot swing as it swings a kernel density estimate; KDE NLL: the paper's 200-sample KDE NLL, beside it. ")
	} else {
		b.WriteString("## Ranking by mean test NLL\n\n")
	}
	b.WriteString("Mean ± sd over the splits. Δ NLL: the paired per-split difference from the best (mean ± sd); " +
		"best wins: the splits on which the best model's NLL is lower (ties count to neither side), with the exact one-sided " +
		"sign-test p of so many wins; noise: 2 standard errors of Δ. " +
		"Coverage: the fraction of test values inside the central 50/90/95 % predictive interval (calibrated: 0.50/0.90/0.95). " +
		"PIT KS: the PIT's distance from uniform (0 is calibrated" + ksNoise(r) + ").\n\n")
	kdeHead, kdeRule := "", ""
	if dens {
		kdeHead, kdeRule = " KDE NLL |", "---|"
	}
	b.WriteString("| model | test NLL | Δ NLL vs best | best wins | noise |" + kdeHead + " CRPS | RMSE | 50 % cov. | 90 % cov. | 95 % cov. | PIT KS |\n")
	b.WriteString("|---|---|---|---|---|" + kdeRule + "---|---|---|---|---|---|\n")
	for _, rk := range d.Ranking {
		s, _ := r.Summary(rk.Model)
		name := rk.Model
		if rk.Model == d.Chosen {
			name = "**" + name + "** (chosen)"
		}
		delta, wins, noise := "–", "–", "–"
		if rk.Model != d.Best {
			delta = fmt.Sprintf("%s ± %s", f3(float64(rk.DiffMean)), f3(float64(rk.DiffSD)))
			wins = fmt.Sprintf("%d of %d (p = %s)", rk.BestWins, d.Splits, formatP(float64(rk.SignP)))
			noise = f3(NoiseFactor * float64(rk.DiffSD) / math.Sqrt(float64(d.Splits)))
		}
		score, kde := ms(s.NLL, f3), ""
		if dens && s.DensityNLL != nil {
			score, kde = ms(*s.DensityNLL, f3), " "+ms(s.NLL, f3)+" |"
		}
		fmt.Fprintf(&b, "| %s | %s | %s | %s | %s |%s %s | %s | %s | %s | %s | %s |\n", name, score, delta, wins, noise, kde,
			ms(s.CRPS, g4), ms(s.RMSE, g4), ms(s.Cov50, f2), ms(s.Cov90, f2), ms(s.Cov95, f2), ms(s.PITKS, f3))
	}
	if len(r.Figures) > 0 {
		b.WriteString("\n## Pictures\n\n")
		for _, k := range figureOrder(r) {
			fmt.Fprintf(&b, "![%s](%s)\n\n", k, r.Figures[k])
		}
	}
	stops := stoppedEarly(r)
	stopHead, stopRule := "", ""
	if stops {
		stopHead, stopRule = " stopped at |", "---|"
	}
	b.WriteString("## Every split\n\n| model | split | test NLL |" + kdeHead + " CRPS | RMSE | 50 % cov. | 90 % cov. | 95 % cov. | PIT KS | selected iteration |" + stopHead + " train s |\n")
	b.WriteString("|---|---|---|" + kdeRule + "---|---|---|---|---|---|---|" + stopRule + "---|\n")
	for _, s := range r.Models {
		for _, sp := range s.Splits {
			sel := "last"
			switch {
			case sp.SelectedIter > 0:
				sel = fmt.Sprint(sp.SelectedIter)
			case sp.Untrained:
				sel = "0: the untrained start (no later check scored better)"
			}
			if stops {
				sel += " | " + stopCell(sp.StoppedAt, cmp.Or(sp.Cap, r.Iterations))
			}
			score, kde := f3(float64(sp.NLL)), ""
			if dens && sp.DensityNLL != nil {
				score, kde = f3(float64(*sp.DensityNLL)), " "+f3(float64(sp.NLL))+" |"
			}
			fmt.Fprintf(&b, "| %s | %d | %s |%s %s | %s | %s | %s | %s | %s | %s | %.0f |\n", s.Model, sp.Seed, score, kde,
				g4(float64(sp.CRPS)), g4(float64(sp.RMSE)), f2(float64(sp.Cov50)), f2(float64(sp.Cov90)), f2(float64(sp.Cov95)),
				f3(float64(sp.PITKS)), sel, float64(sp.TrainSeconds))
		}
	}
	fmt.Fprintf(&b, "\n## Protocol\n\n%s. %s\n", r.Protocol, ruleText)
	if stops {
		b.WriteString("\n" + stopText(r) + capText(r) + "\n")
	}
	return b.String()
}

// ksNoise says up to which PIT KS distance a calibrated model's values go
// by sampling noise alone on one split (its 95 % point, about 1.36/sqrt(n)).
func ksNoise(r *Report) string {
	for _, s := range r.Models {
		if len(s.Splits) > 0 && s.Splits[0].NTest > 0 {
			n := s.Splits[0].NTest
			return fmt.Sprintf("; with %d test rows a split's value up to about %.2f is sampling noise", n, 1.36/math.Sqrt(float64(n)))
		}
	}
	return ""
}

// figureOrder lists the figure keys in reading order.
func figureOrder(r *Report) []string {
	var keys []string
	for _, k := range []string{"calibration curve", "predicted vs observed", "predictive bands", "predictive surface"} {
		if _, ok := r.Figures[k]; ok {
			keys = append(keys, k)
		}
	}
	for _, s := range r.Models {
		if k := "PIT histogram " + s.Model; r.Figures[k] != "" {
			keys = append(keys, k)
		}
	}
	return keys
}

func ms(v MeanSD, f func(float64) string) string {
	return f(float64(v.Mean)) + " ± " + f(float64(v.SD))
}

func fmtOr(v float64, format string) string {
	if math.IsNaN(v) || math.IsInf(v, 0) {
		return "–"
	}
	return fmt.Sprintf(format, v)
}

func f2(v float64) string { return fmtOr(v, "%.2f") }
func f3(v float64) string { return fmtOr(v, "%.3f") }
func g4(v float64) string { return fmtOr(v, "%.4g") }

// bestBy names what chose the best split of the chosen model (BestSplit).
func bestBy(r *Report) string {
	s, _ := r.Summary(r.Decision.Chosen)
	switch bestKey(s.Splits) {
	case bestByHeldOut:
		return "held-out score (the training rows held out for selection; no test row decides)"
	case bestByELBO:
		return "final training objective (its ELBO per point: it held nothing out; no test row decides)"
	}
	return "test NLL"
}
