package results

import (
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestNoTestResult: a result without test rows writes no "metrics" object
// (never zeros a table would take for values) and ReadResult refuses it
// with its no_test reason; a result with metrics still writes them.
func TestNoTestResult(t *testing.T) {
	b, err := json.Marshal(Result{Model: "sgp", Dataset: "d", NoTest: "trained on all 10 rows"})
	if err != nil {
		t.Fatal(err)
	}
	if strings.Contains(string(b), `"metrics"`) {
		t.Errorf("no-test result writes metrics: %s", b)
	}
	p := filepath.Join(t.TempDir(), "result.json")
	if err := os.WriteFile(p, b, 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := ReadResult(p); !errors.Is(err, ErrNoMetrics) || !strings.Contains(err.Error(), "trained on all 10 rows") {
		t.Errorf("ReadResult: %v", err)
	}
	b, _ = json.Marshal(Result{Model: "sgp", Dataset: "d", Metrics: Metrics{NLL: 1, NTest: 3}})
	if !strings.Contains(string(b), `"metrics":{"nll":1`) {
		t.Errorf("a result with metrics: %s", b)
	}
}
