package render

// Box tables drawn directly: a sweep of 100,000 points is a table of
// 100,000 rows, which tablewriter draws in seconds and gigabytes (it
// builds a context per cell). Where no cell needs wrapping, a box table
// is columns padded to their widest cell between rules, which boxTable
// writes itself, byte for byte as tablewriter would (TestBoxTable
// compares the two).

import (
	"bufio"
	"io"
	"strings"
	"unicode/utf8"
)

// plainCell reports whether boxTable draws s as tablewriter does: one
// line of printable ASCII or of the few other characters odds writes
// (dashes, the minus sign, bars, comparisons, arrows), each one column
// wide, with no space at either end (tablewriter trims those).
func plainCell(s string) bool {
	if s != strings.TrimSpace(s) {
		return false
	}
	for _, r := range s {
		if (r < 0x20 || r > 0x7e) && !strings.ContainsRune("–−≥≤±µ→◀█▏▎▍▌▋▊▉", r) {
			return false
		}
	}
	return true
}

// boxable reports whether boxTable can draw the table: every row as wide
// as the header and every cell (and header line) plain.
func boxable(header []string, rows [][]string) bool {
	if len(rows) == 0 || len(header) == 0 {
		return false
	}
	for _, h := range header {
		for _, l := range strings.Split(h, "\n") {
			if !plainCell(l) {
				return false
			}
		}
	}
	for _, r := range rows {
		if len(r) != len(header) {
			return false
		}
		for _, c := range r {
			if !plainCell(c) {
				return false
			}
		}
	}
	return true
}

// boxTable draws a box table whose cells need no wrapping: the header's
// lines left-aligned, the rows' cells right-aligned where align says so
// and left-aligned otherwise (alignments makes no other).
func boxTable(w io.Writer, header []string, rows [][]string, align []alignment) error {
	widths := make([]int, len(header))
	lines := make([][]string, len(header))
	depth := 0
	for c, h := range header {
		lines[c] = strings.Split(h, "\n")
		depth = max(depth, len(lines[c]))
		for _, l := range lines[c] {
			widths[c] = max(widths[c], utf8.RuneCountInString(l))
		}
	}
	for c, n := range cellWidths(rows) {
		widths[c] = max(widths[c], n)
	}
	b := bufio.NewWriterSize(w, 64<<10)
	b.WriteString(rule(widths, "┌", "┬", "┐"))
	for l := range depth {
		for c, ls := range lines {
			s := ""
			if l < len(ls) {
				s = ls[l]
			}
			writeCell(b, "│", s, widths[c], alignLeft)
		}
		b.WriteString("│\n")
	}
	b.WriteString(rule(widths, "├", "┼", "┤"))
	writeRows(b, rows, widths, align)
	b.WriteString(rule(widths, "└", "┴", "┘"))
	return b.Flush()
}

// cellWidths are the widths of the rows' widest cell in each column.
func cellWidths(rows [][]string) []int {
	widths := make([]int, len(rows[0]))
	for _, r := range rows {
		for c, s := range r {
			widths[c] = max(widths[c], utf8.RuneCountInString(s))
		}
	}
	return widths
}

// rule is a box table's horizontal line over columns of these widths.
func rule(widths []int, left, mid, right string) string {
	var b strings.Builder
	b.WriteString(left)
	for c, n := range widths {
		if c > 0 {
			b.WriteString(mid)
		}
		b.WriteString(strings.Repeat("─", n+2))
	}
	b.WriteString(right + "\n")
	return b.String()
}

// writer is what the rows are written to: a bufio.Writer or a Builder.
type writer interface {
	io.Writer
	io.StringWriter
	io.ByteWriter
}

// writeRows writes the rows, each on one line, between box borders.
func writeRows(b writer, rows [][]string, widths []int, align []alignment) {
	writeLines(b, "│", rows, widths, align)
}

// writeLines writes the rows, each on one line, bar between cells.
func writeLines(b writer, bar string, rows [][]string, widths []int, align []alignment) {
	for _, r := range rows {
		for c, s := range r {
			writeCell(b, bar, s, widths[c], align[c])
		}
		b.WriteString(bar)
		b.WriteByte('\n')
	}
}

// spaces pads cells.
var spaces = strings.Repeat(" ", 256)

// writeCell writes one cell and the border (bar) before it.
func writeCell(b writer, bar, s string, width int, a alignment) {
	b.WriteString(bar)
	b.WriteByte(' ')
	gap := width - utf8.RuneCountInString(s)
	pad := func() {
		for n := gap; n > 0; n -= len(spaces) {
			b.WriteString(spaces[:min(n, len(spaces))])
		}
	}
	if a == alignRight {
		pad()
		b.WriteString(s)
	} else {
		b.WriteString(s)
		pad()
	}
	b.WriteByte(' ')
}

// markdownable reports whether markdownTable can draw the table: boxable,
// with one line a header and no pipe in any cell (tablewriter escapes
// those).
func markdownable(header []string, rows [][]string) bool {
	if !boxable(header, rows) {
		return false
	}
	for _, h := range header {
		if strings.ContainsAny(h, "|\n") {
			return false
		}
	}
	for _, r := range rows {
		for _, c := range r {
			if strings.Contains(c, "|") {
				return false
			}
		}
	}
	return true
}

// markdownTable draws a markdown table as tablewriter's markdown renderer
// does: columns padded to their widest cell, the header left-aligned, the
// rule saying each column's alignment.
func markdownTable(w io.Writer, header []string, rows [][]string, align []alignment) error {
	widths := cellWidths(rows)
	for c, h := range header {
		widths[c] = max(widths[c], utf8.RuneCountInString(h), 1) // an empty column is one wide
	}
	b := bufio.NewWriterSize(w, 64<<10)
	left := make([]alignment, len(header))
	writeLines(b, "|", [][]string{header}, widths, left)
	for c, n := range widths {
		b.WriteByte('|')
		if align[c] == alignRight {
			b.WriteString(strings.Repeat("-", n+1) + ":")
		} else {
			b.WriteString(":" + strings.Repeat("-", n+1))
		}
	}
	b.WriteString("|\n")
	writeLines(b, "|", rows, widths, align)
	return b.Flush()
}
