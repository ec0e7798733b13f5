package runconfig

import (
	"encoding/json"
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/mgpteam/mgp/pkg/config"
	"github.com/mgpteam/mgp/pkg/models"
	"github.com/mgpteam/mgp/pkg/rundir"
)

// TestCommittedResultConfigsLoad: the run config of every committed
// result file decodes (strictly, its model section into the model's typed
// config) and survives a JSON round trip unchanged, so mgp eval, mgp
// predict and --resume read what earlier versions wrote.
func TestCommittedResultConfigsLoad(t *testing.T) {
	n := 0
	err := filepath.WalkDir("../../results", func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || d.Name() != rundir.ResultFile {
			return err
		}
		b, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		var r struct {
			Config RunConfig `json:"config"`
		}
		if err := json.Unmarshal(b, &r); err != nil {
			t.Errorf("%s: %v", p, err)
			return nil
		}
		again, err := json.Marshal(r.Config)
		if err != nil {
			t.Fatal(err)
		}
		var back RunConfig
		if err := json.Unmarshal(again, &back); err != nil {
			t.Errorf("%s: the re-written config does not load: %v", p, err)
		} else if d := configDiff(r.Config, back); d != "" {
			t.Errorf("%s: a JSON round trip changes %s", p, d)
		}
		n++
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if n < 100 {
		t.Fatalf("only %d result files under results/", n)
	}
}

// TestPartialModelSectionMatchesFull: a model section that sets only some
// keys (as result and checkpoint files written before the typed decoder
// hold) equals the full section of the same values, so a resume of an old
// checkpoint sees no config change; a changed value is still a change.
func TestPartialModelSectionMatchesFull(t *testing.T) {
	old := []byte(`{"model":{"name":"slgp","m":100,"beta":1,"prior":"scaled"},"data":{"name":"wine-red"},"train":{"iterations":20000,"lr":0.005},"eval":{"samples":200}}`)
	var a RunConfig
	if err := json.Unmarshal(old, &a); err != nil {
		t.Fatal(err)
	}
	full, err := json.Marshal(a)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(full), `"nu0_init"`) {
		t.Fatalf("the written section lacks the defaults: %s", full)
	}
	var b RunConfig
	if err := json.Unmarshal(full, &b); err != nil {
		t.Fatal(err)
	}
	if d := configDiff(a, b); d != "" {
		t.Fatalf("partial and full sections differ: %s", d)
	}
	b.Model.Config.(*models.SLGPConfig).Beta = 0.5
	if d := configDiff(a, b); !strings.Contains(d, "model.beta") {
		t.Fatalf("a changed beta is not a difference: %q", d)
	}
	var bad RunConfig
	err = json.Unmarshal([]byte(`{"model":{"name":"sgp","m":10.5}}`), &bad)
	var ke *config.KeyError
	if !errors.As(err, &ke) || ke.Key != "model.m" {
		t.Fatalf("a fractional m in a saved config: err = %v, want a KeyError for model.m", err)
	}
}

// TestLatentDim: the latent models report d_w as their config holds it
// (Map's "d_w"), the others have none.
func TestLatentDim(t *testing.T) {
	for name, want := range map[string]int{"slgp": 16, "gpcde": 3, "cvae": 2} {
		mc := MustModelConfig(name, map[string]any{"d_w": want})
		if dw, ok := mc.LatentDim(); !ok || dw != want || mc.Map()["d_w"] != want {
			t.Errorf("%s: LatentDim %d, %v; Map %v; want %d", name, dw, ok, mc.Map()["d_w"], want)
		}
	}
	if _, ok := MustModelConfig("sgp", nil).LatentDim(); ok {
		t.Error("sgp has a latent dimension")
	}
}
