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
	"odds/cmd/internal/render"
	"odds/resolve/roll"
	"odds/sim"
)

// rollQuery is a typed roll: its expression compiled (roll.Parse, the
// one validation odds roll uses) and the run's options.
type rollQuery struct {
	src  string
	plan *roll.Plan
	opts sim.Options
}

// newRollQuery checks a roll Doc (odds batch's ["roll", EXPR, ...] or
// {"system": "roll", "expr": ...}) as odds roll checks its words.
func newRollQuery(d *query.Doc) (*rollQuery, error) {
	if d.Action != "" || len(d.Params) > 0 || len(d.Cards) > 0 || d.Vs != "" || d.Metric != "" || d.Find != "" || d.Vary != "" || d.Sensitivity != "" {
		return nil, &query.Error{Hint: "a roll takes expr, method, trials, seed and precision", Err: errors.New("roll: takes an expression and run settings only")}
	}
	e, err := roll.Parse(d.Expr)
	if err != nil {
		return nil, &query.Error{Flag: "expr", Hint: "'odds roll --help' describes the expressions", Err: err}
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
	plan := roll.Compile(e)
	if err := query.CheckRollRows("expr", d.Expr, len(plan.Layout().Outcomes)); err != nil {
		return nil, err
	}
	return &rollQuery{src: d.Expr, plan: plan, opts: opts}, nil
}

// RollDoc answers a roll Doc (odds batch's roll line): what odds roll
// EXPR --format json prints.
func RollDoc(ctx context.Context, d *query.Doc, progress Progress) (*Answer, error) {
	return rollDoc(ctx, d, progress, false)
}

// rollDoc is RollDoc, its document compact (render.Style.Compact) or
// indented.
func rollDoc(ctx context.Context, d *query.Doc, progress Progress, compact bool) (*Answer, error) {
	q, err := newRollQuery(d)
	if err != nil {
		return nil, err
	}
	opts := q.opts
	if progress != nil {
		qo := query.Options{Sim: opts}
		watch(&qo, progress)
		total := opts.Trials
		if opts.Precision > 0 { // a precision target: the trials are not known
			total = -1
		}
		qo.Start(total)
		opts = qo.Sim
	}
	res, err := sim.Run(ctx, q.plan, opts)
	if err != nil {
		return nil, query.RunError(ctx, err)
	}
	r := query.NewResult("roll", "roll", []query.Input{{Name: "expr", Value: q.src}}, q.plan, res, q.opts)
	var buf bytes.Buffer
	if err := render.ResultWriters.Write(ctx, &buf, "json", []*query.Result{r}, render.Style{Compact: compact}); err != nil {
		return nil, err
	}
	return &Answer{JSON: buf.Bytes(), Of: question.Results{r}}, nil
}

// Roll answers a roll asked by URL values (the page's roll op): expr and
// the run settings method, trials, seed and precision; its document
// compact, as the page's reply carries it.
func Roll(ctx context.Context, vals url.Values, progress Progress) (*Answer, error) {
	d := &query.Doc{System: "roll"}
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
	return rollDoc(ctx, d, progress, true)
}
