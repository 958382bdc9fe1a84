package main

import (
	"bytes"

	"odds/cmd/internal/dest"
	"odds/cmd/internal/render"
)

// writeListing renders a listing (systems, profiles): JSON as doc, CSV and
// the tables as header and rows.
func (a *app) writeListing(doc any, header []string, rows [][]string) error {
	var b bytes.Buffer
	err := render.Named(a.format.V).Listing(&b, a.style(), doc, header, rows)
	if err != nil {
		return &dest.Error{Err: err}
	}
	return a.writeBytes(b.Bytes())
}

// writeBytes writes finished output to stdout or --out, unless the run
// was interrupted: then nothing is written.
func (a *app) writeBytes(data []byte) error {
	if err := a.ctx.Err(); err != nil {
		return err
	}
	if a.out == "" {
		if _, err := a.stdout.Write(data); err != nil {
			return &dest.Error{Err: err}
		}
		return nil
	}
	return dest.Write(a.ctx, "out", a.out, data)
}

// style is the text style the global flags ask for.
func (a *app) style() render.Style {
	return render.Style{Width: a.width, Intervals: a.intervals, Metric: a.metric, AllRows: a.allRows}
}
