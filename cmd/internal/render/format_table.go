package render

import (
	"io"
)

// tableFormat: box tables fitted to the terminal's width.
var tableFormat = Format{
	Name: "table",
	Listing: func(w io.Writer, st Style, _ any, header []string, rows [][]string) error {
		return listing(w, false, st.Width, header, rows)
	},
	Profiles: func(w io.Writer, st Style, ps []Profile) error { return profileTables(w, st, ps) },
}
