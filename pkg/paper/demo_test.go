package paper

import "testing"

// TestDemoIterationsPerModel: the latent-input models take the slow count,
// and the iteration info names them.
func TestDemoIterationsPerModel(t *testing.T) {
	o := DemoOptions{Models: []string{"sgp", "slgp"}, Iterations: 2000, SlowIterations: 800}
	if o.itersFor("sgp") != 2000 || o.itersFor("slgp") != 800 || o.itersFor("gpcde") != 800 {
		t.Errorf("sgp %d, slgp %d, gpcde %d; want 2000, 800, 800", o.itersFor("sgp"), o.itersFor("slgp"), o.itersFor("gpcde"))
	}
	if info := o.iterationInfo(); info != "2000 iterations, SLGP 800" {
		t.Errorf("iteration info %q", info)
	}
	o.SlowIterations = 2000
	if info := o.iterationInfo(); info != "2000 iterations" {
		t.Errorf("iteration info %q with equal counts", info)
	}
}

// TestDemoJobOrder: the slow latent-input runs start first, the largest
// toy first.
func TestDemoJobOrder(t *testing.T) {
	o := DemoOptions{Models: []string{"sgp", "shgp", "slgp"}, Iterations: 2000, SlowIterations: 800}
	jobs := demoJobs(o, fakeToys)
	if len(jobs) != 9 {
		t.Fatalf("%d jobs", len(jobs))
	}
	want := []demoJob{{"slgp", "hetero"}, {"slgp", "step"}, {"slgp", "moons"}, {"sgp", "hetero"}}
	for i, w := range want {
		if jobs[i] != w {
			t.Fatalf("jobs start %v, want %v", jobs[:4], want)
		}
	}
}
