package render

import (
	"context"
	"fmt"
	"io"
)

// csvFormat: one row per result (a roster with --metric: the matrix).
var csvFormat = Format{
	Name: "csv",
	Results: func(ctx context.Context, w io.Writer, rs []*report, st Style) error {
		if chained(rs) {
			return chainCSV(ctx, w, rs)
		}
		if m, ok := matrixOf(rs); ok && st.Metric != "" {
			return renderMatrixCSV(w, m, parseMetric(st.Metric))
		}
		return renderCSV(ctx, w, rs)
	},
	Compare: func(_ context.Context, w io.Writer, cs []*comparison, _ Style) error { return compareCSV(w, cs) },
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
	Find:        func(_ context.Context, w io.Writer, fs []*found, _ Style) error { return findCSV(w, fs) },
	Sensitivity: func(_ context.Context, w io.Writer, ss []*sensitivity, _ Style) error { return sensitivityCSV(w, ss) },
}
