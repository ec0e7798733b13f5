package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"go.yaml.in/yaml/v3"
)

// repoFile returns the path of a repository file from this package.
func repoFile(parts ...string) string {
	return filepath.Join(append([]string{"..", ".."}, parts...)...)
}

// TestK8sJobManifest parses scripts/k8s-sweep-job.yaml and checks that it
// is an indexed Job whose completions, parallelism and --shards agree and
// whose arguments are flags mgp sweep accepts, with a sweep file that
// exists.
func TestK8sJobManifest(t *testing.T) {
	b, err := os.ReadFile(repoFile("scripts", "k8s-sweep-job.yaml"))
	if err != nil {
		t.Fatal(err)
	}
	var job struct {
		APIVersion string `yaml:"apiVersion"`
		Kind       string `yaml:"kind"`
		Spec       struct {
			CompletionMode string `yaml:"completionMode"`
			Completions    int    `yaml:"completions"`
			Parallelism    int    `yaml:"parallelism"`
			Template       struct {
				Spec struct {
					RestartPolicy string `yaml:"restartPolicy"`
					Containers    []struct {
						Command []string `yaml:"command"`
						Args    []string `yaml:"args"`
						Env     []struct{ Name, Value string }
					} `yaml:"containers"`
				} `yaml:"spec"`
			} `yaml:"template"`
		} `yaml:"spec"`
	}
	if err := yaml.Unmarshal(b, &job); err != nil {
		t.Fatalf("manifest is not valid YAML: %v", err)
	}
	s := job.Spec
	if job.APIVersion != "batch/v1" || job.Kind != "Job" || s.CompletionMode != "Indexed" || s.Template.Spec.RestartPolicy != "Never" {
		t.Fatalf("not an indexed batch/v1 Job: %+v", job)
	}
	if len(s.Template.Spec.Containers) != 1 {
		t.Fatal("want one container")
	}
	c := s.Template.Spec.Containers[0]
	if strings.Join(c.Command, " ") != "bin/mgp sweep" {
		t.Fatalf("command %v", c.Command)
	}
	cmd := newSweepCmd(&globalOpts{})
	cmd.Flags().String("data-dir", "", "") // a persistent flag of the root command
	if err := cmd.ParseFlags(c.Args); err != nil {
		t.Fatalf("mgp sweep refuses the manifest's args: %v", err)
	}
	shards, _ := cmd.Flags().GetInt("shards")
	if shards != s.Completions || s.Parallelism > s.Completions || shards < 1 {
		t.Fatalf("--shards %d, completions %d, parallelism %d: must agree", shards, s.Completions, s.Parallelism)
	}
	cfg, _ := cmd.Flags().GetString("config")
	if _, err := os.Stat(repoFile(cfg)); err != nil {
		t.Fatalf("sweep file %s: %v", cfg, err)
	}
}

// TestSlurmScript checks scripts/slurm-sweep.sh with bash -n, that its
// #SBATCH lines are options, that it runs mgp sweep with flags the command
// accepts (--share by default) and that it documents an array submission.
func TestSlurmScript(t *testing.T) {
	path := repoFile("scripts", "slurm-sweep.sh")
	if out, err := exec.Command("bash", "-n", path).CombinedOutput(); err != nil {
		t.Fatalf("bash -n: %v\n%s", err, out)
	}
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	text := string(b)
	sbatch := regexp.MustCompile(`(?m)^#SBATCH (.*)$`).FindAllStringSubmatch(text, -1)
	if len(sbatch) == 0 {
		t.Fatal("no #SBATCH lines")
	}
	for _, m := range sbatch {
		if !regexp.MustCompile(`^--[a-z-]+=\S+$`).MatchString(m[1]) {
			t.Errorf("#SBATCH %q is not --option=value", m[1])
		}
	}
	if !strings.Contains(text, "sbatch --array=0-") {
		t.Error("the script does not show how to submit it as an array")
	}
	line := regexp.MustCompile(`(?m)^bin/mgp sweep (.*?) &$`).FindStringSubmatch(text)
	if line == nil {
		t.Fatal("no `bin/mgp sweep ... &` line")
	}
	var args []string
	for _, f := range strings.Fields(line[1]) {
		if strings.HasPrefix(f, "--") {
			args = append(args, f+"="+"1") // every flag of the line takes a value
		}
	}
	// The tasks share the whole sweep unless SHARE= is set: the default is
	// a flag of mgp sweep, given on the sweep line.
	share := regexp.MustCompile(`(?m)^SHARE=\$\{SHARE-(--[a-z-]+)\}$`).FindStringSubmatch(text)
	if share == nil || share[1] != "--share" || !strings.Contains(line[1], `${SHARE:+"$SHARE"}`) {
		t.Fatalf("the script does not give the tasks --share by default: %q", share)
	}
	args = append(args, share[1])
	cmd := newSweepCmd(&globalOpts{})
	cmd.Flags().String("data-dir", "", "")
	if err := cmd.ParseFlags(args); err != nil {
		t.Fatalf("mgp sweep refuses the script's flags %v: %v", args, err)
	}
}
