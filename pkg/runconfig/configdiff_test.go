package runconfig

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/mgpteam/mgp/pkg/data"
)

// TestConfigDiffForResume: the log cadence may change on a resume, the
// learning rate may not, and the message names the key with both values.
func TestConfigDiffForResume(t *testing.T) {
	a := RunConfig{Train: TrainConfig{LR: 0.005, LogEvery: 1000}}
	b := a
	b.Train.LogEvery = 7
	if d := configDiff(a, b); d != "" {
		t.Fatalf("log cadence counted as a change: %q", d)
	}
	b.Train.LR = 0.01
	if d := configDiff(a, b); d != "train.lr: 0.005 in the checkpoint, 0.01 now" {
		t.Fatalf("configDiff = %q", d)
	}
	if d := configDiff(a, a); strings.TrimSpace(d) != "" {
		t.Fatalf("a config differs from itself: %q", d)
	}
}

// TestConfigDiffDataPathForms: a CSV data.path recorded relative (runs
// trained before mgp train recorded it absolute) agrees with the same file
// made absolute against the working directory, and differs from another
// file; a nytaxi path (relative to the data directory) is compared as
// written.
func TestConfigDiffDataPathForms(t *testing.T) {
	abs, err := filepath.Abs("my.csv")
	if err != nil {
		t.Fatal(err)
	}
	rel := RunConfig{Data: DataConfig{Kind: "csv", Path: "my.csv"}}
	now := RunConfig{Data: DataConfig{Kind: "csv", Path: abs}}
	if d := configDiff(rel, now); d != "" {
		t.Errorf("relative and absolute forms of one file differ: %q", d)
	}
	now.Data.Path = filepath.Join(filepath.Dir(abs), "other.csv")
	if d := configDiff(rel, now); !strings.Contains(d, "data.path") {
		t.Errorf("another file agrees: %q", d)
	}
	taxi := RunConfig{Data: DataConfig{Kind: string(data.KindNYTaxi), Path: "nytaxi/train.csv"}}
	taxiAbs := taxi
	taxiAbs.Data.Path, _ = filepath.Abs("nytaxi/train.csv")
	if d := configDiff(taxi, taxiAbs); !strings.Contains(d, "data.path") {
		t.Errorf("nytaxi paths compared as CSV paths: %q", d)
	}
}
