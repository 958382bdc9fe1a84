package main

import (
	"context"
	"fmt"
	"io"
)

// csvFormat: one row per result (a roster with --metric: the matrix).
var csvFormat = format{
	name: "csv",
	results: func(ctx context.Context, w io.Writer, rs []*report, st textStyle) error {
		if m, ok := matrixOf(rs); ok && st.metric != "" {
			return renderMatrixCSV(w, m, parseMetric(st.metric))
		}
		return renderCSV(ctx, w, rs)
	},
	compare: func(_ context.Context, w io.Writer, cs []*comparison, _ textStyle) error { return compareCSV(w, cs) },
	listing: func(w io.Writer, _ textStyle, _ any, header []string, rows [][]string) error {
		return writeCSV(w, append([][]string{header}, rows...))
	},
	profiles: func(a *app, w io.Writer, _ textStyle, ps []any) error {
		rows := [][]string{{"name", "system", "kind", "field", "value"}}
		for _, p := range ps {
			name, system, kind, fields := a.profileFields(p)
			for _, f := range fields {
				rows = append(rows, []string{name, system, kind, f.Name, fmt.Sprint(f.Value)})
			}
		}
		return writeCSV(w, rows)
	},
}
