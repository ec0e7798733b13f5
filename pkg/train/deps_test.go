package train

import (
	"os/exec"
	"strings"
	"testing"
)

// TestDependencyDirection enforces DESIGN.md's one-way dependencies:
// autodiff knows nothing of GPs, models never see data/eval/train, eval
// consumes samples and not models, and only cmd/mgp imports cobra/viper.
func TestDependencyDirection(t *testing.T) {
	const mod = "github.com/mgpteam/mgp/"
	forbidden := map[string][]string{
		"pkg/autodiff": {mod + "pkg/models", mod + "pkg/data", mod + "pkg/eval", mod + "pkg/train"},
		"pkg/models":   {mod + "pkg/data", mod + "pkg/eval", mod + "pkg/train"},
		"pkg/data":     {mod + "pkg/models", mod + "pkg/eval", mod + "pkg/train", mod + "pkg/autodiff"},
		"pkg/eval":     {mod + "pkg/models", mod + "pkg/data", mod + "pkg/train", mod + "pkg/autodiff"},
		"pkg/train":    {"github.com/spf13/cobra", "github.com/spf13/viper"},
	}
	for pkg, bad := range forbidden {
		out, err := exec.Command("go", "list", "-deps", mod+pkg+"/...").Output()
		if err != nil {
			t.Skipf("go list unavailable: %v", err)
		}
		deps := strings.Fields(string(out))
		for _, d := range deps {
			for _, b := range bad {
				if d == b || strings.HasPrefix(d, b+"/") {
					t.Errorf("%s depends on %s", pkg, d)
				}
			}
		}
	}
}
