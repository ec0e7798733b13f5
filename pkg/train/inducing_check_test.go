package train

import (
	"context"
	"strings"
	"testing"

	"gonum.org/v1/gonum/mat"

	"github.com/mgpteam/mgp/pkg/runconfig"
)

// TestCheckInducingParams: a model with more inducing points than training
// rows is refused, naming the inducing inputs (models.InducingInputter);
// one with as many, and a model without inducing inputs, pass.
func TestCheckInducingParams(t *testing.T) {
	X := mat.NewDense(6, 1, []float64{0, 1, 2, 3, 4, 5})
	Y := mat.NewDense(6, 1, []float64{1, 0, 1, 0, 1, 0})
	exp := &Experiment{Name: "six", XTrain: X, YTrain: Y}
	for _, c := range []struct {
		model string
		set   map[string]any
		want  string // "" when accepted
	}{
		{"sgp", map[string]any{"m": 7}, "7 inducing points (Z)"},
		{"smgp", map[string]any{"m": 8, "t": 2}, "8 inducing points (f_Z)"},
		{"sgp", map[string]any{"m": 6}, ""},
		{"hnn", nil, ""},
	} {
		cfg := runconfig.DefaultRunConfig()
		cfg.Model = runconfig.MustModelConfig(c.model, c.set)
		m, err := BuildModel(context.Background(), cfg, exp, BuildOptions{Restoring: true})
		if err != nil {
			t.Fatal(err)
		}
		err = checkInducingParams(m, exp)
		if c.want == "" && err != nil || c.want != "" && (err == nil || !strings.Contains(err.Error(), c.want)) {
			t.Errorf("%s %v: %v, want %q", c.model, c.set, err, c.want)
		}
	}
}
