package question

import (
	"context"
	"fmt"
	"io"

	"odds/cmd/internal/query"
	"odds/cmd/internal/render"
)

// Engage is two sides exchanging attacks until one breaks (odds engage
// 'A ATTACK' 'B ATTACK'): the settings' query is A's attack on B, B's
// attack on A; every point of A's against every point of B's. Its
// budget is query.Engage's: engagements times trials, and the compiled
// tables' memory, checked before any trial runs.
type Engage struct {
	B     *query.Query
	Cards query.EngageCards // --a, --b: each side's cards, every pair engaged
	Spec  query.EngageSpec
}

func (Engage) Name() string { return "engage" }

func (k Engage) ask(ctx context.Context, s *Settings) (Answer, error) {
	if render.IsPer100(s.Metric) {
		if err := query.CheckEngagePoints("metric", s.Metric, s.Query, k.B, k.Cards); err != nil {
			return nil, err
		}
	}
	es, err := query.Engage(ctx, s.Query, k.B, k.Cards, k.Spec, s.Opts)
	if err != nil {
		return nil, err
	}
	return Engagements(es), nil
}

// Engagements are the answer of Engage, one a pair of points.
type Engagements []*query.Engagement

func (Engagements) Kind() string { return "engage" }

func (es Engagements) Write(ctx context.Context, w io.Writer, format string, st render.Style) error {
	return render.EngageWriters.Write(ctx, w, format, es, st)
}

// Engagement is the question of an engagement matchup (odds run
// --matchup NAME of one whose attacks engage): Engage with the cards
// and exchange the matchup gives, refusing one attack's questions and a
// metric engagements do not have.
func (a *Asked) Engagement(e *query.EngageMatchup) (*Settings, error) {
	g := a.Given
	for _, f := range []struct {
		name  string
		given bool
	}{{"until", g.Until}, {"attacks", g.Attacks}, {"find", g.Find}, {"vary", g.Vary}, {"sensitivity", g.Sensitivity}, {"vs", g.Vs}, {"then", g.Then}} {
		if f.given {
			return nil, &query.Error{Flag: f.name, Hint: "an engagement answers its rounds and states",
				Err: fmt.Errorf("--%s: not with an engagement matchup (%s)", f.name, e.Name)}
		}
	}
	if err := render.CheckEngageMetric(a.Metric); err != nil {
		return nil, err
	}
	return &Settings{Query: e.A, Metric: a.Metric, Kind: Engage{B: e.B, Cards: e.Cards, Spec: e.Spec}}, nil
}
