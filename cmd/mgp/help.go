package main

import (
	"embed"
	"strings"
)

// helpFiles holds the commands' long help texts, one help/<command>.txt
// each, as `mgp <command> --help` prints them.
//
//go:embed help/*.txt
var helpFiles embed.FS

// helpText is the long help text of the command name (help/<name>.txt,
// less its final newline). A missing file is a build mistake that every
// test of the commands catches.
func helpText(name string) string {
	b, err := helpFiles.ReadFile("help/" + name + ".txt")
	if err != nil {
		panic(err)
	}
	return strings.TrimSuffix(string(b), "\n")
}
