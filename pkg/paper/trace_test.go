package paper

import (
	"strings"
	"testing"
)

// TestTraceLabels checks that runs are labelled by their directory's name
// (a sweep's seed directory with its data set, model and variant) and, in
// a sweep tree where every run is s0, s1, ..., by the path below the
// directories they share.
func TestTraceLabels(t *testing.T) {
	for _, c := range []struct{ in, want []string }{
		{[]string{"runs/b0/result.json", "runs/b1/result.json"}, []string{"b0", "b1"}},
		{[]string{"r/concrete/slgp/rec/s0/result.json", "r/concrete/slgp/paper/s0/result.json"},
			[]string{"concrete/slgp/rec/s0", "concrete/slgp/paper/s0"}},
		{[]string{"r/concrete/slgp/rec/s0/result.json", "r/wine-red/slgp/rec/s0/result.json"},
			[]string{"concrete/slgp/rec/s0", "wine-red/slgp/rec/s0"}},
		{[]string{"a/s0/result.json", "a/s0/result.json"}, []string{"a/s0", "a/s0"}},
		{[]string{"results/mnist/runs/mnist/slgp/dw16/s0/result.json"}, []string{"mnist/slgp/dw16/s0"}},
		{[]string{"r/concrete/slgp/rec/s0/result.json", "r/concrete/slgp/rec/s1/result.json"},
			[]string{"concrete/slgp/rec/s0", "concrete/slgp/rec/s1"}},
	} {
		got := traceLabels(c.in)
		if strings.Join(got, ",") != strings.Join(c.want, ",") {
			t.Errorf("traceLabels(%v) = %v, want %v", c.in, got, c.want)
		}
	}
}
