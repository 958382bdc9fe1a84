package query

import (
	"iter"
	"slices"
	"time"

	"odds/resolve"
	"odds/sim"
)

// Input is one input of a result, after cards and defaults.
type Input struct {
	Name   string
	Value  any    // int, bool or string
	Source string // default, flag, "attacker card NAME", "matchup NAME"
}

// Result is the answer at one point of a query, ready to render.
type Result struct {
	System, Action string
	Matchup        string  // the matchup run, if any
	Cards          []Input // unit card names by role
	Trials         int64
	Seed           uint64
	Exact          bool
	How            string
	Leftover       float64
	Workers        int
	Elapsed        time.Duration
	SharedDice     bool // the histogram of an earlier result with the same dice, read anew
	Summary        sim.Summary
	Notes          map[string]string // what an outcome means, by name (tables show it)
	Note           string            // what holds whatever the outcome (tables show it once)
	Precision      float64           // --precision's half-width target, if any
	Ceiling        int64             // with Precision: the most trials a result may run
	Chain          *Chain            // repeated attacks (--until): what they reach, or nil
	Sequence       *SequenceFigures  // a sequence of attacks (--then), or nil

	// The parameters (Params, EachParam, Param): a point's settings,
	// shared with the other points of its sweep, or given as a list.
	point  Point
	params []Input
}

// Headline is the headline outcome (resolve.Action.HeadlineOf) of
// results of one action, a sweep's or a roster's: the first of the
// action's headline outcomes that can happen in any of them; "" for
// results of no action (a roll).
func Headline(rs []*Result) string {
	act := rs[0].point.act
	if act == nil {
		return ""
	}
	var names []string
	best := map[string]float64{}
	for _, r := range rs {
		for _, o := range r.Summary.Outcomes {
			if _, ok := best[o.Name]; !ok {
				names = append(names, o.Name)
			}
			best[o.Name] = max(best[o.Name], o.P)
		}
	}
	p := make([]float64, len(names))
	for i, n := range names {
		p[i] = best[n]
	}
	return act.HeadlineOf(names, p)
}

// Params lists the result's parameters in the action's order, with
// where each came from. It builds the list: EachParam and Param read
// the parameters without building one.
func (r *Result) Params() []Input {
	if r.point.act == nil {
		return slices.Clip(r.params)
	}
	return appendParams(nil, r.point.act, r.point)
}

// EachParam yields the result's parameters in the action's order.
func (r *Result) EachParam() iter.Seq[Input] {
	return func(yield func(Input) bool) {
		if r.point.act == nil {
			for _, in := range r.params {
				if !yield(in) {
					return
				}
			}
			return
		}
		for i, s := range r.point.Set {
			if s != nil && !yield(Input{Name: r.point.act.Params[i].Name, Value: s.shown, Source: s.Source}) {
				return
			}
		}
	}
}

// Param is the result's parameter of that name.
func (r *Result) Param(name string) (Input, bool) {
	if r.point.act == nil {
		for _, in := range r.params {
			if in.Name == name {
				return in, true
			}
		}
		return Input{}, false
	}
	for i, s := range r.point.Set {
		if s != nil && r.point.act.Params[i].Name == name {
			return Input{Name: name, Value: s.shown, Source: s.Source}, true
		}
	}
	return Input{}, false
}

// Inputs are a result's cards (by role) then its parameters: what a
// sweep or roster varies.
func (r *Result) Inputs() []Input { return append(slices.Clip(r.Cards), r.Params()...) }

// Input is the input of that name, a card's role or a parameter, as
// Inputs has it, without building the list.
func (r *Result) Input(name string) (Input, bool) {
	for _, in := range r.Cards {
		if in.Name == name {
			return in, true
		}
	}
	return r.Param(name)
}

// NewResult is the result of plan's run res, with the given inputs.
func NewResult(system, action string, params []Input, plan resolve.Plan, res *sim.Histogram, opts sim.Options) *Result {
	r := resultOf(system, action, sim.Summarize(plan.Layout(), res), res, opts)
	r.params = params
	return &r
}

// resultOf is the result of run res whose summary is sum.
func resultOf(system, action string, sum sim.Summary, res *sim.Histogram, opts sim.Options) Result {
	return Result{
		System: system, Action: action,
		Trials: res.Trials, Seed: opts.Seed, Exact: res.Exact, How: res.How, Leftover: res.Leftover,
		Workers: opts.Workers, Elapsed: res.Elapsed,
		Summary:   sum,
		Precision: opts.Precision, Ceiling: opts.Trials * int64(resolve.B2I(opts.Precision > 0)),
	}
}

// PointResult is the result of a query's point: its inputs in the
// action's order with their sources, its cards, the matchup and notes.
func PointResult(q *Query, pt Point, plan resolve.Plan, res *sim.Histogram, opts sim.Options) *Result {
	r := resultOf(q.System.Name, q.Action.Name, sim.Summarize(plan.Layout(), res), res, opts)
	r.setPoint(q, pt, plan, res)
	return &r
}

// setPoint gives the result of point pt's plan the point's inputs, the
// matchup, the notes, and a chain's figures.
func (r *Result) setPoint(q *Query, pt Point, plan resolve.Plan, res *sim.Histogram) {
	r.point, r.Cards = pt, cardInputs(q, pt)
	r.Matchup, r.Notes, r.Note = q.Matchup, q.Action.Notes, q.Action.Note
	if sp, ok := plan.(*seqPlan); ok {
		r.Sequence = sp.figures(res)
		if res.Exact {
			r.How = "markov-chain"
		}
	}
	if cp, ok := plan.(*chainPlan); ok {
		r.Chain = cp.figures(res)
		if res.Exact {
			r.How = "markov-chain"
		}
	}
}

// cardInputs are the names of a point's cards by role, in the action's
// order of roles.
func cardInputs(q *Query, pt Point) []Input {
	var cards []Input
	for _, role := range q.Action.Roles {
		if u := pt.Cards[role.Name]; u != nil {
			cards = append(cards, Input{Name: role.Name, Value: u.Name})
		}
	}
	return cards
}

// Params lists the values of a point in the action's parameter order,
// with where each came from.
func Params(act *resolve.Action, pt Point) []Input {
	return appendParams(nil, act, pt)
}

// appendParams appends the point's inputs to ps.
func appendParams(ps []Input, act *resolve.Action, pt Point) []Input {
	for i, s := range pt.Set {
		if s != nil {
			ps = append(ps, Input{Name: act.Params[i].Name, Value: s.shown, Source: s.Source})
		}
	}
	return ps
}
