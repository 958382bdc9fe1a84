// Package render writes a query's results in every output format
// (--format NAME: table, csv, json, markdown), its comparisons and
// listings, and draws --plot: the registry of formats is here, and the
// --format choices come from it. Each format is a function of the
// results, a writer and a Style; nothing here parses flags or knows of
// the command line.
package render

import (
	"context"
	"fmt"
	"io"

	"odds/cmd/internal/query"
)

// param, result and comparison are the query package's Input, Result and
// Comparison: the renderers' names for them.
type (
	param      = query.Input
	result     = query.Result
	comparison = query.Comparison
)

// ResultWriters write the results of a run (question.Once: one, a
// sweep, a roster, a file's matchups; repeated attacks' chains; a roll)
// in each format.
var ResultWriters = Writers[[]*result]{
	"table": func(ctx context.Context, w io.Writer, rs []*result, st Style) error {
		if chained(rs) {
			return chainText(ctx, w, rs, st)
		}
		return renderText(ctx, w, rs, st)
	},
	"markdown": func(ctx context.Context, w io.Writer, rs []*result, st Style) error {
		st.Markdown = true
		if chained(rs) {
			return chainText(ctx, w, rs, st)
		}
		return renderText(ctx, w, rs, st)
	},
	"csv": func(ctx context.Context, w io.Writer, rs []*result, st Style) error {
		if chained(rs) {
			return chainCSV(ctx, w, rs)
		}
		if m, ok := matrixOf(rs); ok && st.Metric != "" {
			return renderMatrixCSV(w, m, parseMetric(st.Metric))
		}
		return renderCSV(ctx, w, rs)
	},
	"json": func(ctx context.Context, w io.Writer, rs []*result, st Style) error {
		return renderJSON(ctx, w, rs, st.Metric, st.Compact)
	},
}

// Profile is one profile laid out as ordered fields, as odds profiles
// show writes it.
type Profile struct {
	Name, System, Kind string
	Fields             []query.Input
}

// profileTables writes profiles as one table each (box or markdown).
func profileTables(w io.Writer, st Style, ps []Profile) error {
	for i, p := range ps {
		if i > 0 {
			if _, err := io.WriteString(w, "\n"); err != nil {
				return err
			}
		}
		if st.Markdown {
			fmt.Fprintf(w, "### %s %s %s\n\n", p.System, p.Kind, p.Name)
		} else {
			fmt.Fprintf(w, "%s %s %s\n", p.System, p.Kind, p.Name)
		}
		rows := make([][]string, len(p.Fields))
		for i, f := range p.Fields {
			rows[i] = []string{f.Name, fmt.Sprint(f.Value)}
		}
		if err := table(w, st.Markdown, st.Width, []string{"field", "value"}, rows); err != nil {
			return err
		}
	}
	return nil
}

// usagef is bad input with no flag to blame, and a hint: odds prints it
// and its hint and exits 2, as it does every query.Error.
func usagef(hint, format string, args ...any) error {
	return &query.Error{Hint: hint, Err: fmt.Errorf(format, args...)}
}

// flagErrorf is bad input to a flag, with a hint.
func flagErrorf(flag, hint, format string, args ...any) error {
	return &query.Error{Flag: flag, Hint: hint, Err: fmt.Errorf(format, args...)}
}
