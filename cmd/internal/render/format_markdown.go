package render

import (
	"io"
)

// markdownFormat: the tables as markdown, for notes and wikis.
var markdownFormat = Format{
	Name: "markdown",
	Listing: func(w io.Writer, st Style, _ any, header []string, rows [][]string) error {
		return listing(w, true, st.Width, header, rows)
	},
	Profiles: func(w io.Writer, st Style, ps []Profile) error {
		st.Markdown = true
		return profileTables(w, st, ps)
	},
}
