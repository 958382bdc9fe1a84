package query

import (
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
	Params         []Input
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
}

// Inputs are a result's cards (by role) then its parameters: what a
// sweep or roster varies.
func (r *Result) Inputs() []Input { return append(slices.Clip(r.Cards), r.Params...) }

// NewResult is the result of plan's run res, with the given inputs.
func NewResult(system, action string, params []Input, plan resolve.Plan, res *sim.Result, opts sim.Options) *Result {
	return &Result{
		System: system, Action: action, Params: params,
		Trials: res.Trials, Seed: opts.Seed, Exact: res.Exact, How: res.How, Leftover: res.Leftover,
		Workers: opts.Workers, Elapsed: res.Elapsed,
		Summary:   sim.Summarize(plan.Layout(), res),
		Precision: opts.Precision, Ceiling: opts.Trials * int64(resolve.B2I(opts.Precision > 0)),
	}
}

// PointResult is the result of a query's point: its inputs in the
// action's order with their sources, its cards, the matchup and notes.
func PointResult(q *Query, pt Point, plan resolve.Plan, res *sim.Result, opts sim.Options) *Result {
	r := NewResult(q.System.Name, q.Action.Name, Params(q.Action, pt), plan, res, opts)
	r.Matchup, r.Notes, r.Note = q.Matchup, q.Action.Notes, q.Action.Note
	if cp, ok := plan.(*chainPlan); ok {
		r.Chain = cp.figures(res)
		if res.Exact {
			r.How = "markov-chain"
		}
	}
	for _, role := range q.Action.Roles {
		if u := pt.Cards[role.Name]; u != nil {
			r.Cards = append(r.Cards, Input{Name: role.Name, Value: u.Name})
		}
	}
	return r
}

// Params lists the values of a point in the action's parameter order,
// with where each came from.
func Params(act *resolve.Action, pt Point) []Input {
	var ps []Input
	for i := range act.Params {
		p := &act.Params[i]
		x, ok := pt.Values[p.Name]
		if !ok {
			continue
		}
		ps = append(ps, Input{Name: p.Name, Value: p.Display(x), Source: pt.Sources[p.Name]})
	}
	return ps
}

// Report is what Run answers: one result per point, in order.
type Report struct {
	Results []*Result
}
