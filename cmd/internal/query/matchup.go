package query

import (
	"fmt"
	"strings"

	"odds/profiles"
	"odds/resolve"
)

// MatchupHint is the hint of an unknown matchup's name.
const MatchupHint = "'odds profiles list' lists the matchups"

// OfMatchup is the query of the matchup named, of the profiles in force
// (reg): its action, its cards and its set, the set's source "matchup
// NAME". An unknown name is an Error naming --matchup with the closest
// names. odds run, the API's /api/v1/run and odds batch's matchup lines
// all start here.
func OfMatchup(systems []*resolve.System, reg *profiles.Registry, name string) (*Query, error) {
	m, err := reg.Matchup(name)
	if err != nil {
		return nil, &Error{Flag: "matchup", Hint: MatchupHint, Err: fmt.Errorf("--matchup: %w", err)}
	}
	if m.Engage != nil {
		return nil, &Error{Flag: "matchup", Hint: "run it alone: odds run --matchup " + m.Name,
			Err: fmt.Errorf("--matchup: matchup %s is an engagement, not one attack", m.Name)}
	}
	sys := resolve.Named(systems, m.System)
	var act *resolve.Action
	if sys != nil {
		act = sys.Action(m.Action)
	}
	if act == nil { // the registry checked both when it loaded the matchup
		return nil, &Error{Flag: "matchup", Err: fmt.Errorf("--matchup: matchup %s is %s %s, which this odds does not have", m.Name, m.System, m.Action)}
	}
	q := &Query{System: sys, Action: act, Cards: map[string][]*profiles.Unit{}, Values: m.Set, GivenBy: "matchup " + m.Name, Matchup: m.Name}
	if NeedsEnv(sys) {
		q.Env = reg.Env(sys.Name)
	}
	for role, card := range m.Cards {
		u, err := reg.Unit(card, m.System) // checked when the registry loaded
		if err != nil {
			return nil, &Error{Flag: "matchup", Err: fmt.Errorf("--matchup: matchup %s: %w", m.Name, err)}
		}
		q.Cards[role] = []*profiles.Unit{u}
	}
	if len(m.Then) > 0 {
		q.Then = &Sequence{Until: m.Until}
		for _, text := range m.Then {
			st, err := Step(q, text, func(string) bool { return false }, func() (*profiles.Registry, error) { return reg, nil })
			if err != nil {
				return nil, &Error{Flag: "matchup", Err: fmt.Errorf("--matchup: matchup %s: %w", m.Name, err)}
			}
			q.Then.Steps = append(q.Then.Steps, st)
		}
	}
	return q, nil
}

// CheckRepeats refuses repeated attacks (--until) of a matchup whose
// action does not repeat, naming the matchup.
func (q *Query) CheckRepeats() error {
	if q.Action.Chain != nil || q.Then != nil {
		return nil
	}
	return &Error{Flag: "until", Hint: "run the matchups that repeat with --matchup NAME ('odds systems' marks their actions)",
		Err: fmt.Errorf("--until: matchup %s is %s %s, which does not repeat (docs/rules/%s.md says why)", q.Matchup, q.System.Name, q.Action.Name, q.System.Name)}
}

// EngageMatchup is an engagement matchup's question, as odds engage
// would read its arguments and flags: A's attack on B, B's on A, each
// side's cards and the exchange.
type EngageMatchup struct {
	Name     string
	A, B     *Query
	Cards    EngageCards
	Spec     EngageSpec
	Warnings []string
}

// OfEngageMatchup is the engagement of the matchup named, of the
// profiles in force (reg), or nil if that matchup is not an engagement.
// An unknown name is OfMatchup's Error; an attack's flags the registry
// could not check (a card it names) are refused naming the matchup.
func OfEngageMatchup(systems []*resolve.System, reg *profiles.Registry, name string) (*EngageMatchup, error) {
	m, err := reg.Matchup(name)
	if err != nil {
		return nil, &Error{Flag: "matchup", Hint: MatchupHint, Err: fmt.Errorf("--matchup: %w", err)}
	}
	e := m.Engage
	if e == nil {
		return nil, nil
	}
	bad := func(err error) error {
		return &Error{Flag: "matchup", Err: fmt.Errorf("--matchup: matchup %s (%s): %w", m.Name, m.Pos, err)}
	}
	regFn := func() (*profiles.Registry, error) { return reg, nil }
	out := &EngageMatchup{Name: m.Name}
	for i, text := range e.Attacks {
		sp, err := AttackSpec(string(rune('a'+i)), text, systems, nil)
		if err != nil {
			return nil, bad(err)
		}
		q, warnings, err := New(sp, regFn)
		if err != nil {
			return nil, bad(err)
		}
		q.GivenBy, q.Matchup = "matchup "+m.Name, m.Name
		out.Warnings = append(out.Warnings, warnings...)
		if i == 0 {
			out.A = q
		} else {
			out.B = q
		}
	}
	rounds := e.Rounds
	if rounds == 0 {
		rounds = DefaultRounds
	}
	if out.Spec, err = NewEngageSpec(e.First, e.Simultaneous, rounds, e.Ends, e.Readings); err != nil {
		return nil, bad(err)
	}
	if out.Cards, err = EngageCardsOf(out.A.System, m.Cards["a"], m.Cards["b"], regFn); err != nil {
		return nil, bad(err)
	}
	w, err := out.Cards.Fit(out.A, out.B, out.Spec)
	if err != nil {
		return nil, bad(err)
	}
	if w != "" {
		out.Warnings = append(out.Warnings, w)
	}
	return out, nil
}

// Engagements picks out the engagement matchups of names: one alone is
// returned as eng, to run as odds engage would; alongside matchups of one
// attack (a file's, fromFile) they are left out (note says so, to tell
// the user) and the rest returned; several alone are refused.
func Engagements(systems []*resolve.System, reg *profiles.Registry, names []string, fromFile bool) (plain []string, eng *EngageMatchup, note string, err error) {
	var engaged []string
	for _, n := range names {
		e, err := OfEngageMatchup(systems, reg, n)
		if err != nil {
			return nil, nil, "", err
		}
		if e == nil {
			plain = append(plain, n)
			continue
		}
		engaged, eng = append(engaged, n), e
	}
	switch {
	case len(engaged) == 0:
		return names, nil, "", nil
	case len(plain) > 0 && fromFile:
		return plain, nil, "left out the engagement matchup(s) " + strings.Join(engaged, ", ") + ": run each with --matchup NAME", nil
	case len(engaged) > 1:
		return nil, nil, "", errorf("", "pick one with --matchup NAME", "run: %s are engagements, each run alone", strings.Join(engaged, ", "))
	}
	return nil, eng, "", nil
}
