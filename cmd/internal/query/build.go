package query

import (
	"fmt"
	"strings"

	"odds/profiles"
	"odds/resolve"
)

// Registry gives the profiles a query reads: loaded only when a card is
// named or the system reads profile data, so a run without them neither
// pays for them nor fails on a stale path.
type Registry func() (*profiles.Registry, error)

// Spec is a query as its words say it, whoever gave them (flags, URL
// values, a JSON document): the action's parameter values, parsed, and
// the card names given by role ("a,b", or "all"). A role present with an
// empty name is an error, as --attacker "" is.
type Spec struct {
	System  *resolve.System
	Action  *resolve.Action
	Values  map[string][]resolve.Value
	Cards   map[string]string
	GivenBy string // "flag" unless said
}

// ParseValue parses the text of parameter name of act, as a flag's: an
// Error naming the flag if it is no parameter of act or its value is bad.
func ParseValue(act *resolve.Action, name, text string) ([]resolve.Value, error) {
	p := act.Param(name)
	if p == nil {
		return nil, errorf(name, "", "%s takes no such parameter", act.Name)
	}
	vals, err := resolve.ParseValues(p, text)
	if err != nil {
		return nil, errorf(name, "", "%v", err)
	}
	return vals, nil
}

// New is the query a spec says: its cards looked up (all: every unit card
// of the system that fits the action, the rest named in the warnings),
// the profile data its system reads attached. It is the one validation
// of a query's cards, whoever built the spec.
func New(sp Spec, reg Registry) (q *Query, warnings []string, err error) {
	s, act := sp.System, sp.Action
	by := sp.GivenBy
	if by == "" {
		by = "flag"
	}
	q = &Query{System: s, Action: act, Cards: map[string][]*profiles.Unit{}, Values: sp.Values, GivenBy: by}
	// The spec's map is the query's unless it holds a parameter given no
	// value (every caller builds a spec for one query, and whoever changes
	// a query's values clones them first): a request then makes no copy.
	if sp.Values == nil || givesNone(sp.Values) {
		q.Values = map[string][]resolve.Value{}
		for name, vals := range sp.Values {
			if len(vals) > 0 {
				q.Values[name] = vals
			}
		}
	}
	listHint := "'odds profiles list --system " + s.Name + "' lists the cards"
	var all []string              // roles given as all
	for _, r := range act.Roles { // in order: the first bad card is reported
		list, given := sp.Cards[r.Name]
		switch {
		case given && strings.TrimSpace(list) == "":
			return nil, nil, errorf(r.Name, listHint, "want a card name, got an empty one")
		case list == "":
			continue
		}
		reg, err := reg()
		if err != nil {
			return nil, nil, err
		}
		if strings.TrimSpace(list) == "all" {
			all = append(all, r.Name)
			for _, e := range reg.List(s.Name) {
				if e.Kind == "unit" {
					u, _ := reg.Unit(e.Name, s.Name)
					q.Cards[r.Name] = append(q.Cards[r.Name], u)
				}
			}
			if len(q.Cards[r.Name]) == 0 {
				return nil, nil, &Error{Flag: r.Name, Hint: listHint, Err: fmt.Errorf("--%s all: the %s system has no unit cards", r.Name, s.Name)}
			}
			continue
		}
		for _, name := range strings.Split(list, ",") {
			u, err := reg.Unit(strings.TrimSpace(name), s.Name)
			if err != nil {
				return nil, nil, errorf(r.Name, listHint, "%v", err)
			}
			q.Cards[r.Name] = append(q.Cards[r.Name], u)
		}
	}
	if NeedsEnv(s) {
		reg, err := reg()
		if err != nil {
			return nil, nil, err
		}
		q.Env = reg.Env(s.Name)
	}
	for _, role := range all {
		w, err := q.fitting(role)
		if err != nil {
			return nil, nil, err
		}
		if w != "" {
			warnings = append(warnings, w)
		}
	}
	return q, warnings, nil
}

// givesNone reports whether a parameter of values has none.
func givesNone(values map[string][]resolve.Value) bool {
	for _, vals := range values {
		if len(vals) == 0 {
			return true
		}
	}
	return false
}

// NeedsEnv reports whether a system's actions read profile data: custom
// dice, tables, or unit cards by name (Param.Cards).
func NeedsEnv(sys *resolve.System) bool {
	if sys.Die != nil || len(sys.Tables) > 0 {
		return true
	}
	for _, a := range sys.Actions {
		for _, p := range a.Params {
			if p.Cards {
				return true
			}
		}
	}
	return false
}

// fitting keeps, of the cards a role given as all named, those the action
// takes: every point of the query compiles with the card in that role
// (and the first of each other role's cards). The rest are named in the
// warning; none left is an error.
func (q *Query) fitting(role string) (warning string, err error) {
	var keep []*profiles.Unit
	var left []string
	for _, u := range q.Cards[role] {
		probe := *q
		probe.Cards = map[string][]*profiles.Unit{}
		for r, us := range q.Cards {
			probe.Cards[r] = us[:1]
		}
		probe.Cards[role] = []*profiles.Unit{u}
		points, err := probe.Points()
		fits := err == nil
		for _, pt := range points {
			if !fits {
				break
			}
			_, err := q.Action.Compile(q.Action.Args(pt.Values(), q.Env))
			fits = err == nil
		}
		if fits {
			keep = append(keep, u)
		} else {
			left = append(left, u.Name)
		}
	}
	if len(keep) == 0 {
		return "", &Error{Flag: role, Hint: "'odds profiles list --system " + q.System.Name + "' lists the cards",
			Err: fmt.Errorf("--%s all: no %s card fits %s %s as the %s", role, q.System.Name, q.System.Name, q.Action.Name, role)}
	}
	if len(left) > 0 {
		warning = fmt.Sprintf("--%s all: left out %s (not fit for %s %s)", role, strings.Join(left, ", "), q.System.Name, q.Action.Name)
	}
	q.Cards[role] = keep
	return warning, nil
}
