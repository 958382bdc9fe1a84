package answer

import (
	"context"
	"errors"
	"fmt"
	"net/url"
	"slices"
	"strconv"

	"odds/cmd/internal/query"
	"odds/cmd/internal/question"
	"odds/cmd/internal/render"
	"odds/resolve"
)

// An engagement's request (GET /api/v1/engage, odds batch's engage
// lines): a-attack and b-attack as odds engage's two arguments, a and b
// its cards, first, simultaneous, rounds, ends, the readings by name,
// metric and the run settings.

// engageKeys are an engagement's own keys, besides the readings and the
// run settings.
var engageKeys = []string{"a-attack", "b-attack", "a", "b", "first", "simultaneous", "rounds", "ends", "metric"}

// EngageQuestion reads a request's values as an engagement, checking
// all that can be checked before it runs.
func (e *Engine) EngageQuestion(q url.Values) (*Question, error) {
	return e.engageQuestion(givenKeys(q), q.Get)
}

// engageQuestion reads the values a door gives by name (keys, sorted,
// the first bad one reported; get gives a value's text, "" if not given)
// as an engagement.
func (e *Engine) engageQuestion(keys []string, get func(k string) string) (*Question, error) {
	readings := map[string]bool{}
	for _, r := range query.EngageReadings(e.Systems) {
		readings[r.Name] = true
	}
	s := newSettings()
	for _, k := range keys {
		switch {
		case slices.Contains(engageKeys, k), readings[k]:
		case isRunSetting(k) && slices.Contains(question.RunSettings, k):
			if err := s.read(k, get(k)); err != nil {
				return nil, err
			}
		default:
			return nil, &query.Error{Flag: k, Hint: "an engagement takes a-attack, b-attack, a, b, first, simultaneous, rounds, ends, metric, its readings and method, trials, seed, precision",
				Err: fmt.Errorf("--%s: engage takes no such setting", k)}
		}
	}
	var attacks [2]string
	for i, side := range []string{"a", "b"} {
		if attacks[i] = get(side + "-attack"); attacks[i] == "" {
			return nil, &query.Error{Flag: side + "-attack", Hint: "for example a-attack=opposed fire --hesa 3 --def 1",
				Err: fmt.Errorf("%s-attack: want the attack, SYSTEM ACTION FLAGS", side)}
		}
	}
	boolOf := func(k string) (bool, error) {
		v := get(k)
		if v == "" {
			return false, nil
		}
		b, err := strconv.ParseBool(v)
		if err != nil {
			return false, &query.Error{Flag: k, Err: fmt.Errorf("--%s: want true or false, got %q", k, v)}
		}
		return b, nil
	}
	simultaneous, err := boolOf("simultaneous")
	if err != nil {
		return nil, err
	}
	rounds := query.DefaultRounds
	if v := get("rounds"); v != "" {
		if rounds, err = strconv.Atoi(v); err != nil {
			return nil, &query.Error{Flag: "rounds", Err: fmt.Errorf("--rounds: want an integer, got %q", v)}
		}
	}
	var rd resolve.Readings
	for name := range readings {
		on, err := boolOf(name)
		if err != nil {
			return nil, err
		}
		if get(name) != "" {
			if rd == nil {
				rd = resolve.Readings{}
			}
			rd[name] = on
		}
	}
	metric := get("metric")
	eng := query.EngageInput{Attacks: attacks, First: get("first"), Simultaneous: simultaneous, Rounds: rounds,
		Ends: get("ends"), Readings: rd, CardsA: get("a"), CardsB: get("b")}
	qs, cards, spec, _, err := eng.Build(e.Systems, question.IsRunFlag, e.registry, func() error { return render.CheckEngageMetric(metric) })
	if err != nil {
		return nil, err
	}
	opts, err := s.run.Options()
	if err != nil {
		return nil, err
	}
	return &Question{Query: qs[0], Metric: metric, Opts: query.Options{Sim: opts, TrialsGiven: s.run.Trials.Given, MaxTrials: e.MaxTrials},
		Kind: question.Engage{B: qs[1], Cards: cards, Spec: spec}}, nil
}

// EngageLine answers an engagement Line (odds batch's {"engage": [A, B],
// …} or ["engage", A, B, flags…] line): what odds engage --format json
// prints.
func (e *Engine) EngageLine(ctx context.Context, d *query.Line, progress Progress) (*Answer, error) {
	x, err := e.engageLine(d)
	if err != nil {
		return nil, err
	}
	return e.Run(ctx, x, progress)
}

// engageLine is an engagement Line's question.
func (e *Engine) engageLine(d *query.Line) (*Question, error) {
	if d.System != "" || d.Action != "" || d.Expr != "" || d.Matchup != "" || len(d.Params) > 0 || len(d.Cards) > 0 || len(d.Engage) != 2 {
		return nil, &query.Error{Flag: "engage", Hint: `{"engage": ["opposed fire --hesa 3 --def 1", "opposed fire --hesa 2 --def 2"], "rounds": 3}`,
			Err: errors.New("engage: want its two attacks, and neither system, action, params, cards, expr nor matchup")}
	}
	vals := d.Values()
	return e.engageQuestion(lineKeys(vals), func(k string) string { return vals[k] })
}
