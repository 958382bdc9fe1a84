package render

// Fitting tables and text to the terminal's width (the tables are drawn
// by box.go, and by tablewriter where they wrap: tablewriter.go).

import (
	"io"
	"strings"
	"unicode/utf8"
)

// barFits is the bar width that keeps a box table of rows (the bar column
// still to come) within width: each column takes its widest cell plus 3.
func barFits(rows [][]string, width int) int {
	used := boxWidth(rows[len(rows)-1], rows[:len(rows)-1]) + 3 // and the bar column's padding and border
	return min(maxBar, max(minBar, width-used))
}

// boxWidth is the width of a box table as drawn without wrapping: each
// column its widest cell, one space each side and a border.
func boxWidth(header []string, rows [][]string) int {
	used := 1
	for c, widest := range columnWidths(len(header), rows) {
		for _, l := range strings.Split(header[c], "\n") {
			widest = max(widest, utf8.RuneCountInString(l))
		}
		used += widest + 3
	}
	return used
}

// columnWidths are the widths of the widest cell of each of n columns
// (rows may be shorter), read row by row.
func columnWidths(n int, rows [][]string) []int {
	widths := make([]int, n)
	for _, r := range rows {
		for c, s := range r[:min(n, len(r))] {
			widths[c] = max(widths[c], utf8.RuneCountInString(s))
		}
	}
	return widths
}

// fitHeader wraps each header at its spaces to the width of its column's
// widest cell (or its own longest word): a table too wide for the
// terminal first narrows its headers, which tablewriter's own wrapping
// leaves a few columns too wide ("unsuppressed and acts" over "30.00%").
func fitHeader(header []string, rows [][]string) []string {
	out := make([]string, len(header))
	for c, target := range columnWidths(len(header), rows) {
		words := strings.Fields(header[c])
		for _, w := range words {
			target = max(target, utf8.RuneCountInString(w))
		}
		out[c] = Wrap(words, " ", target, "")
	}
	return out
}

// wrap joins pieces with sep into lines of at most width where it can,
// breaking between pieces and continuing lines with indent.
func Wrap(pieces []string, sep string, width int, indent string) string {
	var b strings.Builder
	line := 0
	for i, p := range pieces {
		n := utf8.RuneCountInString(p)
		switch {
		case i == 0:
		case line+utf8.RuneCountInString(sep)+n > width:
			b.WriteString(strings.TrimRight(sep, " ") + "\n" + indent)
			line = len(indent)
		default:
			b.WriteString(sep)
			line += utf8.RuneCountInString(sep)
		}
		b.WriteString(p)
		line += n
	}
	return b.String()
}

// Phrases are the words of s for Wrap, a parenthesis kept whole:
// "(E[T | T <= 4])" is not broken across lines.
func Phrases(s string) []string {
	var out []string
	depth := 0
	for _, w := range strings.Fields(s) {
		if depth > 0 {
			out[len(out)-1] += " " + w
		} else {
			out = append(out, w)
		}
		depth += strings.Count(w, "(") - strings.Count(w, ")")
		depth = max(depth, 0)
	}
	return out
}

// table renders one table with tablewriter: box-drawn for the terminal,
// pipes for markdown.
// A box table wider than width wraps its long cells at word breaks;
// markdown tables never wrap (a row is one line there).
func table(w io.Writer, markdown bool, width int, header []string, rows [][]string) error {
	return drawTable(w, markdown, false, width, header, rows)
}

// listing is table for listings (systems, profiles): plain columns with
// no box around them, easy to read and to grep.
func listing(w io.Writer, markdown bool, width int, header []string, rows [][]string) error {
	var b strings.Builder
	if err := drawTable(&b, markdown, true, width, header, rows); err != nil {
		return err
	}
	lines := strings.Split(b.String(), "\n")
	for i, l := range lines {
		lines[i] = strings.TrimRight(l, " ")
	}
	_, err := io.WriteString(w, strings.Join(lines, "\n"))
	return err
}

// alignment is how a column's cells are aligned: the left or the right.
type alignment uint8

const (
	alignLeft alignment = iota
	alignRight
)

// numeric are the columns that hold numbers: right-aligned, the rest left.
var numeric = map[string]bool{"p": true, "95% ci": true, "p ≥": true, "p ≤": true, "mean": true, "sd": true, "median": true, "p5": true, "p95": true}

// alignments right-aligns the columns that hold numbers (by their header,
// or because every cell is a number) and left-aligns the rest.
func alignments(header []string, rows [][]string) []alignment {
	a := make([]alignment, len(header))
	for i, h := range header {
		a[i] = alignLeft
		if numeric[h] || numericColumn(rows, i) {
			a[i] = alignRight
		}
	}
	return a
}

// notNumeric reports whether r is none of the characters of a number,
// a percentage or an interval.
func notNumeric(r rune) bool {
	switch {
	case '0' <= r && r <= '9':
		return false
	case r < 0x80:
		return !strings.ContainsRune(".%<>-+() ", r)
	}
	return r != '±' && r != '–'
}

// numericColumn reports whether every cell of column i is a number (a
// probability, a mean) and not, say, a name or true/false.
func numericColumn(rows [][]string, i int) bool {
	for _, r := range rows {
		if i >= len(r) || r[i] == "" || strings.ContainsFunc(r[i], notNumeric) {
			return false
		}
	}
	return len(rows) > 0
}
