package query

import (
	"context"
	"fmt"
	"maps"
	"strings"

	"odds/profiles"
	"odds/resolve"
	"odds/sim"
)

// A variant (--vs '<flags>') is the query with those flags changed (or
// other cards): the same action on the same trials, compared point by
// point.

// Variant is query q with the flags of vs applied: parameters and cards,
// one value each (sweep in the main flags). A flag of the run (isRunFlag
// says which: --trials) or anything but a flag of the action is an Error.
func Variant(q *Query, vs string, isRunFlag func(name string) bool, reg Registry) (*Query, error) {
	words := strings.Fields(vs)
	if len(words) == 0 {
		return nil, errorf("vs", "for example --vs '--def 3' or --vs '--attacker mg-team-veteran'", "want the flags that make the variant, got none")
	}
	return withFlags(q, words, "vs", isRunFlag, reg)
}

// withFlags is q with the flags of words applied, one value each; its
// errors name flag, the option the words were given in (--vs, --then).
func withFlags(q *Query, words []string, flag string, isRunFlag func(name string) bool, reg Registry) (*Query, error) {
	b := *q
	b.Values = maps.Clone(q.Values)
	b.Cards = maps.Clone(q.Cards)
	sys, act := q.System.Name, q.Action.Name
	hint := func(vs, then string) string {
		if flag == "vs" {
			return vs
		}
		return then
	}
	seen := map[string]bool{}
	for i := 0; i < len(words); i++ {
		w := words[i]
		name, value, hasValue := strings.Cut(strings.TrimPrefix(w, "--"), "=")
		if !strings.HasPrefix(w, "--") || name == "" {
			return nil, errorf(flag, hint("--vs compares two variants of one action: give only its flags", "a step is an action and its flags: 'fire --hesa 2'"),
				"want flags of %s %s, got %q", sys, act, w)
		}
		if isRunFlag(name) || name == flag {
			return nil, errorf(flag, hint("give it outside --vs: both sides run alike", "give it outside --then: every step runs alike"), "--%s is a flag of the run, not of the matchup", name)
		}
		p := q.Action.Param(name)
		isRole := false
		for _, r := range q.Action.Roles {
			isRole = isRole || r.Name == name
		}
		if p == nil && !isRole {
			return nil, errorf(flag, fmt.Sprintf("'odds %s %s --help' lists the flags", sys, act),
				"%s %s has no flag --%s", sys, act, name)
		}
		if seen[name] {
			// In the main flags a repeated flag makes a sweep; here the
			// last one would win silently.
			return nil, errorf(flag, hint("sweep in the main flags: each cell is then compared", "sweep in the main flags"), "--%s given twice: the %s takes one value of each flag", name, hint("variant", "step"))
		}
		seen[name] = true
		if !hasValue && (p == nil || p.Kind != resolve.Bool) {
			if i+1 == len(words) {
				return nil, errorf(flag, hint("for example --vs '--def 3'", "for example --then 'fire --hesa 2'"), "--%s needs a value", name)
			}
			i++
			value = words[i]
		} else if !hasValue {
			value = "true"
		}
		if isRole {
			r, err := reg()
			if err != nil {
				return nil, err
			}
			u, err := r.Unit(value, sys)
			if err != nil {
				return nil, errorf(flag, "'odds profiles list --system "+sys+"' lists the cards", "--%s: %v", name, err)
			}
			b.Cards[name] = []*profiles.Unit{u}
			continue
		}
		vals, err := resolve.ParseValues(p, value)
		if err != nil {
			return nil, errorf(flag, "", "--%s: %v", name, err)
		}
		if len(vals) != 1 {
			return nil, errorf(flag, hint("sweep in the main flags: each cell is then compared", "sweep in the main flags"), "--%s: want one value, got %d", name, len(vals))
		}
		b.Values[name] = vals
	}
	return &b, nil
}

// Comparison is one point compared: A, B and their differences.
type Comparison struct {
	A, B   *Result
	VS     string
	Exact  bool
	Trials int64
	Diffs  []sim.Diff
}

// Compare compiles every point of both queries first (bad input fails
// before any trial), then runs each pair on common random numbers.
func Compare(ctx context.Context, qa, qb *Query, vs string, opts Options) ([]*Comparison, error) {
	ca, err := qa.Points()
	if err != nil {
		return nil, err
	}
	cb, err := qb.Points()
	if err != nil {
		return nil, err
	}
	so := opts.Sim
	if err := CheckBudget(2*len(ca), &so, opts.MaxTrials, opts.TrialsGiven); err != nil {
		return nil, err
	}
	if len(ca) != len(cb) {
		return nil, errorf("vs", "sweep in the main flags: each cell is then compared", "the variant's grid differs from the matchup's")
	}
	type pair struct{ a, b resolve.Plan }
	plans := make([]pair, len(ca))
	// A and B of each cell, compiled in turn under the run's memory bound
	// and stopping on ctx, as Run compiles.
	mem := newCompileMemory()
	err = mem.points(ctx, 2*len(ca), 0, func(j int) (resolve.Plan, error) {
		i := j / 2
		if j%2 == 0 {
			args := qa.Action.Args(ca[i].Values(), qa.Env)
			if err := mem.weigh(qa.Action, args); err != nil {
				return nil, err
			}
			if plans[i].a, err = qa.Action.Compile(args); err != nil {
				return nil, &Error{Flag: flagOf(err), Err: err}
			}
			return plans[i].a, nil
		}
		args := qb.Action.Args(cb[i].Values(), qb.Env)
		if err := mem.weigh(qb.Action, args); err != nil {
			return nil, err
		}
		if plans[i].b, err = qb.Action.Compile(args); err != nil {
			return nil, &Error{Flag: "vs", Err: fmt.Errorf("--vs: %w", err)}
		}
		return plans[i].b, nil
	})
	if err != nil {
		return nil, err
	}
	opts.Begin(int64(len(plans)), so)
	var out []*Comparison
	for i, p := range plans {
		res, err := sim.RunPaired(ctx, p.a, p.b, so)
		if err != nil {
			return nil, RunError(ctx, err)
		}
		c := &Comparison{VS: vs, Exact: res.Exact, Trials: res.Trials, Diffs: sim.Compare(p.a.Layout(), p.b.Layout(), res)}
		c.A = PointResult(qa, ca[i], p.a, res.A, so)
		c.B = PointResult(qb, cb[i], p.b, res.B, so)
		out = append(out, c)
	}
	return out, nil
}
