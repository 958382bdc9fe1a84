package render

import (
	"fmt"
	"io"
)

// csvFormat: one row per result (a roster with --metric: the matrix).
var csvFormat = Format{
	Name: "csv",
	Listing: func(w io.Writer, _ Style, _ any, header []string, rows [][]string) error {
		return writeCSV(w, append([][]string{header}, rows...))
	},
	Profiles: func(w io.Writer, _ Style, ps []Profile) error {
		rows := [][]string{{"name", "system", "kind", "field", "value"}}
		for _, p := range ps {
			for _, f := range p.Fields {
				rows = append(rows, []string{p.Name, p.System, p.Kind, f.Name, fmt.Sprint(f.Value)})
			}
		}
		return writeCSV(w, rows)
	},
}
