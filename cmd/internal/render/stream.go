package render

import (
	"context"
	"io"

	"odds/cmd/internal/query"
)

// StreamFormats are the formats a streamed sweep (query.Stream) is
// written in: those whose rows need nothing of the rows after them. A
// table's columns are as wide as their widest cell and show only the
// parameters that vary and the outcomes that can happen, which only all
// the rows tell; a table of more than a hundred thousand rows is not
// read either.
var StreamFormats = []string{"csv", "json"}

// StreamCSV writes a streamed sweep as CSV, the same bytes as the
// results held together would be: its columns first (query.Stream.Shape:
// every point compiled, none run), then its rows as they are made.
func StreamCSV(ctx context.Context, w io.Writer, s *query.Stream) error {
	cols := csvColumns{matchup: s.Query.Matchup != ""}
	if err := s.Shape(ctx, func(r *report) error { cols.add(r); return nil }); err != nil {
		return err
	}
	rows, err := cols.start(w)
	if err != nil {
		return err
	}
	if err := s.Each(ctx, rows.write); err != nil {
		return err
	}
	return rows.bw.Flush()
}

// StreamJSON writes a streamed sweep as the JSON document of its results
// held together, a result at a time as each is made.
func StreamJSON(ctx context.Context, w io.Writer, s *query.Stream) error {
	return writeResultsJSON(w, "once", nil, func(result func(*report) error) error {
		return s.Each(ctx, result)
	})
}
