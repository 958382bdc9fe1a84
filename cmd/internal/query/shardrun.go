package query

import (
	"fmt"
	"maps"
	"slices"

	"odds/profiles"
	"odds/resolve"
)

// ShardRun is what a shard's run computes, typed, so that odds merge
// rebuilds it without a command line or a profile file: the queries,
// resolved (the cards with their stats, the profile data the system
// reads), or a roll's expression, and the settings its output shows.
type ShardRun struct {
	Queries     []ShardQuery `json:"queries,omitempty"`
	Roll        string       `json:"roll,omitempty"` // odds roll's expression
	TrialsGiven bool         `json:"trials_given,omitempty"`
	MaxPaths    int64        `json:"max_paths"`
	Intervals   bool         `json:"intervals,omitempty"`
	AllRows     bool         `json:"all_rows,omitempty"` // odds roll --all-rows
	Metric      string       `json:"metric,omitempty"`
	// Engage is an engagement's run (odds engage, or odds run of an
	// engagement matchup); Queries are then empty.
	Engage *ShardEngage `json:"engage,omitempty"`
}

// ShardEngage is an engagement's run as a shard records it: each side's
// attack, each side's cards (after --a/--b's all kept those that
// engage), and how they exchange attacks.
type ShardEngage struct {
	A, B         ShardQuery
	CardsA       []ShardCard     `json:"cards_a,omitempty"`
	CardsB       []ShardCard     `json:"cards_b,omitempty"`
	First        int             `json:"first"`
	Simultaneous bool            `json:"simultaneous,omitempty"`
	Rounds       int             `json:"rounds"`
	Ends         string          `json:"ends,omitempty"`
	Readings     map[string]bool `json:"readings,omitempty"`
}

// ShardEngageOf is an engagement as a shard document records it.
func ShardEngageOf(qa, qb *Query, cards EngageCards, spec EngageSpec) *ShardEngage {
	se := &ShardEngage{A: ShardQueryOf(qa), B: ShardQueryOf(qb), First: spec.First, Simultaneous: spec.Simultaneous,
		Rounds: spec.Rounds, Ends: spec.Ends, Readings: spec.Readings}
	for _, u := range cards.A {
		se.CardsA = append(se.CardsA, shardCardOf(qa.System, u))
	}
	for _, u := range cards.B {
		se.CardsB = append(se.CardsB, shardCardOf(qa.System, u))
	}
	return se
}

// Engagement rebuilds the engagement a shard recorded (ShardQuery.Query
// for each side; the cards of A's system, as odds engage's --a and --b
// are). name is the shard's file, for errors.
func (se *ShardEngage) Engagement(systems []*resolve.System, name string) (qa, qb *Query, cards EngageCards, spec EngageSpec, err error) {
	if qa, err = se.A.Query(systems, name); err != nil {
		return
	}
	if qb, err = se.B.Query(systems, name); err != nil {
		return
	}
	bad := func(format string, args ...any) error {
		return errorf("", "merge reads the shard documents --shard i/n wrote, unchanged", "merge: %s: %s", name, fmt.Sprintf(format, args...))
	}
	for i, list := range [][]ShardCard{se.CardsA, se.CardsB} {
		for _, c := range list {
			u, e := c.unit(qa.System)
			if e != nil {
				return nil, nil, cards, spec, bad("card %s: %v", c.Name, e)
			}
			if i == 0 {
				cards.A = append(cards.A, u)
			} else {
				cards.B = append(cards.B, u)
			}
		}
	}
	first := map[int]string{0: "a", 1: "b"}[se.First]
	if first == "" {
		return nil, nil, cards, spec, bad("first %d is not 0 (A) or 1 (B)", se.First)
	}
	if se.Simultaneous {
		first = "" // no side first: NewEngageSpec refuses one
	}
	if spec, err = NewEngageSpec(first, se.Simultaneous, se.Rounds, se.Ends, se.Readings); err != nil {
		return nil, nil, cards, spec, bad("%v", err)
	}
	return qa, qb, cards, spec, nil
}

// ShardQuery is one query of a shard's run: each parameter's values as
// its flag writes them (Param.Format), parsed again on merging by
// ParseValue, the cards by role with their stats, and the profile data.
type ShardQuery struct {
	System  string                 `json:"system"`
	Action  string                 `json:"action"`
	Values  map[string][]string    `json:"values,omitempty"`
	Cards   map[string][]ShardCard `json:"cards,omitempty"`
	GivenBy string                 `json:"given_by"`
	Matchup string                 `json:"matchup,omitempty"`
	Env     *resolve.Env           `json:"env,omitempty"`
}

// ShardCard is a unit card as a shard records it: each field as the
// card's YAML writes it (Param.Format), parsed again on merging.
type ShardCard struct {
	Name   string            `json:"name"`
	Stats  map[string]string `json:"stats"`
	Points *int              `json:"points,omitempty"` // odds engage's points lost and traded
}

// ShardQueryOf is q as a shard document records it.
func ShardQueryOf(q *Query) ShardQuery {
	sq := ShardQuery{System: q.System.Name, Action: q.Action.Name, Values: map[string][]string{}, Cards: map[string][]ShardCard{},
		GivenBy: q.GivenBy, Matchup: q.Matchup, Env: q.Env}
	for name, vals := range q.Values {
		p := q.Action.Param(name)
		for _, v := range vals {
			sq.Values[name] = append(sq.Values[name], p.Format(v))
		}
	}
	for role, us := range q.Cards {
		for _, u := range us {
			sq.Cards[role] = append(sq.Cards[role], shardCardOf(q.System, u))
		}
	}
	return sq
}

// shardCardOf is a unit card of sys as a shard records it.
func shardCardOf(sys *resolve.System, u *profiles.Unit) ShardCard {
	c := ShardCard{Name: u.Name, Stats: map[string]string{}, Points: u.Points}
	for k, v := range u.Stats {
		if f := sys.CardField(k); f != nil {
			c.Stats[k] = f.Format(v)
		}
	}
	return c
}

// QueriesOf are the distinct queries of compiled points, in order: what
// a shard document records of them.
func QueriesOf(all []Compiled) []ShardQuery {
	var seen []*Query
	var out []ShardQuery
	for _, c := range all {
		if c.Query != nil && !slices.Contains(seen, c.Query) {
			seen = append(seen, c.Query)
			out = append(out, ShardQueryOf(c.Query))
		}
	}
	return out
}

// Query rebuilds the query a shard recorded, against the systems
// there are: the system, action and card roles must exist and every
// value parses as its flag's (ParseValue); the points are compiled when
// the run is (CompileAll). name is the shard's file, for errors.
func (sq ShardQuery) Query(systems []*resolve.System, name string) (*Query, error) {
	bad := func(format string, args ...any) error {
		return errorf("", "merge reads the shard documents --shard i/n wrote, unchanged", "merge: %s: %s", name, fmt.Sprintf(format, args...))
	}
	i := slices.IndexFunc(systems, func(s *resolve.System) bool { return s.Name == sq.System })
	if i < 0 {
		return nil, bad("no system %q", sq.System)
	}
	sys := systems[i]
	act := sys.Action(sq.Action)
	if act == nil {
		return nil, bad("%s has no action %q", sq.System, sq.Action)
	}
	q := &Query{System: sys, Action: act, Cards: map[string][]*profiles.Unit{}, Values: map[string][]resolve.Value{},
		GivenBy: sq.GivenBy, Matchup: sq.Matchup, Env: sq.Env}
	for _, pname := range slices.Sorted(maps.Keys(sq.Values)) {
		for _, text := range sq.Values[pname] {
			vals, err := ParseValue(act, pname, text)
			if err != nil {
				return nil, bad("%v", err)
			}
			q.Values[pname] = append(q.Values[pname], vals...)
		}
	}
	for _, role := range slices.Sorted(maps.Keys(sq.Cards)) {
		cards := sq.Cards[role]
		if !slices.ContainsFunc(act.Roles, func(r resolve.Role) bool { return r.Name == role }) {
			return nil, bad("%s %s has no card role %q", sq.System, sq.Action, role)
		}
		for _, c := range cards {
			u, err := c.unit(sys)
			if err != nil {
				return nil, bad("card %s: %v", c.Name, err)
			}
			q.Cards[role] = append(q.Cards[role], u)
		}
	}
	if NeedsEnv(sys) && q.Env == nil {
		return nil, bad("%s reads profile data the shard does not hold", sq.System)
	}
	if q.Env != nil {
		if err := checkEnv(sys, q.Env); err != nil {
			return nil, bad("%v", err)
		}
	}
	return q, nil
}

// unit is the card again: every field of the system's cards present and
// one value its field's parser takes (as a flag's value), no other.
func (c ShardCard) unit(sys *resolve.System) (*profiles.Unit, error) {
	u := &profiles.Unit{Name: c.Name, System: sys.Name, Stats: resolve.Values{}, Points: c.Points}
	if c.Points != nil && (*c.Points < 0 || *c.Points > profiles.MaxPoints) {
		return nil, fmt.Errorf("points %d is not 0..%d", *c.Points, profiles.MaxPoints)
	}
	for k := range c.Stats {
		if sys.CardField(k) == nil {
			return nil, fmt.Errorf("%s cards have no field %q", sys.Name, k)
		}
	}
	for i := range sys.Card {
		f := &sys.Card[i]
		text, ok := c.Stats[f.Name]
		if !ok {
			return nil, fmt.Errorf("no %s", f.Name)
		}
		vals, err := resolve.ParseValues(f, text)
		if err != nil || len(vals) != 1 {
			return nil, fmt.Errorf("%s: want one value, got %q", f.Name, text)
		}
		u.Stats[f.Name] = vals[0]
	}
	return u, nil
}

// checkEnv checks the profile data a shard records against the system's
// schemas, as loading profiles does: each custom die's role, colour,
// strength, face count and symbols; each table a table of the system,
// every row a name with every column's cell one value of the cell's
// kind; each unit card's fields (ShardCard.unit's rules).
func checkEnv(sys *resolve.System, env *resolve.Env) error {
	if len(env.Dice) > 0 && sys.Die == nil {
		return fmt.Errorf("%s rolls no custom dice", sys.Name)
	}
	for _, d := range env.Dice {
		sc := sys.Die
		switch {
		case !slices.Contains(sc.Roles, d.Role) || !slices.Contains(sc.Colours, d.Colour):
			return fmt.Errorf("die %s: role %q or colour %q is not one of %s's", d.Name, d.Role, d.Colour, sys.Name)
		case d.Strength < 1 || d.Strength > 20:
			return fmt.Errorf("die %s: strength %d is not 1..20", d.Name, d.Strength)
		case len(d.Faces) < sc.MinFaces || len(d.Faces) > sc.MaxFaces || len(d.Faces) == 0:
			return fmt.Errorf("die %s: %d faces, want %d to %d", d.Name, len(d.Faces), sc.MinFaces, sc.MaxFaces)
		}
		for _, f := range d.Faces {
			if len(f) > sc.MaxSymbols {
				return fmt.Errorf("die %s: a face of %d symbols, want at most %d", d.Name, len(f), sc.MaxSymbols)
			}
			for _, sym := range f {
				if !slices.Contains(sc.Symbols, sym) {
					return fmt.Errorf("die %s: symbol %q is not one of %s's", d.Name, sym, sys.Name)
				}
			}
		}
	}
	for name, t := range env.Tables {
		ts := sys.Table(name)
		if ts == nil || t == nil {
			return fmt.Errorf("%s has no table %q", sys.Name, name)
		}
		for key, row := range t.Rows {
			if len(row) != len(ts.Columns) {
				return fmt.Errorf("table %s row %s: want the cells of %d columns", name, key, len(ts.Columns))
			}
			for _, col := range ts.Columns {
				vals, err := resolve.ParseValues(&ts.Cell, row[col])
				if err != nil || len(vals) != 1 {
					return fmt.Errorf("table %s row %s column %s: want one value, got %q", name, key, col, row[col])
				}
			}
		}
	}
	for name, stats := range env.Units {
		c := ShardCard{Name: name, Stats: map[string]string{}}
		for k, v := range stats {
			f := sys.CardField(k)
			if f == nil {
				return fmt.Errorf("unit %s: %s cards have no field %q", name, sys.Name, k)
			}
			c.Stats[k] = f.Format(v)
		}
		if _, err := c.unit(sys); err != nil {
			return fmt.Errorf("unit %s: %v", name, err)
		}
	}
	return nil
}
