//go:build !(js && wasm)

package render

import (
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/olekukonko/tablewriter"
	"github.com/olekukonko/tablewriter/renderer"
	"github.com/olekukonko/tablewriter/tw"
)

// TestBoxTable draws random tables of the cells odds writes (numbers,
// percentages, intervals, names, bars, empty cells, headers of several
// lines) with boxTable and with tablewriter, and wants the same bytes.
func TestBoxTable(t *testing.T) {
	cells := []string{"", "0", "-3", "12", "55.00%", "0%", "<0.01%", "true", "false", "none", "soft",
		"(33.08%–39.02%)", "−5", "−0.125", "none→hard", "◀ answer", "█", "██▉", "▏", "≥ 3", "≤ 2", "±1.5", "6 µs", "a  b", "fall-back", "4+2+2", "mg-team"}
	words := []string{"hesa", "def", "no", "effect", "out", "of", "action", "mean", "margin", "p", "95% ci"}
	rng := rand.New(rand.NewPCG(1, 2))
	pick := func(xs []string) string { return xs[rng.IntN(len(xs))] }
	for n := range 500 {
		cols, nrows := 1+rng.IntN(6), 1+rng.IntN(5)
		header := make([]string, cols)
		align := make([]alignment, cols)
		for c := range header {
			var lines []string
			for range 1 + rng.IntN(3) {
				line := pick(words)
				if rng.IntN(2) == 0 {
					line += " " + pick(words)
				}
				lines = append(lines, line)
			}
			header[c] = strings.Join(lines, "\n")
			if rng.IntN(8) == 0 {
				header[c] = "" // a bar column's
			}
			align[c] = alignment(rng.IntN(2))
		}
		rows := make([][]string, nrows)
		for r := range rows {
			rows[r] = make([]string, cols)
			for c := range rows[r] {
				rows[r][c] = pick(cells)
			}
		}
		if !boxable(header, rows) {
			t.Fatalf("table %d: not boxable: %q %q", n, header, rows)
		}
		var got, want strings.Builder
		if err := boxTable(&got, header, rows, align); err != nil {
			t.Fatal(err)
		}
		tbl := tablewriter.NewTable(&want, tablewriter.WithHeaderAutoFormat(tw.Off),
			tablewriter.WithRowAlignmentConfig(tw.CellAlignment{PerColumn: twAligns(align)}), tablewriter.WithHeaderAlignment(tw.AlignLeft))
		tbl.Header(header)
		if err := tbl.Bulk(rows); err != nil {
			t.Fatal(err)
		}
		if err := tbl.Render(); err != nil {
			t.Fatal(err)
		}
		if got.String() != want.String() {
			t.Fatalf("table %d: header %q rows %q\ngot\n%s\nwant (tablewriter)\n%s", n, header, rows, got.String(), want.String())
		}
	}
}

// TestBoxableRefuses: cells tablewriter would trim, break or measure
// otherwise are left to it.
func TestBoxableRefuses(t *testing.T) {
	for _, c := range []string{" 1", "1 ", "a\nb", "\t", "日本", "é"} {
		if boxable([]string{"h"}, [][]string{{c}}) {
			t.Errorf("%q boxable", c)
		}
	}
	if boxable([]string{"h", "i"}, [][]string{{"1"}}) {
		t.Error("a short row boxable")
	}
}

// TestBoxTableWrapped draws random tables too wide for their width (the
// header wraps, the cells are words) through drawTable and through
// tablewriter alone, and wants the same bytes; it counts the tables
// drawn without tablewriter's rows, so that it fails if none are.
func TestBoxTableWrapped(t *testing.T) {
	cells := []string{"", "0", "-3", "12", "55.00%", "0%", "<0.01%", "true", "false", "none", "soft", "hard",
		"fall-back", "4+2+2", "rifle-section", "100.00%", "-0.125", "−0.125", "█▉"}
	words := []string{"hesa", "def", "no", "effect", "out", "of", "action", "mean", "margin", "within", "4",
		"firer", "quality", "target", "suppressed", "unsuppressed", "and", "acts"}
	rng := rand.New(rand.NewPCG(3, 4))
	pick := func(xs []string) string { return xs[rng.IntN(len(xs))] }
	fast := 0
	for n := range 400 {
		cols, nrows := 2+rng.IntN(9), 1+rng.IntN(12)
		header := make([]string, cols)
		for c := range header {
			var ws []string
			for range 1 + rng.IntN(4) {
				ws = append(ws, pick(words))
			}
			header[c] = strings.Join(ws, " ")
		}
		rows := make([][]string, nrows)
		for r := range rows {
			rows[r] = make([]string, cols)
			for c := range rows[r] {
				rows[r][c] = pick(cells)
			}
		}
		width := 30 + rng.IntN(60)
		var got, want strings.Builder
		if err := drawTable(&got, false, false, width, header, rows); err != nil {
			t.Fatal(err)
		}
		opts, fitted, align, wraps := tableOptions(false, false, width, header, rows)
		if err := tableWriter(&want, opts, fitted, rows); err != nil {
			t.Fatal(err)
		}
		if got.String() != want.String() {
			t.Fatalf("table %d at width %d: header %q rows %q\ngot\n%s\nwant (tablewriter)\n%s", n, width, header, rows, got.String(), want.String())
		}
		if wraps {
			var probe strings.Builder
			if ok, _ := wrappedBoxTable(&probe, fitted, rows, align, opts); ok {
				fast++
			}
		}
	}
	if fast < 100 {
		t.Errorf("%d of 400 tables drawn by wrappedBoxTable, want at least 100", fast)
	}
	t.Logf("%d of 400 tables drawn by wrappedBoxTable", fast)
}

// TestMarkdownTable draws random markdown tables with markdownTable and
// with tablewriter's markdown renderer, and wants the same bytes.
func TestMarkdownTable(t *testing.T) {
	cells := []string{"", "0", "-3", "12", "55.00%", "0%", "<0.01%", "true", "none", "(33.08%–39.02%)",
		"█", "██▉", "≥ 3", "6 µs", "a  b", "fall-back", "4+2+2"}
	words := []string{"", "hesa", "def", "no effect", "out of action", "mean margin", "p", "95% ci"}
	rng := rand.New(rand.NewPCG(5, 6))
	pick := func(xs []string) string { return xs[rng.IntN(len(xs))] }
	for n := range 500 {
		cols, nrows := 1+rng.IntN(6), 1+rng.IntN(5)
		header := make([]string, cols)
		align := make([]alignment, cols)
		for c := range header {
			header[c] = pick(words)
			align[c] = alignment(rng.IntN(2))
		}
		rows := make([][]string, nrows)
		for r := range rows {
			rows[r] = make([]string, cols)
			for c := range rows[r] {
				rows[r][c] = pick(cells)
			}
		}
		if !markdownable(header, rows) {
			t.Fatalf("table %d: not markdownable: %q %q", n, header, rows)
		}
		var got, want strings.Builder
		if err := markdownTable(&got, header, rows, align); err != nil {
			t.Fatal(err)
		}
		tbl := tablewriter.NewTable(&want, tablewriter.WithHeaderAutoFormat(tw.Off),
			tablewriter.WithRowAlignmentConfig(tw.CellAlignment{PerColumn: twAligns(align)}), tablewriter.WithHeaderAlignment(tw.AlignLeft),
			tablewriter.WithRenderer(renderer.NewMarkdown()))
		tbl.Header(header)
		if err := tbl.Bulk(rows); err != nil {
			t.Fatal(err)
		}
		if err := tbl.Render(); err != nil {
			t.Fatal(err)
		}
		if got.String() != want.String() {
			t.Fatalf("table %d: header %q rows %q\ngot\n%s\nwant (tablewriter)\n%s", n, header, rows, got.String(), want.String())
		}
	}
}

// TestEmptyColumn: a column with no text at all is drawn as tablewriter
// draws it, zero wide in a box, one wide in markdown.
func TestEmptyColumn(t *testing.T) {
	header, rows := []string{"a", ""}, [][]string{{"1", ""}}
	for _, markdown := range []bool{false, true} {
		var got, want strings.Builder
		if err := drawTable(&got, markdown, false, 80, header, rows); err != nil {
			t.Fatal(err)
		}
		opts, fitted, _, _ := tableOptions(markdown, false, 80, header, rows)
		if err := tableWriter(&want, opts, fitted, rows); err != nil {
			t.Fatal(err)
		}
		if got.String() != want.String() {
			t.Errorf("markdown %v: got\n%s\nwant (tablewriter)\n%s", markdown, got.String(), want.String())
		}
	}
}
