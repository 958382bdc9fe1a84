package question

import (
	"context"
	"fmt"
	"io"

	"odds/cmd/internal/query"
	"odds/cmd/internal/render"
)

// Settings are one question, typed: its query, how to run it, the figure
// a matrix or heat map shows, and its kind.
type Settings struct {
	Query  *query.Query
	Opts   query.Options
	Metric string // --metric: a roster matrix's or heat map's figure ("": the headline)
	Kind   Kind   // nil: Once
	// Stream is the format the door writes a streamed answer in (the
	// command line's --format), or "" where the door holds its answers
	// (the server, odds batch, the page): a sweep of more than
	// query.StreamAbove results then streams (Streamed) rather than being
	// held, up to query.MaxStreamPoints.
	Stream string
	// Plans, if set, keeps the query's compiled points for later asks of
	// the same question (an answer engine's cache of repeated
	// questions); Once reads and fills it, other kinds ignore it.
	Plans *Plans
}

// Kind is a kind of question with its own parameters: what it asks of
// the query's points and how it answers. The kinds are listed in Kinds.
type Kind interface {
	// Name is the kind's name in listings, the page and JSON documents'
	// "kind" ("once", "until", "compare", "find", "sensitivity", ...;
	// a roll's answer is a once document).
	Name() string
	ask(ctx context.Context, s *Settings) (Answer, error)
}

// Kinds are the kinds of question, one of each (their parameters
// unset), in the order listings show them.
var Kinds = []Kind{Once{}, Until{}, Compare{}, Find{}, Sensitivity{}, Sequence{}, Engage{}, Roll{}}

// Answer is a question's answer: it writes itself in an output format
// (table, csv, json, markdown), its figures as render.Style says.
type Answer interface {
	Kind() string
	Write(ctx context.Context, w io.Writer, format string, st render.Style) error
}

// Plotter is an answer that draws itself (--plot): every kind's, outside
// the page's engine, which is built without the plot renderers.
type Plotter interface {
	// Plot draws the answer into an image whose kind path's extension
	// names (.svg, .png, .pdf); metric is --metric, title --title (""
	// for the drawing's own headline).
	Plot(path, metric, title string) ([]byte, error)
}

// Ask answers the question of s: its kind's answer to its query.
func Ask(ctx context.Context, s *Settings) (Answer, error) {
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	return KindOf(s).ask(ctx, s)
}

// CheckPlot refuses, before anything runs, a plot of a question whose
// kind draws one point's answer (a find's scan, a sensitivity's tornado)
// when its query has several points.
func CheckPlot(s *Settings) error {
	if _, once := KindOf(s).(Once); once && s.Query.Until == nil {
		// A sweep too large to hold is too large to draw.
		if n := s.Query.Count(query.MaxStreamPoints); n > query.StreamAbove {
			return tooManyToPlot(n)
		}
	}
	k, ok := KindOf(s).(interface{ plotsOne() string })
	if !ok {
		return nil
	}
	pts, err := s.Query.Points()
	if err != nil {
		return err
	}
	if len(pts) != 1 {
		return onePlot(k.plotsOne(), len(pts))
	}
	return nil
}

// onePlot refuses to draw one point's answer of n.
func onePlot(what string, n int) error {
	return &query.Error{Flag: "plot", Hint: "fix the other flags to one value each", Err: fmt.Errorf("--plot: draws %s; this run has %d", what, n)}
}

// KindOf is the kind of s (Once when none is set).
func KindOf(s *Settings) Kind {
	if s.Kind == nil {
		return Once{}
	}
	return s.Kind
}
