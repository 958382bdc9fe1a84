package query

import (
	"fmt"
	"slices"
	"strings"

	"odds/profiles"
	"odds/resolve"
)

// AttackSpec reads one side's attack of an engagement as its words say
// it, 'SYSTEM ACTION --flag VALUE …' (odds engage's arguments, a URL's
// a= and b=, a batch line's "a" and "b"): the action's parameters (lists
// and ranges sweep) and cards by role. side ("a" or "b") names the
// argument in errors; isRunFlag says which flags belong to the run.
func AttackSpec(side, text string, systems []*resolve.System, isRunFlag func(string) bool) (Spec, error) {
	words := strings.Fields(text)
	bad := func(hint, format string, args ...any) error { return attackErr(side, hint, format, args...) }
	if len(words) < 2 {
		return Spec{}, bad("for example 'opposed fire --hesa 3 --def 1'", "want 'SYSTEM ACTION FLAGS', got %q", text)
	}
	var sys *resolve.System
	var names []string
	for _, s := range systems {
		names = append(names, s.Name)
		if s.Name == words[0] {
			sys = s
		}
	}
	if sys == nil {
		return Spec{}, bad("'odds systems' lists them", "no system %q (want one of %s)", words[0], strings.Join(names, ", "))
	}
	act := sys.Action(words[1])
	if act == nil {
		return Spec{}, bad(fmt.Sprintf("'odds %s --help' lists them", sys.Name), "%s has no action %q", sys.Name, words[1])
	}
	sp := Spec{System: sys, Action: act, Values: map[string][]resolve.Value{}, Cards: map[string]string{}}
	seen := map[string]bool{}
	for i := 2; i < len(words); i++ {
		w := words[i]
		name, value, hasValue := strings.Cut(strings.TrimPrefix(w, "--"), "=")
		if !strings.HasPrefix(w, "--") || name == "" {
			return Spec{}, bad("give the flags of the action after its name", "want a flag of %s %s, got %q", sys.Name, act.Name, w)
		}
		if isRunFlag != nil && isRunFlag(name) {
			return Spec{}, bad("give it outside the attack: both sides run alike", "--%s is a flag of the run, not of an attack", name)
		}
		p := act.Param(name)
		isRole := false
		for _, r := range act.Roles {
			isRole = isRole || r.Name == name
		}
		if p == nil && !isRole {
			return Spec{}, bad(fmt.Sprintf("'odds %s %s --help' lists the flags", sys.Name, act.Name), "%s %s has no flag --%s", sys.Name, act.Name, name)
		}
		if seen[name] {
			return Spec{}, bad("give a list instead: --def 1,2", "--%s given twice", name)
		}
		seen[name] = true
		if !hasValue && (p == nil || p.Kind != resolve.Bool) {
			if i+1 == len(words) {
				return Spec{}, bad("", "--%s needs a value", name)
			}
			i++
			value = words[i]
		} else if !hasValue {
			value = "true"
		}
		if isRole {
			sp.Cards[name] = value
			continue
		}
		vals, err := resolve.ParseValues(p, value)
		if err != nil {
			return Spec{}, bad("", "--%s: %v", name, err)
		}
		sp.Values[name] = vals
	}
	return sp, nil
}

// attackErr is bad input in side's attack ("a" or "b"): the argument
// (a request's a-attack or b-attack) is at fault, not a flag.
func attackErr(side, hint, format string, args ...any) error {
	return &Error{Flag: side + "-attack", Hint: hint, Err: fmt.Errorf("%s's attack: "+format, append([]any{strings.ToUpper(side)}, args...)...)}
}

// EngageCards are the cards of an engagement's two sides (--a, --b):
// each fills its own attack's attacker and the other's defender, one
// engagement a pair of cards (a roster: every pair).
type EngageCards struct {
	A, B []*profiles.Unit
	all  [2]bool // given as all: Fit keeps the cards that engage
}

// pairs are the queries of each pair of cards: A's attack with the A
// card as attacker and the B card as defender, B's the other way round.
// Without cards, the queries as they are.
func (c EngageCards) pairs(qa, qb *Query) [][2]*Query {
	if len(c.A) == 0 && len(c.B) == 0 {
		return [][2]*Query{{qa, qb}}
	}
	with := func(q *Query, attacker, defender *profiles.Unit) *Query {
		out := *q
		out.Cards = map[string][]*profiles.Unit{}
		for r, us := range q.Cards {
			out.Cards[r] = us
		}
		if attacker != nil && hasRole(q.Action, "attacker") {
			out.Cards["attacker"] = []*profiles.Unit{attacker}
		}
		if defender != nil && hasRole(q.Action, "defender") {
			out.Cards["defender"] = []*profiles.Unit{defender}
		}
		return &out
	}
	as, bs := c.A, c.B
	if len(as) == 0 {
		as = []*profiles.Unit{nil}
	}
	if len(bs) == 0 {
		bs = []*profiles.Unit{nil}
	}
	var out [][2]*Query
	for _, ua := range as {
		for _, ub := range bs {
			out = append(out, [2]*Query{with(qa, ua, ub), with(qb, ub, ua)})
		}
	}
	return out
}

func hasRole(act *resolve.Action, name string) bool {
	for _, r := range act.Roles {
		if r.Name == name {
			return true
		}
	}
	return false
}

// EngageCardsOf looks up the cards of --a and --b ("" none; a,b,c; all:
// every unit card of the system) for an engagement of system sys.
func EngageCardsOf(sys *resolve.System, a, b string, reg Registry) (EngageCards, error) {
	var c EngageCards
	for i, list := range []string{a, b} {
		flag := string(rune('a' + i))
		if list == "" {
			continue
		}
		r, err := reg()
		if err != nil {
			return c, err
		}
		hint := "'odds profiles list --system " + sys.Name + "' lists the cards"
		var us []*profiles.Unit
		if strings.TrimSpace(list) == "all" {
			for _, e := range r.List(sys.Name) {
				if e.Kind == "unit" {
					u, _ := r.Unit(e.Name, sys.Name)
					us = append(us, u)
				}
			}
			if len(us) == 0 {
				return c, errorf(flag, hint, "--%s all: the %s system has no unit cards", flag, sys.Name)
			}
		} else {
			for _, name := range strings.Split(list, ",") {
				u, err := r.Unit(strings.TrimSpace(name), sys.Name)
				if err != nil {
					return c, errorf(flag, hint, "--%s: %v", flag, err)
				}
				us = append(us, u)
			}
		}
		if i == 0 {
			c.A = us
		} else {
			c.B = us
		}
		c.all[i] = strings.TrimSpace(list) == "all"
	}
	return c, nil
}

// Fit keeps, of the cards a side gave as all, those that engage: the
// engagement of the card with the other side's first card compiles (a
// symbol card of several damage points does not carry into the next
// attack). The rest are named in the warning; none left is an error
// naming the side's flag.
func (c *EngageCards) Fit(qa, qb *Query, spec EngageSpec) (warning string, err error) {
	var warnings []string
	for i, flag := range []string{"a", "b"} {
		if !c.all[i] {
			continue
		}
		mine, theirs := &c.A, c.B
		if i == 1 {
			mine, theirs = &c.B, c.A
		}
		var keep []*profiles.Unit
		var left []string
		for _, u := range *mine {
			probe := EngageCards{A: []*profiles.Unit{u}, B: theirs[:min(1, len(theirs))]}
			if i == 1 {
				probe = EngageCards{A: theirs[:min(1, len(theirs))], B: []*profiles.Unit{u}}
			}
			if engages(qa, qb, probe, spec) {
				keep = append(keep, u)
			} else {
				left = append(left, u.Name)
			}
		}
		if len(keep) == 0 {
			return "", errorf(flag, "'odds profiles list --system "+qa.System.Name+"' lists the cards", "--%s all: no card engages as %s", flag, strings.ToUpper(flag))
		}
		if len(left) > 0 {
			warnings = append(warnings, fmt.Sprintf("--%s all: left out %s (they do not engage here)", flag, strings.Join(left, ", ")))
		}
		*mine = keep
	}
	return strings.Join(warnings, "; "), nil
}

// engages reports whether the first point of each side of cards' one
// pair compiles as an engagement.
func engages(qa, qb *Query, cards EngageCards, spec EngageSpec) bool {
	pairs := cards.pairs(qa, qb)
	pa, err := pairs[0][0].Points()
	if err != nil {
		return false
	}
	pb, err := pairs[0][1].Points()
	if err != nil {
		return false
	}
	_, err = compileEngage(pairs[0], [2]Point{pa[0], pb[0]}, spec, nil)
	return err == nil
}

// NewEngageSpec is an engagement's settings as every door gives them:
// first "a", "b" or "" (not given: a), simultaneous, rounds, ends ("":
// out of the fight) and the readings chosen. The rounds' bounds and
// first with simultaneous are checked here; ends and the readings when
// the sides' actions are known (Engage).
func NewEngageSpec(first string, simultaneous bool, rounds int, ends string, readings resolve.Readings) (EngageSpec, error) {
	spec := EngageSpec{Simultaneous: simultaneous, Rounds: rounds, Ends: ends, Readings: readings}
	switch first {
	case "", "a":
	case "b":
		spec.First = 1
	default:
		return spec, errorf("first", "", "want a or b, got %q", first)
	}
	if simultaneous && first != "" {
		return spec, errorf("first", "no side fires first when both fire at once", "not with --simultaneous")
	}
	if rounds < 1 || rounds > MaxRounds {
		return spec, errorf("rounds", "", "want 1..%d, got %d", MaxRounds, rounds)
	}
	return spec, nil
}

// CheckEngagePoints refuses, naming flag, an engagement whose sides do
// not all have points (their attacker cards', more than 0): a figure per
// 100 points (--metric a-wins-per-100) needs both sides' of every
// engagement.
func CheckEngagePoints(flag, what string, qa, qb *Query, cards EngageCards) error {
	for _, qs := range cards.pairs(qa, qb) {
		for i, q := range qs {
			side := string(rune('A' + i))
			us := q.Cards["attacker"]
			if len(us) == 0 {
				return errorf(flag, "give both sides unit cards with points: --a CARD --b CARD (docs/profiles.md)",
					"%s needs both sides' points: %s's attack has no attacker card", what, side)
			}
			for _, u := range us {
				if u.Points == nil || *u.Points <= 0 {
					return errorf(flag, "give the card a points: field in its profile (docs/profiles.md)",
						"%s needs both sides' points: %s's card %s has none", what, side, u.Name)
				}
			}
		}
	}
	return nil
}

// EngageReadings are the readings of every action of systems that
// engages, the first of each name: the settings odds engage and an
// engagement's request take besides their own.
func EngageReadings(systems []*resolve.System) []resolve.Reading {
	var out []resolve.Reading
	for _, sys := range systems {
		for _, act := range sys.Actions {
			if act.Engage == nil {
				continue
			}
			for _, r := range act.Engage.Readings {
				if !slices.ContainsFunc(out, func(o resolve.Reading) bool { return o.Name == r.Name }) {
					out = append(out, r)
				}
			}
		}
	}
	return out
}

// EngageInput is an engagement as a door is given it: the two attacks'
// texts (AttackSpec), the exchange's settings (NewEngageSpec) and each
// side's cards (EngageCardsOf).
type EngageInput struct {
	Attacks        [2]string
	First          string
	Simultaneous   bool
	Rounds         int
	Ends           string
	Readings       resolve.Readings
	CardsA, CardsB string
}

// Build reads the engagement into its two queries, its cards and its
// spec, checked as far as they can be before it runs; check, if not nil,
// is called once the spec is read and before the cards are (a door's
// own checks, such as its metric). The warnings are the queries' and the
// cards' (cards that cannot engage, dropped).
func (e EngageInput) Build(systems []*resolve.System, isRunFlag func(string) bool, reg Registry, check func() error) (qs [2]*Query, cards EngageCards, spec EngageSpec, warnings []string, err error) {
	for i, text := range e.Attacks {
		sp, err := AttackSpec(string(rune('a'+i)), text, systems, isRunFlag)
		if err != nil {
			return qs, cards, spec, nil, err
		}
		q, ws, err := New(sp, reg)
		if err != nil {
			return qs, cards, spec, nil, err
		}
		qs[i], warnings = q, append(warnings, ws...)
	}
	if spec, err = NewEngageSpec(e.First, e.Simultaneous, e.Rounds, e.Ends, e.Readings); err != nil {
		return qs, cards, spec, nil, err
	}
	if check != nil {
		if err := check(); err != nil {
			return qs, cards, spec, nil, err
		}
	}
	if cards, err = EngageCardsOf(qs[0].System, e.CardsA, e.CardsB, reg); err != nil {
		return qs, cards, spec, nil, err
	}
	w, err := cards.Fit(qs[0], qs[1], spec)
	if err != nil {
		return qs, cards, spec, nil, err
	}
	if w != "" {
		warnings = append(warnings, w)
	}
	return qs, cards, spec, warnings, nil
}
