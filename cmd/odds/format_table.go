package main

import (
	"context"
	"io"
)

// tableFormat: box tables fitted to the terminal's width.
var tableFormat = format{
	name: "table",
	results: func(ctx context.Context, w io.Writer, rs []*report, st textStyle) error {
		return renderText(ctx, w, rs, st)
	},
	compare: func(ctx context.Context, w io.Writer, cs []*comparison, st textStyle) error {
		return compareText(ctx, w, cs, textStyle{width: st.width})
	},
	listing: func(w io.Writer, st textStyle, _ any, header []string, rows [][]string) error {
		return listing(w, false, st.width, header, rows)
	},
	profiles: func(a *app, w io.Writer, st textStyle, ps []any) error { return a.profileTables(w, st, ps) },
}
