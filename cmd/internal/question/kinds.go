package question

import (
	"context"
	"fmt"
	"io"

	"odds/cmd/internal/query"
	"odds/cmd/internal/render"
)

// Once is one attack at every point of the query (a result, a sweep, a
// roster), or, with the query's Until set, repeated attacks on one
// target; Also are more queries answered in the same run (the matchups
// of a file). Its budget is query.Run's: points times trials, and the
// compiled tables' memory, checked before any trial runs.
type Once struct{ Also []*query.Query }

func (Once) Name() string { return "once" }

func (k Once) ask(ctx context.Context, s *Settings) (Answer, error) {
	opts := s.Opts
	if s.Metric != "" && opts.Check == nil {
		metric := s.Metric
		opts.Check = func(q *query.Query) error { return render.CheckRoster(q, metric, false) }
	}
	qs := append([]*query.Query{s.Query}, k.Also...)
	if s.Stream != "" && query.Streams(qs, opts) {
		return stream(ctx, s, opts)
	}
	if s.Plans == nil {
		rep, err := query.Run(ctx, qs, opts)
		if err != nil {
			return nil, err
		}
		return Results(rep), nil
	}
	// query.Run, its points compiled once for every ask of the question.
	all := s.Plans.load()
	if all == nil {
		var err error
		if all, err = query.CompileChecked(ctx, qs, opts.Check); err != nil {
			return nil, err
		}
		s.Plans.keep(all)
	}
	if s.Plans.Kept() {
		opts.Sim.Kept = &s.Plans.exact
	}
	rep, err := query.RunCompiled(ctx, all, opts)
	if err != nil {
		return nil, err
	}
	return Results(rep), nil
}

// Until is repeated attacks on one target, its state carried (--until
// OUTCOME --attacks N): the queries' Until says the outcome and the
// attacks, since it changes what their points compile to (a chain of
// the target's states); the answer is Once's, a chain at each point.
type Until struct{ Also []*query.Query }

func (Until) Name() string { return "until" }

func (k Until) ask(ctx context.Context, s *Settings) (Answer, error) {
	for _, q := range append([]*query.Query{s.Query}, k.Also...) {
		if q.Until == nil {
			return nil, &query.Error{Flag: "until", Err: fmt.Errorf("--until: %s %s asks for no repeated attacks", q.System.Name, q.Action.Name)}
		}
	}
	return Once(k).ask(ctx, s)
}

// Results are the answer of Once and Until: a result (or chain) at each
// point.
type Results []*query.Result

// Kind is "once", or "until" for repeated attacks (a query with Until:
// its results are chains).
func (rs Results) Kind() string {
	if len(rs) > 0 && rs[0].Chain != nil {
		return "until"
	}
	return "once"
}

// Note adds note to each result's (a partial merge's: tables show it
// under the result, JSON as its note).
func (rs Results) Note(note string) {
	for _, r := range rs {
		if r.Note != "" {
			r.Note += "; "
		}
		r.Note += note
	}
}

func (rs Results) Write(ctx context.Context, w io.Writer, format string, st render.Style) error {
	return render.ResultWriters.Write(ctx, w, format, rs, st)
}

// Compare is the query against a variant of it (--vs FLAGS: B), every
// point of both on common random numbers, with B − A's paired interval.
type Compare struct {
	B  *query.Query
	Vs string // the variant as given, for titles
}

func (Compare) Name() string { return "compare" }

func (c Compare) ask(ctx context.Context, s *Settings) (Answer, error) {
	cs, err := query.Compare(ctx, s.Query, c.B, c.Vs, s.Opts)
	if err != nil {
		return nil, err
	}
	return Comparisons(cs), nil
}

// Comparisons are the answer of Compare, one a point.
type Comparisons []*query.Comparison

func (Comparisons) Kind() string { return "compare" }

func (cs Comparisons) Write(ctx context.Context, w io.Writer, format string, st render.Style) error {
	return render.CompareWriters.Write(ctx, w, format, cs, st)
}

// Find is the value of one numeric flag at which a condition starts to
// hold (--find 'OUTCOME>=P' --vary FLAG), at every point of the query.
type Find struct{ Spec query.FindSpec }

func (Find) Name() string { return "find" }

func (Find) plotsOne() string { return "the scan of one answer" }

func (f Find) ask(ctx context.Context, s *Settings) (Answer, error) {
	fs, err := query.Find(ctx, s.Query, f.Spec, s.Opts)
	if err != nil {
		return nil, err
	}
	return Founds(fs), nil
}

// Founds are the answer of Find, one a point.
type Founds []*query.Found

func (Founds) Kind() string { return "find" }

func (fs Founds) Write(ctx context.Context, w io.Writer, format string, st render.Style) error {
	return render.FindWriters.Write(ctx, w, format, fs, st)
}

// Sensitivity is what each modifier changes at every point of the query
// (--sensitivity [METRIC]): the change in Metric ("": the action's
// headline outcome) of each one-flag change, the largest first.
type Sensitivity struct{ Metric string }

func (Sensitivity) Name() string { return "sensitivity" }

func (Sensitivity) plotsOne() string { return "the tornado of one point" }

func (k Sensitivity) ask(ctx context.Context, s *Settings) (Answer, error) {
	ss, err := query.Sensitivities(ctx, s.Query, k.Metric, s.Opts)
	if err != nil {
		return nil, err
	}
	return Sensitivities(ss), nil
}

// Sensitivities are the answer of Sensitivity, one a point.
type Sensitivities []*query.Sensitivity

func (Sensitivities) Kind() string { return "sensitivity" }

func (ss Sensitivities) Write(ctx context.Context, w io.Writer, format string, st render.Style) error {
	return render.SensitivityWriters.Write(ctx, w, format, ss, st)
}
