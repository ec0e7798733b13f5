//go:build !unix

package awake

import "os"

// watchContinue: without SIGCONT, no stop is ever seen.
func watchContinue() (<-chan os.Signal, func()) { return nil, func() {} }
