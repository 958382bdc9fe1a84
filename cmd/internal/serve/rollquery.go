package serve

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"slices"

	"odds/cmd/internal/flagval"
	"odds/cmd/internal/query"
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
	trials := flagval.Count{N: 1_000_000, Min: 1, Max: 1e12}
	method := flagval.Choice{V: "auto", Choices: sim.Methods}
	var seed flagval.Seed
	var precision flagval.Prob
	vals := d.Values()
	for _, k := range []string{"method", "precision", "seed", "trials"} {
		v, ok := vals[k]
		if !ok {
			continue
		}
		var err error
		switch k {
		case "trials":
			err = trials.Set(v)
		case "method":
			err = method.Set(v)
		case "seed":
			err = seed.Set(v)
		case "precision":
			err = precision.Set(v)
		}
		if err != nil {
			return nil, &query.Error{Flag: k, Err: fmt.Errorf("--%s: %v", k, err)}
		}
	}
	opts := sim.Options{Trials: trials.N, Seed: seed.V, Workers: 1, Precision: precision.V, MaxPaths: sim.MaxPaths}
	opts.Method = sim.Method(slices.Index(sim.Methods, method.V))
	if precision.V > 0 && !trials.Given {
		opts.Trials = flagval.PrecisionCeiling
	}
	if err := checkPrecision(opts); err != nil {
		return nil, err
	}
	if !seed.Given {
		opts.Seed = flagval.RandomSeed()
	}
	plan := roll.Compile(e)
	if err := query.CheckRollRows("expr", d.Expr, len(plan.Layout().Outcomes)); err != nil {
		return nil, err
	}
	return &rollQuery{src: d.Expr, plan: plan, opts: opts}, nil
}

// result is the roll's report from the engine's result.
func (q *rollQuery) result(res *sim.Result) *report {
	return query.NewResult("roll", "roll", []param{{Name: "expr", Value: q.src}}, q.plan, res, q.opts)
}

// rollLine answers a roll line of odds batch: what odds roll EXPR
// --format json prints, on one line.
func rollLine(ctx context.Context, d *query.Doc) ([]byte, error) {
	q, err := newRollQuery(d)
	if err != nil {
		return nil, err
	}
	res, err := sim.Run(ctx, q.plan, q.opts)
	if err != nil {
		return nil, query.RunError(ctx, err)
	}
	var buf, out bytes.Buffer
	if err := render.Named("json").Results(ctx, &buf, []*report{q.result(res)}, render.Style{}); err != nil {
		return nil, err
	}
	if err := json.Compact(&out, buf.Bytes()); err != nil {
		return nil, err
	}
	return out.Bytes(), nil
}
