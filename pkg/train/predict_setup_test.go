package train

import (
	"context"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/mgpteam/mgp/pkg/models"
	"github.com/mgpteam/mgp/pkg/runconfig"
	"gonum.org/v1/gonum/mat"
)

// TestPredictFromRunDirAlone trains every registered model briefly on a
// CSV, deletes the CSV and checks that the model restored from the run
// directory alone draws exactly the samples of the model restored with the
// data, and carries the columns' names and standardisation.
func TestPredictFromRunDirAlone(t *testing.T) {
	for _, name := range models.Names() {
		t.Run(name, func(t *testing.T) {
			dir := t.TempDir()
			r := rand.New(rand.NewPCG(3, 4))
			var b strings.Builder
			b.WriteString("a,b,target\n")
			for range 120 {
				x1, x2 := 4*r.Float64()-2, 10*r.Float64()
				fmt.Fprintf(&b, "%.17g,%.17g,%.17g\n", x1, x2, 3+x1*x1+0.1*x2+0.2*r.NormFloat64())
			}
			csvPath := filepath.Join(dir, "d.csv")
			if err := os.WriteFile(csvPath, []byte(b.String()), 0o644); err != nil {
				t.Fatal(err)
			}
			cfg := toyConfig(name, 15)
			cfg.Model = modelCfg(map[string]any{"name": name})
			cfg.Data = runconfig.DataConfig{Kind: "csv", Path: csvPath, Target: []string{"target"}, Split: "random"}
			runDir := filepath.Join(dir, "run")
			if _, err := Run(context.Background(), cfg, Options{OutDir: runDir}); err != nil {
				t.Fatal(err)
			}
			_, exp, withData, err := LoadRun(runDir, "")
			if err != nil {
				t.Fatal(err)
			}
			if err := os.Remove(csvPath); err != nil {
				t.Fatal(err)
			}
			_, info, alone, err := LoadForPredict(runDir, "")
			if err != nil {
				t.Fatalf("without the training CSV: %v", err)
			}
			if strings.Join(info.XNames, ",") != "a,b" || strings.Join(info.YNames, ",") != "target" {
				t.Fatalf("names %v %v", info.XNames, info.YNames)
			}
			if info.Std.XMean[1] != exp.Std.XMean[1] || info.Std.YStd[0] != exp.Std.YStd[0] {
				t.Fatal("standardisation differs from the data's")
			}
			X := exp.XTest
			y1, _ := withData.Sample(X, 7, rand.New(rand.NewPCG(9, 9)))
			y2, _ := alone.Sample(X, 7, rand.New(rand.NewPCG(9, 9)))
			if !mat.Equal(y1, y2) {
				t.Fatal("the model restored without data predicts differently")
			}
		})
	}
}
