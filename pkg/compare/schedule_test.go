package compare

import (
	"cmp"
	"fmt"
	"math"
	"strings"
	"testing"

	"github.com/mgpteam/mgp/pkg/models"
)

// TestSmallDataSchedule: on data that fits in one batch SHGP and SMGP
// train with their small-data Adam schedule (at most its iterations,
// fewer under a lower --iterations), beyond FullBatchRows with the paper's
// constant 0.005 for --iterations; a refit of fewer steps ends at the
// rate the split runs had at that iteration, not at the schedule's last.
func TestSmallDataSchedule(t *testing.T) {
	s := Settings{Name: "d", Path: "/x/d.csv", Target: "y", Iterations: 20000, NTrain: 900, Stop: DefaultStop}
	for _, model := range []string{"shgp", "smgp"} {
		e, _ := models.Lookup(model)
		sc := e.Compare.SmallData
		if sc.LR <= 0 || sc.LRFinal <= 0 || sc.LRFinal >= sc.LR || sc.Iterations <= 0 {
			t.Fatalf("%s: small-data schedule %+v, want a decaying rate over some iterations", model, sc)
		}
		cfg := decodeCompareConfig(t, model, s)
		tr := cfg.Train
		if tr.LR != sc.LR || tr.LRFinal != sc.LRFinal || tr.Iterations != sc.Iterations || tr.SelectEvery != min(250, sc.Iterations/20) {
			t.Errorf("%s on %d rows: train %+v, want schedule %+v", model, s.NTrain, tr, sc)
		}
		low := s
		low.Iterations = 400
		if tr := decodeCompareConfig(t, model, low).Train; tr.Iterations != 400 || tr.LRFinal != sc.LRFinal || tr.SelectEvery != 20 {
			t.Errorf("%s under --iterations 400: train %+v, want 400 iterations, the whole decay, checks every 20", model, tr)
		}
		big := s
		big.NTrain = FullBatchRows + 1
		if tr := decodeCompareConfig(t, model, big).Train; tr.LR != 0.005 || tr.LRFinal != 0 || tr.Iterations != 20000 {
			t.Errorf("%s on %d rows: train %+v, want Adam 0.005 for 20000 iterations", model, big.NTrain, tr)
		}
		refit := s
		refit.Refit, refit.SplitIterations, refit.Iterations = true, s.Iterations, 1001
		tr = decodeCompareConfig(t, model, refit).Train
		span := float64(sc.Iterations - 1)
		want := sc.LR * math.Pow(sc.LRFinal/sc.LR, 1000/span)
		if tr.Iterations != 1001 || tr.LR != sc.LR || math.Abs(tr.LRFinal-want) > 1e-15 {
			t.Errorf("%s refit of 1001 iterations: train %+v, want lr %g to %g", model, tr, sc.LR, want)
		}
	}
	if tr := decodeCompareConfig(t, "sgp", s).Train; tr.LRFinal != 0 {
		t.Errorf("sgp (L-BFGS) has a schedule: %+v", tr)
	}
}

// TestStopCellUsesTheRunsCap: a run that stopped at its own cap (a
// small-data schedule below the report's iterations) is marked "cap" and
// the protocol names the lower cap and the cadence it gave; reports
// without Cap render as before.
func TestStopCellUsesTheRunsCap(t *testing.T) {
	r := &Report{Meta: Meta{Iterations: 20000}, Models: []ModelSummary{{Model: "shgp", Splits: []SplitMetrics{{StoppedAt: 5000, Cap: 5000}}}}}
	if got := capText(r); !strings.Contains(got, "shgp at most 5000, checked every 250") {
		t.Errorf("capText = %q, want shgp's cap and cadence named", got)
	}
	sp := r.Models[0].Splits[0]
	if got := stopCell(sp.StoppedAt, cmp.Or(sp.Cap, r.Iterations)); got != "5000 (cap)" {
		t.Errorf("stop cell %q, want 5000 (cap)", got)
	}
	r.Models[0].Splits[0].Cap = 0
	if got := capText(r); got != "" {
		t.Errorf("capText without caps = %q, want empty", got)
	}
}

// TestSmallDataSLGPSize: on data that fits in one batch compare's SLGP
// has the small-data sizes (models.CompareSettings.ConfigureSmall: two
// hidden layers of 50, 5 samples); on more rows, and for the paper's own
// settings, the recommended [100, 100, 100] and 10. SHGP starts from its
// warm start there (model.init: residuals) and from its prior above.
func TestSmallDataSLGPSize(t *testing.T) {
	s := Settings{Name: "d", Path: "/x/d.csv", Target: "y", Iterations: 20000, NTrain: 900, Stop: DefaultStop}
	size := func(s Settings) string {
		v := decodeCompareConfig(t, "slgp", s).Model.Map()
		return fmt.Sprint(v["hidden"], " s=", v["s"], " m=", v["m"])
	}
	if got, want := size(s), "[50 50] s=5 m=100"; got != want {
		t.Errorf("slgp on %d rows: %s, want %s", s.NTrain, got, want)
	}
	big := s
	big.NTrain = FullBatchRows + 1
	if got, want := size(big), "[100 100 100] s=10 m=100"; got != want {
		t.Errorf("slgp on %d rows: %s, want %s", big.NTrain, got, want)
	}
	for _, model := range []string{"sgp", "shgp", "smgp"} {
		a, b := decodeCompareConfig(t, model, s).Model.Map(), decodeCompareConfig(t, model, big).Model.Map()
		if model == "shgp" {
			if a["init"] != models.InitResiduals || b["init"] != nil {
				t.Errorf("shgp's init: %v on %d rows, %v on %d; want %s, then none", a["init"], s.NTrain, b["init"], big.NTrain, models.InitResiduals)
			}
			delete(a, "init")
		}
		if fmt.Sprint(a) != fmt.Sprint(b) {
			t.Errorf("%s's model keys depend on the rows: %v on %d, %v on %d", model, a, s.NTrain, b, big.NTrain)
		}
	}
}
