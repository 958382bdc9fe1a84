package query

import (
	"fmt"

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
	var sys *resolve.System
	for _, s := range systems {
		if s.Name == m.System {
			sys = s
		}
	}
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
