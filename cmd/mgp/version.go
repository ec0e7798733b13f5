package main

import (
	"fmt"
	"runtime"

	ad "github.com/mgpteam/mgp/pkg/autodiff"
	"github.com/spf13/cobra"
)

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
