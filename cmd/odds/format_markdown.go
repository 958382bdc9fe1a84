package main

import (
	"context"
	"io"
)

// markdownFormat: the tables as markdown, for notes and wikis.
var markdownFormat = format{
	name: "markdown",
	results: func(ctx context.Context, w io.Writer, rs []*report, st textStyle) error {
		st.markdown = true
		return renderText(ctx, w, rs, st)
	},
	compare: func(ctx context.Context, w io.Writer, cs []*comparison, st textStyle) error {
		return compareText(ctx, w, cs, textStyle{markdown: true, width: st.width})
	},
	listing: func(w io.Writer, st textStyle, _ any, header []string, rows [][]string) error {
		return listing(w, true, st.width, header, rows)
	},
	profiles: func(a *app, w io.Writer, st textStyle, ps []any) error {
		st.markdown = true
		return a.profileTables(w, st, ps)
	},
}
