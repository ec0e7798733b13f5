package main

import (
	"bytes"
	"fmt"
	"image"
	"image/color"
	"image/png"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/mgpteam/mgp/pkg/paper"
	"github.com/mgpteam/mgp/pkg/results"
	"github.com/spf13/cobra"
)

// imageToyCSV writes a 2-class toy of 4x4-pixel images: inputs c0, c1
// one-hot, outputs p0..p15; class 0 black (0), class 1 white (1), each
// pixel with N(0, 0.03²) noise clipped to [0, 1].
func imageToyCSV(t *testing.T, dir string) (path, targets string) {
	t.Helper()
	r := rand.New(rand.NewPCG(5, 5))
	var b strings.Builder
	names := make([]string, 16)
	for j := range names {
		names[j] = fmt.Sprintf("p%d", j)
	}
	b.WriteString("c0,c1," + strings.Join(names, ",") + "\n")
	for i := range 120 {
		c := i % 2
		fmt.Fprintf(&b, "%d,%d", 1-c, c)
		for range 16 {
			fmt.Fprintf(&b, ",%.6f", min(1, max(0, float64(c)+0.03*r.NormFloat64())))
		}
		b.WriteString("\n")
	}
	return writeFile(t, dir, "images.csv", b.String()), strings.Join(names, ", ")
}

// trainImageToy trains model (slgp or cvae, small) on the image toy into
// dir/run-<model> and returns the run directory.
func trainImageToy(t *testing.T, dir, model string) string {
	t.Helper()
	csvPath, targets := imageToyCSV(t, dir)
	extra := "  m: 10\n  noise_init: 0.1\n"
	if model == "cvae" {
		extra = ""
	}
	cfg := writeFile(t, dir, model+".yaml", fmt.Sprintf(`model:
  name: %s
  s: 2
  hidden: [16]
%sdata:
  kind: csv
  path: %s
  target: [%s]
  stats: none
train:
  iterations: 300
  batch_size: 0
  lr: 0.02
eval:
  samples: 20
`, model, extra, csvPath, targets))
	runDir := filepath.Join(dir, "run-"+model)
	if _, _, err := run(t, "train", "-q", "-c", cfg, "--out", runDir); err != nil {
		t.Fatal(err)
	}
	return runDir
}

// meanGrey is the mean grey level of img over r.
func meanGrey(img image.Image, r image.Rectangle) float64 {
	s := 0.0
	for y := r.Min.Y; y < r.Max.Y; y++ {
		for x := r.Min.X; x < r.Max.X; x++ {
			s += float64(color.GrayModel.Convert(img.At(x, y)).(color.Gray).Y)
		}
	}
	return s / float64(r.Dx()*r.Dy())
}

// TestFigure9ImageToy trains SLGP on the 2-class 4x4 toy (class 0 black,
// class 1 white) and draws its figure: the command writes a PNG that
// decodes; in it every tile of label 0's row is black and every tile of
// label 1's row white (mean grey below 40 and above 215: the samples'
// noise, sd about 0.1, clipped at 0 and 1, moves a tile's mean by about
// 10 grey levels; swapped rows, or levels above 1 not clipped, which wrap
// to black, fail); the same command draws the same bytes.
func TestFigure9ImageToy(t *testing.T) {
	dir := t.TempDir()
	runDir := trainImageToy(t, dir, "slgp")
	for _, kind := range []string{"y", "f", "mean"} {
		out := filepath.Join(dir, "fig-"+kind+".png")
		args := []string{"figure9", "--run", runDir, "--samples", "3", "--scale", "8", "--kind", kind, "-o", out}
		stdout, _, err := run(t, args...)
		if err != nil {
			t.Fatalf("--kind %s: %v", kind, err)
		}
		if !strings.Contains(stdout, "SLGP, d_w = 1 (300 its): 2 labels x 3 samples, 4 x 4") || !strings.Contains(stdout, "wrote "+out) {
			t.Errorf("--kind %s: stdout %q", kind, stdout)
		}
		b, err := os.ReadFile(out)
		if err != nil {
			t.Fatal(err)
		}
		img, err := png.Decode(bytes.NewReader(b))
		if err != nil {
			t.Fatalf("--kind %s: %v", kind, err)
		}
		// The layout of the same drawing, into a second file.
		o := paper.Figure9Options{RunDirs: []string{runDir}, Samples: 3, Scale: 8, Kind: kind, RunSeed: -1, Out: filepath.Join(dir, "again.png"),
			Open: runOpener(&cobra.Command{}, &globalOpts{}, false)}
		l, _, err := paper.DrawFigure9(o)
		if err != nil {
			t.Fatal(err)
		}
		again, _ := os.ReadFile(o.Out)
		if !bytes.Equal(b, again) {
			t.Errorf("--kind %s: the same figure drawn twice differs", kind)
		}
		for c := range 3 {
			black, white := meanGrey(img, l.Tile(0, 0, c)), meanGrey(img, l.Tile(0, 1, c))
			if black > 40 || white < 215 {
				t.Errorf("--kind %s sample %d: label 0's tile has mean grey %.1f (want < 40, black), label 1's %.1f (want > 215, white)", kind, c, black, white)
			}
		}
	}
}

// TestFigure9SelectedRunTitle: a run with held-out selection is drawn with
// its selected parameters, and its panel title and line say which
// iteration they are, not the iterations trained.
func TestFigure9SelectedRunTitle(t *testing.T) {
	dir := t.TempDir()
	csvPath, targets := imageToyCSV(t, dir)
	cfg := writeFile(t, dir, "cvae.yaml", fmt.Sprintf(`model:
  name: cvae
  s: 2
  hidden: [16]
data:
  kind: csv
  path: %s
  target: [%s]
  stats: none
train:
  iterations: 200
  batch_size: 0
  lr: 0.02
  validation: 0.2
  select_every: 50
eval:
  samples: 20
`, csvPath, targets))
	runDir := filepath.Join(dir, "run")
	if _, _, err := run(t, "train", "-q", "-c", cfg, "--out", runDir); err != nil {
		t.Fatal(err)
	}
	res, err := results.ReadResult(filepath.Join(runDir, "result.json"))
	if err != nil || res.Selection == nil || res.Selection.Iter <= 0 {
		t.Fatalf("the run made no selection: %v", err)
	}
	stdout, _, err := run(t, "figure9", "--run", runDir, "--samples", "2", "-o", filepath.Join(dir, "f.png"))
	want := fmt.Sprintf("CVAE, d_w = 1 (iteration %d of 200, held-out selection): 2 labels x 2 samples", res.Selection.Iter)
	if err != nil || !strings.Contains(stdout, want) {
		t.Errorf("figure9 of a selecting run: stdout %q (err %v), want %q", stdout, err, want)
	}
}

// TestFigure9Sweep draws the runs of a sweep tree: the panel is found at
// <out>/<dataset>/<model>/<variant>/s<seed>, and a filter naming a model
// the sweep does not have is refused.
func TestFigure9Sweep(t *testing.T) {
	dir := t.TempDir()
	runDir := trainImageToy(t, dir, "slgp")
	tree := filepath.Join(dir, "tree")
	if err := os.MkdirAll(filepath.Join(tree, "images", "slgp", "dw1"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.Rename(runDir, filepath.Join(tree, "images", "slgp", "dw1", "s3")); err != nil {
		t.Fatal(err)
	}
	spec := writeFile(t, dir, "s.yaml", "name: s\nout: "+tree+"\ndatasets: [images]\nmodels: [slgp]\nseeds: 2-3\nconfig: c.yaml\n"+
		"variants: [{name: dw1, set: {model.d_w: 1}}]\nheadline: [{model: slgp, variant: dw1}]\n")
	out := filepath.Join(dir, "fig.png")
	stdout, _, err := run(t, "figure9", "--sweep", spec, "--run-seed", "3", "--samples", "2", "-o", out)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(stdout, filepath.Join("images", "slgp", "dw1", "s3")) {
		t.Errorf("stdout %q does not name the sweep's run", stdout)
	}
	// The sweep's first seed has no run yet.
	if _, _, err := run(t, "figure9", "--sweep", spec, "-o", out); err == nil || exitCode(err) != 2 || !strings.Contains(err.Error(), "s2: no such run directory") {
		t.Errorf("missing seed-2 run: err = %v", err)
	}
	if _, _, err := run(t, "figure9", "--sweep", spec, "--models", "cvae", "-o", out); err == nil || exitCode(err) != 2 || !strings.Contains(err.Error(), "--models cvae") {
		t.Errorf("--models cvae: err = %v", err)
	}
}

// TestFigure9BadInput: a run with one output (not an image), a missing
// run, a directory without a checkpoint, --kind f on CVAE (no latent f)
// and bad flags are refused with exit code 2 and a message naming the
// problem.
func TestFigure9BadInput(t *testing.T) {
	dir := t.TempDir()
	cfg := writeFile(t, dir, "c.yaml", toyYAML)
	oneOut := filepath.Join(dir, "step")
	if _, _, err := run(t, "train", "-q", "-c", cfg, "--out", oneOut); err != nil {
		t.Fatal(err)
	}
	cvae := trainImageToy(t, dir, "cvae")
	empty := filepath.Join(dir, "empty")
	if err := os.Mkdir(empty, 0o755); err != nil {
		t.Fatal(err)
	}
	out := filepath.Join(dir, "f.png")
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"--run", oneOut}, "sgp has 1 output, not a square image"},
		{[]string{"--run", filepath.Join(dir, "nope")}, "no such run directory"},
		{[]string{"--run", empty}, "no checkpoint.json"},
		{[]string{"--run", cvae, "--kind", "f"}, "cvae has no latent function f"},
		{[]string{"--run", cvae, "--kind", "z"}, `--kind "z"`},
		{[]string{"--run", cvae, "--samples", "0"}, "--samples 0"},
		{[]string{}, "give the runs to draw"},
		{[]string{"--run", cvae, "--models", "slgp"}, "give --sweep FILE"},
	} {
		_, _, err := run(t, append(append([]string{"figure9"}, tc.args...), "-o", out)...)
		if err == nil || exitCode(err) != 2 || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%v: err = %v (exit %d), want exit 2 and %q", tc.args, err, exitCode(err), tc.want)
		}
	}
	if _, err := os.Stat(out); err == nil {
		t.Error("a refused figure was written")
	}
	// CVAE draws y-samples and component means.
	if _, _, err := run(t, "figure9", "--run", cvae, "--kind", "mean", "-o", out); err != nil {
		t.Errorf("cvae --kind mean: %v", err)
	}
}
