package question

import (
	"context"
	"fmt"
	"io"
	"slices"
	"strings"

	"odds/cmd/internal/query"
	"odds/cmd/internal/render"
)

// Streamed is Once's answer to a sweep of more than query.StreamAbove
// results on a door that streams (Settings.Stream): it runs as it is
// written, a batch of points at a time, so it is never held whole. Its
// cost is estimated when it is asked (query.NewStream); it is written
// only in the formats that stream (render.StreamFormats).
type Streamed struct{ S *query.Stream }

// stream is the streamed answer of s, refused before anything runs in a
// format that cannot stream or with a figure that needs every result
// (--metric's matrix).
func stream(ctx context.Context, s *Settings, opts query.Options) (Answer, error) {
	n := s.Query.Count(query.MaxStreamPoints)
	if n > query.MaxStreamPoints {
		_, err := query.NewStream(ctx, s.Query, opts) // refused: which flag, and the bound
		return nil, err
	}
	if !slices.Contains(render.StreamFormats, s.Stream) {
		return nil, &query.Error{Flag: "format", Hint: "use --format " + strings.Join(render.StreamFormats, " or ") + ", which stream up to " + query.Group(query.MaxStreamPoints) + " results",
			Err: fmt.Errorf("--format %s: %s results are more than the %s a %s shows", s.Stream, query.Group(int64(n)), query.Group(int64(query.StreamAbove)), s.Stream)}
	}
	if s.Metric != "" {
		return nil, &query.Error{Flag: "metric", Hint: "drop --metric (each row has every figure)",
			Err: fmt.Errorf("--metric: a matrix of %s results is more than the %s one shows", query.Group(int64(n)), query.Group(int64(query.StreamAbove)))}
	}
	st, err := query.NewStream(ctx, s.Query, opts)
	if err != nil {
		return nil, err
	}
	return Streamed{st}, nil
}

func (Streamed) Kind() string { return "once" }

func (a Streamed) Write(ctx context.Context, w io.Writer, format string, _ render.Style) error {
	switch format {
	case "csv":
		return render.StreamCSV(ctx, w, a.S)
	case "json":
		return render.StreamJSON(ctx, w, a.S)
	}
	return &query.Error{Flag: "format", Err: fmt.Errorf("--format %s: a streamed sweep is written as %s", format, strings.Join(render.StreamFormats, " or "))}
}

// tooManyToPlot refuses to draw a sweep of n results, more than are held.
func tooManyToPlot(n int) error {
	return &query.Error{Flag: "plot", Hint: "sweep fewer values at once",
		Err: fmt.Errorf("--plot: %s results are more than the %s a plot draws", query.Group(int64(n)), query.Group(int64(query.StreamAbove)))}
}
