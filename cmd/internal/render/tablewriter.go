//go:build !(js && wasm)

package render

// Tables that wrap, drawn by tablewriter. The page's engine (js && wasm)
// writes JSON only and draws tables without it (drawtable_wasm.go):
// tablewriter and what it brings are a tenth of the engine's bytes.

import (
	"bufio"
	"io"
	"strings"
	"unicode/utf8"

	"github.com/olekukonko/tablewriter"
	"github.com/olekukonko/tablewriter/renderer"
	"github.com/olekukonko/tablewriter/tw"
)

func drawTable(w io.Writer, markdown, plain bool, width int, header []string, rows [][]string) error {
	opts, header, align, wraps := tableOptions(markdown, plain, width, header, rows)
	if markdown && markdownable(header, rows) {
		return markdownTable(w, header, rows, align)
	}
	if !markdown && !plain && boxable(header, rows) {
		if !wraps {
			return boxTable(w, header, rows, align)
		}
		if ok, err := wrappedBoxTable(w, header, rows, align, opts); ok || err != nil {
			return err
		}
	}
	return tableWriter(w, opts, header, rows)
}

// tableOptions are tablewriter's options for the table, its header
// (fitted to the width where the table is too wide) and its columns'
// alignments; wraps says tablewriter is to wrap it.
func tableOptions(markdown, plain bool, width int, header []string, rows [][]string) (opts []tablewriter.Option, fitted []string, align []alignment, wraps bool) {
	align = alignments(header, rows)
	opts = []tablewriter.Option{
		tablewriter.WithHeaderAutoFormat(tw.Off),
		tablewriter.WithRowAlignmentConfig(tw.CellAlignment{PerColumn: twAligns(align)}),
		tablewriter.WithHeaderAlignment(tw.AlignLeft),
	}
	if markdown {
		opts = append(opts, tablewriter.WithRenderer(renderer.NewMarkdown()))
	} else if boxWidth(header, rows) > width {
		header = fitHeader(header, rows)
		if boxWidth(header, rows) > width {
			wraps = true
			opts = append(opts, tablewriter.WithMaxWidth(width), tablewriter.WithRowAutoWrap(tw.WrapNormal),
				tablewriter.WithHeaderAutoWrap(tw.WrapNormal))
		}
	}
	if plain && !markdown {
		opts = append(opts, tablewriter.WithRenderer(renderer.NewBlueprint(tw.Rendition{
			Borders: tw.BorderNone,
			Symbols: tw.NewSymbols(tw.StyleNone),
			Settings: tw.Settings{
				Separators: tw.Separators{BetweenRows: tw.Off, BetweenColumns: tw.Off},
				Lines:      tw.Lines{ShowHeaderLine: tw.Off},
			},
		})))
	}
	return opts, header, align, wraps
}

// tableWriter draws the table with tablewriter.
func tableWriter(w io.Writer, opts []tablewriter.Option, header []string, rows [][]string) error {
	t := tablewriter.NewTable(w, opts...)
	t.Header(header)
	if err := t.Bulk(rows); err != nil {
		return err
	}
	return t.Render()
}

// wrappedBoxTable draws a box table too wide for the terminal whose rows'
// cells are single words: tablewriter wraps the header (its own way, which
// is the output's) and cannot wrap the cells, so it lays out the header
// with a sample of the rows, one holding each column's widest cell, and
// boxTable's rows go beneath. ok is false, and nothing written, when a
// cell has a space (tablewriter would wrap it) or the sample's columns
// are not its widest cells' (a layout this does not know).
func wrappedBoxTable(w io.Writer, header []string, rows [][]string, align []alignment, opts []tablewriter.Option) (ok bool, err error) {
	widths := cellWidths(rows)
	var sample [][]string
	picked := map[int]bool{}
	for c, n := range widths {
		for i, r := range rows {
			if strings.Contains(r[c], " ") {
				return false, nil
			}
			if utf8.RuneCountInString(r[c]) == n && !picked[i] {
				picked[i] = true
				sample = append(sample, r)
				break
			}
		}
	}
	var drawn strings.Builder
	if err := tableWriter(&drawn, opts, header, sample); err != nil {
		return false, err
	}
	lines := strings.SplitAfter(drawn.String(), "\n")
	if len(lines) < len(sample)+4 || lines[len(lines)-1] != "" {
		return false, nil
	}
	lines = lines[:len(lines)-1]
	// The top rule gives the columns' widths: each is its widest cell's,
	// or the header's if wider.
	segs := strings.Split(strings.TrimSuffix(strings.TrimPrefix(lines[0], "┌"), "┐\n"), "┬")
	if len(segs) != len(widths) {
		return false, nil
	}
	for c, seg := range segs {
		widths[c] = max(widths[c], utf8.RuneCountInString(seg)-2)
		if seg != strings.Repeat("─", widths[c]+2) {
			return false, nil
		}
	}
	// The sample's rows, drawn, must be boxTable's: one line each.
	head := len(lines) - len(sample) - 1
	var mine strings.Builder
	writeRows(&mine, sample, widths, align)
	if mine.String() != strings.Join(lines[head:len(lines)-1], "") || lines[len(lines)-1] != rule(widths, "└", "┴", "┘") {
		return false, nil
	}
	b := bufio.NewWriterSize(w, 64<<10)
	for _, l := range lines[:head] {
		b.WriteString(l)
	}
	writeRows(b, rows, widths, align)
	b.WriteString(lines[len(lines)-1])
	return true, b.Flush()
}

// twAligns are the alignments as tablewriter says them.
func twAligns(align []alignment) []tw.Align {
	a := make([]tw.Align, len(align))
	for i, x := range align {
		a[i] = tw.AlignLeft
		if x == alignRight {
			a[i] = tw.AlignRight
		}
	}
	return a
}
