package question

import (
	"context"
	"errors"
	"fmt"

	"odds/cmd/internal/query"
	"odds/resolve/roll"
	"odds/sim"
)

// Roll is a dice expression's answer (odds roll EXPR): one result whose
// outcomes are the expression's values. Its answer is Once's, one
// result, but drawn as a roll.
type Roll struct {
	Expr string
	// Flag names the expression in errors: "" for the command line's
	// argument, "expr" for a request's value.
	Flag    string
	AllRows bool // --all-rows: every value of the far tails, in the plot too
}

func (Roll) Name() string { return "roll" }

// RollPlan is expr parsed and compiled: the one validation of a roll,
// for every door and for merge, refusing one of too many values.
func RollPlan(flag, expr string) (*roll.Plan, error) {
	e, err := roll.Parse(expr)
	if err != nil {
		return nil, &query.Error{Flag: flag, Hint: "'odds roll --help' describes the expressions", Err: err}
	}
	plan := roll.Compile(e)
	if err := query.CheckRollRows(flag, expr, len(plan.Layout().Outcomes)); err != nil {
		return nil, err
	}
	return plan, nil
}

// Plan is the roll's plan (RollPlan), refused with a metric: a roll
// has no roster to show as a matrix.
func (k Roll) Plan(metric string) (*roll.Plan, error) {
	plan, err := RollPlan(k.Flag, k.Expr)
	if err == nil && metric != "" {
		err = &query.Error{Flag: "metric", Hint: "a roll is one result; --metric picks the figure of a roster of two card roles",
			Err: errors.New("--metric: odds roll has no roster to show as a matrix")}
	}
	return plan, err
}

func (k Roll) ask(ctx context.Context, s *Settings) (Answer, error) {
	plan, err := k.Plan(s.Metric)
	if err != nil {
		return nil, err
	}
	opts := s.Opts
	so := opts.Sim
	if err := query.CheckBudget(1, &so, opts.MaxTrials, opts.TrialsGiven); err != nil {
		return nil, err
	}
	var res *sim.Histogram
	switch m := opts.Merged; {
	case m != nil && m.Points != 1:
		return nil, &query.Error{Hint: "merge the shards of one run", Err: fmt.Errorf("merge: the shards hold %d results, a roll has one", m.Points)}
	case m != nil:
		if res, err = m.Result(0, plan); err != nil {
			return nil, err
		}
	default:
		opts.Begin(1, so)
		if res, err = sim.Run(ctx, plan, so); err != nil {
			return nil, query.RunError(ctx, err)
		}
	}
	r := query.NewResult("roll", "roll", []query.Input{{Name: "expr", Value: k.Expr}}, plan, res, so)
	return Rolled{Results: Results{r}, AllRows: k.AllRows}, nil
}

// Rolled is the answer of Roll: one result, written as Once's.
type Rolled struct {
	Results
	AllRows bool
}
