package compare

import (
	"cmp"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/mgpteam/mgp/pkg/data"
	"github.com/mgpteam/mgp/pkg/results"
	"github.com/mgpteam/mgp/pkg/sweep"
)

// Meta describes a comparison: the data and the protocol.
type Meta struct {
	// Data is the CSV file as given (RecordedPath: relative as given, an
	// absolute one relative to the working directory or by its base
	// name), Target and Inputs its columns used.
	Data   string   `json:"data"`
	Target string   `json:"target"`
	Inputs []string `json:"inputs"`
	// Rows is the number of data rows.
	Rows int `json:"rows"`
	// Splits is K; Iterations every run's optimiser steps.
	Splits     int `json:"splits"`
	Iterations int `json:"iterations"`
	// Kernels are the GP kernels each model was tried with (none: every
	// model with its default kernel, candidates named by their models).
	Kernels []string `json:"kernels,omitempty"`
}

// Report is what report.json holds.
type Report struct {
	Meta
	// Dir is the compare directory, recorded by RecordedPath (relative to
	// the working directory compare ran in, else its base name).
	Dir string `json:"dir"`
	// Protocol says how the splits were made and scored.
	Protocol string `json:"protocol"`
	// Models are the summaries, in the ranking's order.
	Models []ModelSummary `json:"models"`
	// Decision is the ranking and the model chosen.
	Decision Decision `json:"decision"`
	// Best is the run directory DIR/best links to (relative to DIR): the
	// chosen model's run on its best split (BestSplit), or with --refit
	// its final fit on every row (Refit.Dir).
	Best string `json:"best"`
	// BestSplit is the chosen model's run on its lowest-NLL split
	// (relative to DIR) and BestSeed that split; the figures of the
	// chosen model are drawn from it.
	BestSplit string `json:"best_split"`
	BestSeed  uint64 `json:"best_seed"`
	// Refit, with mgp compare --refit, describes the final fit on every
	// row that DIR/best links to.
	Refit *Refit `json:"refit,omitempty"`
	// Figures maps each figure's role to its file (relative to DIR).
	Figures map[string]string `json:"figures,omitempty"`
	// Score is what the ranking compares: "density" (every run's own
	// predictive density, DensityNLL) or "kde" (the paper's KDE NLL, for
	// runs written without the density).
	Score string `json:"score,omitempty"`
	// SplitRows lists each split's test rows (0-based data rows of the
	// CSV after its header, ascending), so that any other tool can be
	// scored on the identical splits (scripts/analysis/sklearn_yardstick.py).
	SplitRows []SplitRows `json:"split_rows,omitempty"`
	// ScoreNote says, with Score density, how each kind of model's
	// density was computed (report.md's ranking text).
	ScoreNote string `json:"score_note,omitempty"`
}

// SplitRows is one split's test rows.
type SplitRows struct {
	Seed     uint64 `json:"seed"`
	TestRows []int  `json:"test_rows"`
}

// The values of Report.Score.
const (
	ScoreDensity = "density"
	ScoreKDE     = "kde"
)

// protocolText is Report.Protocol; selection names the models that held
// out part of their training rows.
func protocolText(selection string) string {
	return "K random 90/10 train/test splits (seed k = 0..K-1 seeds the split and the model); " +
		"standardisation on each split's training rows only (data.stats: train); held-out selection (10 % of the " +
		"training rows) for " + selection + "; 200 predictive samples per test point give the KDE test NLL " +
		"(scaled Silverman bandwidth), the CRPS of their empirical distribution, the coverage of the central 50/90/95 % " +
		"sample-quantile intervals and the PIT (fraction of samples below y) with its Kolmogorov-Smirnov distance from uniform; " +
		"NLL, CRPS and RMSE on the original y scale"
}

// Build reads every run's result, decides between the candidates (models,
// or with kernels Candidate names), links DIR/best to the chosen
// candidate's run on its best split and returns the report.
func Build(out string, models []string, runs []sweep.Run, meta Meta) (*Report, error) {
	rep := &Report{Meta: meta, Dir: RecordedPath(out)}
	nll := map[string][]float64{}
	byModel := map[string]ModelSummary{}
	var errs []error
	byDensity := true
	for _, m := range models {
		var splits []SplitMetrics
		for _, r := range runs {
			if runCandidate(r) != m {
				continue
			}
			sp, err := ReadSplit(r.Dir, r.Seed)
			if err != nil {
				errs = append(errs, err)
				continue
			}
			if sp.Dir, err = filepath.Rel(out, r.Dir); err != nil {
				return nil, err
			}
			splits = append(splits, sp)
		}
		byModel[m] = Summarise(m, splits)
		byDensity = byDensity && allDensity(splits)
	}
	if err := errors.Join(errs...); err != nil {
		return nil, err
	}
	rep.Score = ScoreKDE
	if byDensity {
		rep.Score = ScoreDensity
		rep.ScoreNote = fmt.Sprintf("closed form for SGP, SHGP, SVHGP, HNN and MDN; a mixture of %d predictive components for SMGP and DAGP "+
			"(over the experts' assignment draws) and of %d for SLGP, GPCDE and CVAE (over their latent draws; fewer leave the estimate "+
			"biased low), which select their iteration on the KDE", DensityDraws, ContinuousDensityDraws)
	}
	for _, m := range models {
		for _, sp := range byModel[m].Splits {
			nll[m] = append(nll[m], float64(sp.RankScore(byDensity)))
		}
	}
	rep.SplitRows = splitRows(meta.Rows, runs)
	d, err := Decide(models, nll)
	if err != nil {
		return nil, err
	}
	rep.Decision = d
	for _, r := range d.Ranking {
		rep.Models = append(rep.Models, byModel[r.Model])
	}
	selection := "SLGP, GPCDE, HNN, MDN and CVAE"
	if stoppedEarly(rep) {
		selection = "every model, which also stopped early on it (train.stop)"
		if all := allRows(rep); len(all) > 0 {
			selection = fmt.Sprintf("every model but %s (full-batch L-BFGS on every training row), which also stopped early on it (train.stop)",
				strings.Join(all, " and "))
		}
	}
	rep.Protocol = protocolText(selection)
	chosen := byModel[d.Chosen]
	if i := chosen.BestSplit(); i >= 0 {
		sp := chosen.Splits[i]
		rep.Best, rep.BestSplit, rep.BestSeed = sp.Dir, sp.Dir, sp.Seed
		if err := linkBest(out, sp.Dir); err != nil {
			return nil, err
		}
	}
	return rep, nil
}

// linkBest points DIR/best at the run rel (relative to DIR, so DIR can
// move), replacing an earlier link; anything else there is refused.
func linkBest(out, rel string) error {
	link := filepath.Join(out, BestLink)
	if st, err := os.Lstat(link); err == nil {
		if st.Mode()&os.ModeSymlink == 0 {
			return fmt.Errorf("%s exists and is not the symbolic link mgp compare makes; move it away", link)
		}
		if err := os.Remove(link); err != nil {
			return err
		}
	}
	return os.Symlink(rel, link)
}

// Summary returns the summary of model (false when it has none).
func (r *Report) Summary(model string) (ModelSummary, bool) {
	i := slices.IndexFunc(r.Models, func(s ModelSummary) bool { return s.Model == model })
	if i < 0 {
		return ModelSummary{}, false
	}
	return r.Models[i], true
}

// WriteReport writes report.json and report.md into out.
func WriteReport(out string, rep *Report) error {
	b, err := json.MarshalIndent(rep, "", "  ")
	if err != nil {
		return err
	}
	if err := results.WriteFileAtomic(filepath.Join(out, "report.json"), func(w io.Writer) error {
		_, err := w.Write(append(b, '\n'))
		return err
	}); err != nil {
		return err
	}
	return results.WriteFileAtomic(filepath.Join(out, "report.md"), func(w io.Writer) error {
		_, err := io.WriteString(w, Markdown(rep))
		return err
	})
}

// splitRows returns the test rows of the splits the runs were trained on,
// by split seed (data.RandomSplit of rows data rows, as the runs made
// them).
func splitRows(rows int, runs []sweep.Run) []SplitRows {
	var out []SplitRows
	for _, r := range runs {
		if slices.ContainsFunc(out, func(s SplitRows) bool { return s.Seed == r.Seed }) {
			continue
		}
		test := slices.Clone(data.RandomSplit(rows, r.Seed).Test)
		slices.Sort(test)
		out = append(out, SplitRows{Seed: r.Seed, TestRows: test})
	}
	slices.SortFunc(out, func(a, b SplitRows) int { return cmp.Compare(a.Seed, b.Seed) })
	return out
}
