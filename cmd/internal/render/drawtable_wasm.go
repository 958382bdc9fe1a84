//go:build js && wasm

package render

import (
	"errors"
	"io"
)

// drawTable in the page's engine, which writes JSON only: the tables
// box.go draws itself, without tablewriter (tablewriter.go), which would
// be a tenth of the engine's bytes for tables the page never asks for.
func drawTable(w io.Writer, markdown, plain bool, width int, header []string, rows [][]string) error {
	align := alignments(header, rows)
	switch {
	case markdown && markdownable(header, rows):
		return markdownTable(w, header, rows, align)
	case !markdown && !plain && boxable(header, rows) && boxWidth(header, rows) <= width:
		return boxTable(w, header, rows, align)
	}
	return errors.New("render: this table is drawn by the command line, not the page's engine")
}
