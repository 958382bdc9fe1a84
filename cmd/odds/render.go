package main

import (
	"bytes"
	"context"

	"odds/cmd/internal/query"
	"odds/cmd/internal/render"
)

// param and report are the query package's Input and Result: the
// renderers' names for them.
type (
	param  = query.Input
	report = query.Result
)

// write renders the reports in the chosen format to stdout or --out. The
// output is rendered whole before anything is written, and --out is
// written to a temporary file renamed into place, so an interrupted or
// failed run leaves no partial file.
func (a *app) write(ctx context.Context, reports []*report) error {
	var buf bytes.Buffer
	// Renderers look at ctx between results: a Ctrl-C during the
	// rendering of a large grid stops it.
	err := render.Named(a.format.V).Results(ctx, &buf, reports, a.style())
	if ctx.Err() != nil {
		return ctx.Err()
	}
	if err != nil {
		return &ioError{err}
	}
	return a.writeBytes(buf.Bytes())
}

// writeListing renders a listing (systems, profiles): JSON as doc, CSV and
// the tables as header and rows.
func (a *app) writeListing(doc any, header []string, rows [][]string) error {
	var b bytes.Buffer
	err := render.Named(a.format.V).Listing(&b, a.style(), doc, header, rows)
	if err != nil {
		return &ioError{err}
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
			return &ioError{err}
		}
		return nil
	}
	return writeDest(a.ctx, "out", a.out, data)
}

// style is the text style the global flags ask for.
func (a *app) style() render.Style {
	return render.Style{Width: a.width, Intervals: a.intervals, Metric: a.metric, AllRows: a.allRows}
}
