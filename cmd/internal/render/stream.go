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
// results held together would be: its columns first (query.Shapes:
// every point compiled, none run), then its rows, a batch of points on
// each of the stream's workers for both, written in order.
func StreamCSV(ctx context.Context, w io.Writer, s *query.Stream) error {
	cols := csvColumns{matchup: s.Query.Matchup != ""}
	// Each batch's columns, merged in order: the union in first-seen
	// order, as adding every result in turn gives.
	err := query.Shapes(ctx, s, s.Workers(), func(_ int, rs []*result, _ *csvColumns) (*csvColumns, error) {
		var c csvColumns
		for _, r := range rs {
			c.add(r)
		}
		return &c, nil
	}, func(c *csvColumns) error {
		cols.merge(c)
		return nil
	})
	if err != nil {
		return err
	}
	if err := writeCSV(w, [][]string{cols.header()}); err != nil {
		return err
	}
	rows := make([]*csvRows, s.Workers())
	for i := range rows {
		rows[i] = cols.newRows()
	}
	return s.Batches(ctx, len(rows), func(worker int, _ bool, rs []*result, buf []byte) ([]byte, error) {
		for _, r := range rs {
			buf = append(buf, rows[worker].row(r)...)
		}
		return buf, nil
	}, func(b []byte) error {
		_, err := w.Write(b)
		return err
	})
}

// StreamJSON writes a streamed sweep as the JSON document of its results
// held together, a batch of results on each of the stream's workers,
// written in order.
func StreamJSON(ctx context.Context, w io.Writer, s *query.Stream) error {
	if _, err := io.WriteString(w, "{\n  \"kind\": \"once\",\n  \"results\": ["); err != nil {
		return err
	}
	jws := make([]jsonw, s.Workers())
	for i := range jws {
		jws[i].memo = map[uint64][]byte{}
	}
	err := s.Batches(ctx, len(jws), func(worker int, first bool, rs []*result, buf []byte) ([]byte, error) {
		jw := &jws[worker]
		for i, r := range rs {
			if !first || i > 0 {
				buf = append(buf, ',')
			}
			jw.b, jw.depth = append(buf, "\n    "...), 2
			jw.result(r)
			if jw.err != nil {
				return nil, jw.err
			}
			buf = jw.b
		}
		jw.b = nil
		return buf, nil
	}, func(b []byte) error {
		_, err := w.Write(b)
		return err
	})
	if err != nil {
		return err
	}
	end := "]\n}\n"
	if s.Points > 0 {
		end = "\n  " + end
	}
	_, err = io.WriteString(w, end)
	return err
}
