// Package doccheck holds tests of the repository's own text, and has no
// code of its own: every exported name of the module's library packages
// has a doc comment (the project's standard); no committed doc or report
// names a path of the machine that wrote it; the worked example that
// README and docs/compare.md quote gives the figures of its committed
// report; and every relative Markdown link of README, docs/ and
// results/*.md leads to a file that exists.
package doccheck
