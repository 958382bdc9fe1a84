package answer

import (
	"errors"
	"fmt"
	"net/url"
	"slices"
	"strconv"

	"odds/cmd/internal/query"
	"odds/cmd/internal/question"
)

// A request's run settings (runDocs), read the same way whatever the
// question: an action's (Question) or a matchup's (MatchupQuestion).

// givenKeys are the names of a request's values, sorted, but those whose
// (last) value is empty: an unfilled form field.
func givenKeys(q url.Values) []string {
	keys := make([]string, 0, len(q))
	for k := range q {
		if len(q[k]) > 0 && q[k][len(q[k])-1] != "" {
			keys = append(keys, k)
		}
	}
	slices.Sort(keys)
	return keys
}

// settings are a request's run settings and the question it asks, as
// read (runDocs' names), until its query is built.
type settings struct {
	run   question.Run
	asked question.Asked
}

func newSettings() *settings { return &settings{run: newRun()} }

// fromURL takes the settings read as a request's URL values give them (the
// first value of each) rather than by read: find, vary, sensitivity,
// then (every value) and whether attacks are given.
func (s *settings) fromURL(q url.Values) {
	s.beyond(q.Get("find"), q.Get("vary"), q.Get("sensitivity"), q["then"], q.Get("attacks") != "")
}

// beyond takes find, vary, sensitivity ("first": the headline, as the
// CLI's bare --sensitivity), a sequence's steps (an empty one an
// unfilled field) and whether attacks were given.
func (s *settings) beyond(find, vary, sensitivity string, then []string, attacks bool) {
	a := &s.asked
	a.Find, a.Vary, a.Sensitivity = find, vary, sensitivity
	if sensitivity == "first" {
		a.Sensitivity = ""
	}
	a.Then = slices.DeleteFunc(slices.Clone(then), func(text string) bool { return text == "" })
	a.Given.Find, a.Given.Vary, a.Given.Sensitivity = find != "", vary != "", sensitivity != ""
	a.Given.Then = len(then) > 0 && then[0] != ""
	a.Given.Attacks = attacks
}

// read reads v as run setting k (find, vary and sensitivity are read once
// the query is built), its error an Error naming k.
func (s *settings) read(k, v string) error {
	var err error
	a := &s.asked
	switch k {
	case "vs":
		a.Vs, a.Given.Vs = v, v != ""
	case "metric":
		a.Metric, a.Given.Metric = v, v != ""
	case "find", "vary", "sensitivity", "then":
		// read by beyond
	case "until":
		a.Until, a.Given.Until = v, v != ""
	case "attacks":
		if a.Attacks, err = strconv.Atoi(v); err != nil || a.Attacks < 1 || a.Attacks > query.MaxAttacks {
			return &query.Error{Flag: k, Err: fmt.Errorf("--attacks: want 1..%d, got %q", query.MaxAttacks, v)}
		}
	default: // method, trials, seed or precision
		err = s.run.Set(k, v)
	}
	var qe *query.Error
	if err != nil && !errors.As(err, &qe) {
		err = &query.Error{Flag: k, Err: fmt.Errorf("--%s: %v", k, err)}
	}
	return err
}

// settle makes the question of a request whose query is built: the
// question it asks (question.Asked.Settle, the refusals the CLI makes)
// with the request's run settings.
func (e *Engine) settle(q *query.Query, s *settings) (*Question, error) {
	x, err := s.asked.Settle([]*query.Query{q}, e.registry)
	if err != nil {
		return nil, err
	}
	return x, e.options(x, s)
}

// options sets x's run options from the request's run settings and the
// engine's trial budget.
func (e *Engine) options(x *Question, s *settings) error {
	opts, err := s.run.Options()
	x.Opts = query.Options{Sim: opts, TrialsGiven: s.run.Trials.Given, MaxTrials: e.MaxTrials}
	return err
}
