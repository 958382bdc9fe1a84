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

// settings are a request's run settings as read (runDocs' names), until
// its query is built.
type settings struct {
	run        question.Run
	vs, metric string
	until      string
	attacks    int
	// Read as a door gives them, not by read: find, vary and
	// sensitivity, a sequence's steps (then), and whether attacks were
	// given (a matchup's sequence refuses them).
	find, vary, sensitivity string
	then                    []string
	attacksGiven            bool
}

func newSettings() *settings { return &settings{run: newRun(), attacks: query.DefaultAttacks} }

// asked takes the settings read as a request's URL values give them (the
// first value of each) rather than by read: find, vary, sensitivity,
// then (every value) and whether attacks are given.
func (s *settings) asked(q url.Values) {
	s.find, s.vary, s.sensitivity, s.then = q.Get("find"), q.Get("vary"), q.Get("sensitivity"), q["then"]
	s.attacksGiven = q.Get("attacks") != ""
}

// read reads v as run setting k (find, vary and sensitivity are read once
// the query is built), its error an Error naming k.
func (s *settings) read(k, v string) error {
	var err error
	switch k {
	case "vs":
		s.vs = v
	case "metric":
		s.metric = v
	case "find", "vary", "sensitivity", "then":
		// read once the query is built
	case "until":
		s.until = v
	case "attacks":
		if s.attacks, err = strconv.Atoi(v); err != nil || s.attacks < 1 || s.attacks > query.MaxAttacks {
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

// settle completes a question whose query is built with the request's
// run settings: repeated attacks, the run's options, find, vary and
// sensitivity, and the --vs variant, refusing what does not go together
// as the CLI does.
func (e *Engine) settle(x *Question, s *settings) error {
	x.Metric = s.metric
	then := len(s.then) > 0 && s.then[0] != ""
	if err := question.Together(question.Given{
		Vs: s.vs != "", Metric: s.metric != "", Find: s.find != "", Vary: s.vary != "",
		Sensitivity: s.sensitivity != "", Until: s.until != "", Attacks: s.attacksGiven, Then: then,
	}); err != nil {
		return err
	}
	switch {
	case x.Query.Then != nil: // a matchup's sequence: until is its goal
		if s.attacksGiven {
			return &query.Error{Flag: "attacks", Err: fmt.Errorf("--attacks: matchup %s is a sequence", x.Query.Matchup)}
		}
		if s.until != "" {
			x.Query.Then.Until = s.until
		}
		x.Kind = question.Sequence{}
	case then:
		if err := e.sequence(x, s.then, s.until); err != nil {
			return err
		}
	case s.until != "":
		x.Query.Until = &query.Until{Outcome: s.until, Attacks: s.attacks}
		x.Kind = question.Until{}
	}
	opts, err := s.run.Options()
	x.Opts = query.Options{Sim: opts, TrialsGiven: s.run.Trials.Given, MaxTrials: e.MaxTrials}
	if err != nil {
		return err
	}
	if err := beyond(x, s); err != nil {
		return err
	}
	if s.vs != "" {
		b, err := query.Variant(x.Query, s.vs, isRunFlag, e.registry)
		if err != nil {
			return err
		}
		x.Kind = question.Compare{B: b, Vs: s.vs}
	}
	return nil
}

// sequence reads a request's steps (then=, once a step, in order) and
// its goal into x: a sequence of attacks on one target.
func (e *Engine) sequence(x *Question, steps []string, until string) error {
	filled := slices.DeleteFunc(slices.Clone(steps), func(text string) bool { return text == "" }) // an unfilled step
	seq, err := query.NewSequence(x.Query, filled, until, isRunFlag, e.registry)
	if err != nil {
		return err
	}
	x.Query.Then = seq
	x.Kind = question.Sequence{}
	return nil
}
