package main

import (
	"bytes"
	"net"

	"odds/cmd/internal/query"
	"odds/cmd/internal/render"
)

// param and report are the query package's Input and Result: the
// renderers' names for them.
type (
	param  = query.Input
	report = query.Result
)

// chunks holds output in pieces, each up to maxChunk bytes: a large
// document is never copied to grow one buffer (a 99,372-point sweep is
// 21 MB as a table, 169 MB as JSON; a doubling buffer held up to twice
// that and copied it on every growth).
type chunks struct{ parts net.Buffers }

const minChunk, maxChunk = 4 << 10, 1 << 20

func (c *chunks) Write(p []byte) (int, error) {
	n := len(p)
	for len(p) > 0 {
		if k := len(c.parts); k == 0 || len(c.parts[k-1]) == cap(c.parts[k-1]) {
			size := minChunk
			if k > 0 {
				size = min(maxChunk, 2*cap(c.parts[k-1]))
			}
			c.parts = append(c.parts, make([]byte, 0, size))
		}
		last := &c.parts[len(c.parts)-1]
		k := min(len(p), cap(*last)-len(*last))
		*last = append(*last, p[:k]...)
		p = p[k:]
	}
	return n, nil
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
