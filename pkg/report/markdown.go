package report

import "strings"

// WriteMarkdown writes a Markdown table: the header, the separator line and
// one line per row, every cell escaped so that a name with "|" cannot break
// the table. It is the one Markdown writer of this package; rows shorter
// than the header are not padded.
func WriteMarkdown(b *strings.Builder, header []string, rows [][]string) {
	writeMarkdownLine(b, header)
	b.WriteString("|" + strings.Repeat("---|", len(header)) + "\n")
	for _, r := range rows {
		writeMarkdownLine(b, r)
	}
}

// writeMarkdownLine writes one table line: "| a | b |".
func writeMarkdownLine(b *strings.Builder, cells []string) {
	b.WriteString("|")
	for _, c := range cells {
		b.WriteString(" " + escapeCell(c) + " |")
	}
	b.WriteString("\n")
}

// escapeCell keeps a name from breaking a Markdown table row.
func escapeCell(s string) string { return strings.ReplaceAll(s, "|", `\|`) }

// plural picks the singular or plural form for n.
func plural(n int, one, many string) string {
	if n == 1 {
		return one
	}
	return many
}
