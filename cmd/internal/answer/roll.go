package answer

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"net/url"
	"slices"

	"odds/cmd/internal/query"
	"odds/cmd/internal/question"
)

// RollLine answers a roll Line (odds batch's ["roll", EXPR, ...] or
// {"system": "roll", "expr": ...} line, the page's roll op): what odds
// roll EXPR --format json prints. Its words are checked as odds roll
// checks them (question.Roll).
func (e *Engine) RollLine(ctx context.Context, d *query.Line, progress Progress) (*Answer, error) {
	x, err := e.rollLine(d)
	if err != nil {
		return nil, err
	}
	return e.Run(ctx, x, progress)
}

// rollLine is a roll Line's question.
func (e *Engine) rollLine(d *query.Line) (*Question, error) {
	// Nothing else is dropped unread: odds roll refuses any other flag,
	// the page's roll op any other value (Roll).
	if d.Action != "" || len(d.Params) > 0 || len(d.Cards) > 0 || d.Vs != "" || d.Metric != "" || d.Find != "" || d.Vary != "" || d.Sensitivity != "" ||
		d.Until != "" || d.Attacks != "" || len(d.Then) > 0 || d.A != "" || d.B != "" || d.First != "" || d.Simultaneous != "" || d.Rounds != "" || d.Ends != "" || len(d.Readings) > 0 {
		return nil, &query.Error{Hint: "a roll takes expr, method, trials, seed and precision", Err: errors.New("roll: takes an expression and run settings only")}
	}
	k := question.Roll{Expr: d.Expr, Flag: "expr"}
	if _, err := k.Plan(""); err != nil {
		return nil, err
	}
	run := newRun()
	vals := d.Values()
	for _, k := range question.RunSettings {
		if v, ok := vals[k]; ok {
			if err := run.Set(k, v); err != nil {
				return nil, err
			}
		}
	}
	opts, err := run.Options()
	if err != nil {
		return nil, err
	}
	return &Question{Kind: k, Opts: query.Options{Sim: opts, TrialsGiven: run.Trials.Given, MaxTrials: e.MaxTrials}}, nil
}

// Roll answers a roll asked by URL values (the page's roll op): expr and
// the run settings method, trials, seed and precision; its document
// compact, as the page's reply carries it.
func (e *Engine) Roll(ctx context.Context, vals url.Values, progress Progress) (*Answer, error) {
	d := &query.Line{System: "roll"}
	keys := make([]string, 0, len(vals))
	for k := range vals {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	for _, k := range keys {
		v := vals.Get(k)
		switch k {
		case "expr":
			d.Expr = v
		case "method", "trials", "seed", "precision":
			d.SetRun(k, v)
		default:
			return nil, &query.Error{Flag: k, Hint: "a roll takes expr, method, trials, seed and precision", Err: fmt.Errorf("--%s: roll takes no such parameter", k)}
		}
	}
	x, err := e.rollLine(d)
	if err != nil {
		return nil, err
	}
	return e.run(ctx, x, progress, new(bytes.Buffer), true)
}
