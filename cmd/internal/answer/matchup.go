package answer

import (
	"context"
	"errors"
	"fmt"
	"net/url"

	"odds/cmd/internal/query"
	"odds/cmd/internal/render"
)

// A matchup asked by name (the API's GET /api/v1/run?matchup=NAME, odds
// batch's {"matchup": NAME} line): odds run --matchup NAME with the run
// settings odds run takes, answered with the document it prints. The
// matchup is one of the engine's profiles (the built-ins and the files
// the server or batch started with): no request names a file.

// runHint says what a matchup question takes.
const runHint = "a matchup fixes its action's flags and cards; run takes matchup, method, trials, seed, precision, until, attacks, find, vary and sensitivity"

// MatchupQuestion reads a request's URL values as odds run --matchup
// NAME: matchup, and the run settings of runDocs but vs (odds run has
// no --vs). Empty values are left out, as Question leaves them.
func (e *Engine) MatchupQuestion(q url.Values) (*Question, error) {
	s := newSettings()
	s.fromURL(q)
	return e.matchupQuestion(givenKeys(q), func(k string) string { return q[k][len(q[k])-1] }, s)
}

// matchupQuestion reads the values a door gives by name (keys, sorted;
// value gives each one's text) as odds run
// --matchup NAME, its run settings into s.
func (e *Engine) matchupQuestion(keys []string, value func(k string) string, s *settings) (*Question, error) {
	for _, k := range keys {
		if k != "matchup" && (!isRunSetting(k) || k == "vs" || k == "then") {
			return nil, &query.Error{Flag: k, Hint: runHint, Err: fmt.Errorf("--%s: run takes no such parameter", k)}
		}
	}
	if len(s.asked.Then) > 0 { // a step the keys leave out (then=x&then=, a line's)
		return nil, &query.Error{Flag: "then", Hint: runHint, Err: errors.New("--then: run takes no such parameter")}
	}
	name := ""
	for _, k := range keys {
		v := value(k)
		if k == "matchup" {
			name = v
			continue
		}
		if err := s.read(k, v); err != nil {
			return nil, err
		}
	}
	if name == "" {
		return nil, &query.Error{Flag: "matchup", Hint: query.MatchupHint, Err: errors.New("--matchup: want a matchup's NAME")}
	}
	reg, err := e.registry()
	if err != nil {
		return nil, err
	}
	if reg == nil {
		return nil, &query.Error{Flag: "matchup", Err: fmt.Errorf("--matchup: no profiles loaded, so no matchup %q", name)}
	}
	if eng, err := query.OfEngageMatchup(e.Systems, reg, name); err != nil || eng != nil {
		if err != nil {
			return nil, err
		}
		x, err := s.asked.Engagement(eng)
		if err != nil {
			return nil, err
		}
		return x, e.options(x, s)
	}
	qq, err := query.OfMatchup(e.Systems, reg, name)
	if err != nil {
		return nil, err
	}
	x, err := e.settle(qq, s)
	if err != nil {
		return nil, err
	}
	if x.Metric != "" {
		// Refused before the request waits for a core, as Run would (a
		// matchup has one card a role: never a roster matrix).
		if err := render.CheckRoster(qq, x.Metric, false); err != nil {
			return nil, err
		}
	}
	return x, nil
}

// MatchupLine answers a matchup Line (odds batch's {"matchup": NAME, …} or
// ["run", "--matchup", NAME, …] line): what odds run --matchup NAME
// --format json prints.
func (e *Engine) MatchupLine(ctx context.Context, d *query.Line, progress Progress) (*Answer, error) {
	x, err := e.matchupLine(d)
	if err != nil {
		return nil, err
	}
	return e.Run(ctx, x, progress)
}

// matchupLine is a matchup Line's question.
func (e *Engine) matchupLine(d *query.Line) (*Question, error) {
	if d.System != "" || d.Action != "" || d.Expr != "" {
		return nil, &query.Error{Flag: "matchup", Hint: "give a matchup and run settings, or a system and action",
			Err: errors.New("matchup: a matchup names its system and action; give neither, nor expr")}
	}
	// Read as MatchupQuestion reads the same values from a URL: a
	// matchup line's then is refused there, as odds run takes no --then.
	s := newSettings()
	s.beyond(d.Find, d.Vary, d.Sensitivity, d.Then, d.Attacks != "")
	vals := d.Values()
	return e.matchupQuestion(lineKeys(vals), func(k string) string { return vals[k] }, s)
}
