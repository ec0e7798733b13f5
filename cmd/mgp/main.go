// Command mgp trains, evaluates and applies modulated scalable Gaussian
// processes (SGP, SHGP, SMGP, SLGP and their competitors) and reproduces the
// experiments of the paper that introduced them.
package main

import (
	"context"
	"fmt"
	"os"
	"os/signal"
	"syscall"
)

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	err := execute(ctx, newRootCmd(os.Stdout, os.Stderr))
	if err != nil {
		fmt.Fprintln(os.Stderr, "mgp: "+err.Error())
	}
	os.Exit(exitCode(err))
}
