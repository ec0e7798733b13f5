package main

import (
	"fmt"
	"io"
	"os"
	"runtime"
	"strings"

	ad "github.com/mgpteam/mgp/pkg/autodiff"
	"github.com/mgpteam/mgp/pkg/results"
	"github.com/spf13/cobra"
)

// globalOpts are the persistent flags shared by every command.
type globalOpts struct {
	dataDir string
	quiet   bool
	stdout  io.Writer
	stderr  io.Writer
}

// progressTo is where a command's progress lines go: stderr, or nowhere
// under --quiet.
func progressTo(g *globalOpts, cmd *cobra.Command) io.Writer {
	if g.quiet {
		return nil
	}
	return cmd.ErrOrStderr()
}

func newRootCmd(stdout, stderr io.Writer) *cobra.Command {
	g := &globalOpts{stdout: stdout, stderr: stderr}
	root := &cobra.Command{
		Use:           "mgp",
		Short:         "Modulated scalable Gaussian processes: train, evaluate, predict, reproduce the paper",
		Long:          helpText("root"),
		SilenceErrors: true,
		SilenceUsage:  true,
	}
	root.SetOut(stdout)
	root.SetErr(stderr)
	root.PersistentFlags().StringVar(&g.dataDir, "data-dir", "", "data directory (default: $MGP_DATA_DIR, then the config's data.dir, then ./data)")
	root.PersistentFlags().BoolVarP(&g.quiet, "quiet", "q", false, "no progress output")
	root.AddCommand(newTrainCmd(g), newEvalCmd(g), newPredictCmd(g), newCompareCmd(g), newDataCmd(g), newDemoCmd(g),
		newTableCmd(g), newRunsCmd(g), newTraceCmd(g), newAblationCmd(g), newFigure9Cmd(g), newSweepCmd(g), newVersionCmd(g), newFigure7Cmd(g), newFigure8Cmd(g), newVerifyCmd(g))
	withAdvice(root.Commands())
	typeUsageErrors(root)
	return root
}

func newVersionCmd(_ *globalOpts) *cobra.Command {
	return &cobra.Command{
		Use:   "version",
		Short: "Print the version, Go version and active BLAS backend",
		Args:  cobra.NoArgs,
		Run: func(cmd *cobra.Command, _ []string) {
			fmt.Fprintf(cmd.OutOrStdout(), "mgp %s (%s, BLAS: %s)\n", version(), runtime.Version(), ad.Backend())
		},
	}
}

// gitVersion is set by the Makefile (-ldflags "-X main.gitVersion=...").
var gitVersion string

// version is the version results record: gitVersion, or what the Go
// toolchain recorded (results.BuildVersion).
func version() string { return results.BuildVersion(gitVersion) }

// commandLine is the invocation, for provenance in result files.
func commandLine() string { return strings.Join(os.Args, " ") }
