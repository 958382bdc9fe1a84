package render

import (
	"context"
	"io"
)

// markdownFormat: the tables as markdown, for notes and wikis.
var markdownFormat = Format{
	Name: "markdown",
	Results: func(ctx context.Context, w io.Writer, rs []*report, st Style) error {
		st.Markdown = true
		if chained(rs) {
			return chainText(ctx, w, rs, st)
		}
		return renderText(ctx, w, rs, st)
	},
	Compare: func(ctx context.Context, w io.Writer, cs []*comparison, st Style) error {
		return compareText(ctx, w, cs, Style{Markdown: true, Width: st.Width})
	},
	Listing: func(w io.Writer, st Style, _ any, header []string, rows [][]string) error {
		return listing(w, true, st.Width, header, rows)
	},
	Profiles: func(w io.Writer, st Style, ps []Profile) error {
		st.Markdown = true
		return profileTables(w, st, ps)
	},
	Find: func(ctx context.Context, w io.Writer, fs []*found, st Style) error {
		return findText(ctx, w, fs, Style{Markdown: true, Width: st.Width})
	},
	Sensitivity: func(ctx context.Context, w io.Writer, ss []*sensitivity, st Style) error {
		return sensitivityText(ctx, w, ss, Style{Markdown: true, Width: st.Width})
	},
}
