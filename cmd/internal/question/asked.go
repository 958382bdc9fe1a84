package question

import (
	"fmt"
	"slices"
	"strings"

	"odds/cmd/internal/query"
)

// Asked is what a door was asked beyond its query's flags, typed: which
// kind of question and its parameters, as the command line's flags, a
// URL's values and a batch line's fields give them, before the query
// they ask of is built. Every door fills one; Settle makes it the
// question's Settings, with one set of refusals for all.
type Asked struct {
	Given              // which were given (an empty value counts where a door says so)
	Vs          string // --vs: the variant's flags
	Metric      string // --metric
	Find, Vary  string // --find CONDITION --vary FLAG
	Sensitivity string // --sensitivity METRIC ("": the headline)
	Until       string // --until: the outcome, or a sequence's goal
	Attacks     int    // --attacks (not given: query.DefaultAttacks)
	Then        []string
}

// RunFlags are the command line's global flags, which a --vs variant
// and a --then step refuse: they set the run, not the attack (a test
// checks the list against the root command).
var RunFlags = []string{"trials", "seed", "workers", "method", "precision", "format", "out", "intervals", "metric", "plot", "title", "quiet", "shard", "max-paths", "profiles"}

// IsRunFlag reports whether name is one of RunFlags.
func IsRunFlag(name string) bool { return slices.Contains(RunFlags, name) }

// Settle is the question asked of qs (an action's query, or the
// matchups of a run): what does not go together refused (Together),
// each query's repeated attacks or sequence set, and the kind chosen
// with its parameters checked against the query. reg gives the profiles
// a variant or a step may name.
func (a *Asked) Settle(qs []*query.Query, reg query.Registry) (*Settings, error) {
	if err := Together(a.Given); err != nil {
		return nil, err
	}
	q := qs[0]
	for _, q := range qs {
		if err := a.repeats(q, reg); err != nil {
			return nil, err
		}
	}
	s := &Settings{Query: q, Metric: a.Metric}
	var err error
	switch {
	case a.Given.Find:
		var fs query.FindSpec
		if fs, err = query.ParseFind(q, a.Find, a.Vary); err == nil {
			s.Kind = Find{Spec: fs}
		}
	case a.Given.Sensitivity:
		s.Kind = Sensitivity{Metric: a.Sensitivity}
	case a.Given.Vs:
		var b *query.Query
		if b, err = query.Variant(q, a.Vs, IsRunFlag, reg); err == nil {
			s.Kind = Compare{B: b, Vs: a.Vs}
		}
	default:
		s.Kind, err = repeated(qs)
	}
	if err != nil {
		return nil, err
	}
	return s, nil
}

// repeats sets q's sequence (--then, or a matchup's own with --until its
// goal) or repeated attacks (--until, --attacks), if asked.
func (a *Asked) repeats(q *query.Query, reg query.Registry) error {
	switch {
	case q.Then != nil: // a matchup's sequence: --until is its goal
		if a.Given.Attacks {
			return &query.Error{Flag: "attacks", Hint: "a sequence's attacks are its steps", Err: fmt.Errorf("--attacks: matchup %s is a sequence", q.Matchup)}
		}
		if a.Given.Until {
			q.Then.Until = a.Until
		}
	case a.Given.Then:
		if a.Given.Until && a.Until == "" {
			return &query.Error{Flag: "until", Hint: "for example --until out-of-action", Err: fmt.Errorf("--until: want an outcome or a state of the target")}
		}
		isRun := func(name string) bool { return IsRunFlag(name) || name == "until" || name == "attacks" }
		seq, err := query.NewSequence(q, a.Then, a.Until, isRun, reg)
		if err != nil {
			return err
		}
		q.Then = seq
	case a.Given.Until:
		attacks := a.Attacks
		if !a.Given.Attacks {
			attacks = query.DefaultAttacks
		}
		switch {
		case a.Until == "":
			return &query.Error{Flag: "until", Hint: "for example --until out-of-action", Err: fmt.Errorf("--until: want an outcome of %s %s", q.System.Name, q.Action.Name)}
		case attacks < 1 || attacks > query.MaxAttacks:
			return &query.Error{Flag: "attacks", Err: fmt.Errorf("--attacks: want 1..%d, got %d", query.MaxAttacks, attacks)}
		}
		if q.Matchup != "" {
			if err := q.CheckRepeats(); err != nil {
				return err
			}
		}
		q.Until = &query.Until{Outcome: a.Until, Attacks: attacks}
	}
	return nil
}

// repeated is the kind of the queries qs once repeats has set them:
// sequences, repeated attacks, or single attacks, refusing sequences
// and single attacks together (their answers are of two kinds).
func repeated(qs []*query.Query) (Kind, error) {
	var seqs []string
	for _, q := range qs {
		if q.Then != nil {
			seqs = append(seqs, q.Matchup)
		}
	}
	switch {
	case len(seqs) == len(qs):
		return Sequence{Also: qs[1:]}, nil
	case len(seqs) > 0:
		return nil, &query.Error{Hint: "run the sequences with --matchup NAME", Err: fmt.Errorf("%s: sequences of attacks (then) and single attacks answer apart", strings.Join(seqs, ", "))}
	case qs[0].Until != nil:
		return Until{Also: qs[1:]}, nil
	}
	return Once{Also: qs[1:]}, nil
}
