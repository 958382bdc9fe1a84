package render

import (
	"context"
	"io"
)

// tableFormat: box tables fitted to the terminal's width.
var tableFormat = Format{
	Name: "table",
	Results: func(ctx context.Context, w io.Writer, rs []*report, st Style) error {
		if chained(rs) {
			return chainText(ctx, w, rs, st)
		}
		return renderText(ctx, w, rs, st)
	},
	Compare: func(ctx context.Context, w io.Writer, cs []*comparison, st Style) error {
		return compareText(ctx, w, cs, Style{Width: st.Width})
	},
	Listing: func(w io.Writer, st Style, _ any, header []string, rows [][]string) error {
		return listing(w, false, st.Width, header, rows)
	},
	Profiles: func(w io.Writer, st Style, ps []Profile) error { return profileTables(w, st, ps) },
	Find: func(ctx context.Context, w io.Writer, fs []*found, st Style) error {
		return findText(ctx, w, fs, Style{Width: st.Width})
	},
	Sensitivity: func(ctx context.Context, w io.Writer, ss []*sensitivity, st Style) error {
		return sensitivityText(ctx, w, ss, Style{Width: st.Width})
	},
}
