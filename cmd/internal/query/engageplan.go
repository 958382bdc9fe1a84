package query

import (
	"fmt"
	"slices"
	"strings"

	"odds/dice"
	"odds/resolve"
)

// An engagement's plan: both sides' states and attacks compiled, the
// exchange as a trial (Monte Carlo) and as a Markov chain over the pair
// of states (exact).

// engageAttack is one compiled attack (or activation): its plan, the
// state index each cell leads to and whether it reaches Ends.
type engageAttack struct {
	stateAttack
	trans []engageStep // exact: the plan's answer grouped by (next, reach)
}

type engageStep struct {
	next  int32
	reach bool
	p     float64
}

// engageSide is one side's states and its attacks: attack[f*n+t] is its
// attack as a firer in state f on the other side in state t (n: the
// other's states), activate[f] its activation in state f.
type engageSide struct {
	names    []string
	codes    []int
	end      []bool
	attack   []engageAttack
	activate []engageAttack
}

type engagePlan struct {
	side         [2]engageSide
	first        int
	simultaneous bool
	rounds       int
	layout       *resolve.Layout
}

var (
	_ resolve.Exacter     = (*engagePlan)(nil)
	_ resolve.ExactMethod = (*engagePlan)(nil)
)

// ExactMethod names how Exact answers: results say "markov-chain".
func (*engagePlan) ExactMethod() string { return "markov-chain" }

// compileEngage compiles the engagement of A's point pa and B's pb: every
// state each side can reach, found from the starts, each attack of each
// pair of states compiled once; check is called after each plan (the
// run's memory bound).
func compileEngage(qs [2]*Query, pts [2]Point, spec EngageSpec, check func() error) (*engagePlan, error) {
	var args [2]resolve.Args
	var eng [2]*resolve.Engage
	for i, q := range qs {
		eng[i] = q.Action.Engage
		if eng[i] == nil {
			return nil, attackErr(string(rune('a'+i)), engageActions(q.System), "%s %s: two units do not exchange it (docs/rules/%s.md says why)", q.System.Name, q.Action.Name, q.System.Name)
		}
		args[i] = q.Action.Args(pts[i].Values(), q.Env)
	}
	if qs[0].System.Name != qs[1].System.Name {
		return nil, attackErr("b", "give two attacks of one system", "%s, but A's is %s", qs[1].System.Name, qs[0].System.Name)
	}
	if spec.Simultaneous && (!eng[0].Simultaneous || !eng[1].Simultaneous) {
		i := resolve.B2I(eng[0].Simultaneous)
		return nil, errorf("simultaneous", "the sides take turns: --first a|b", "%s %s is not resolved simultaneously on its sheet", qs[i].System.Name, qs[i].Action.Name)
	}
	for name := range spec.Readings {
		if !slices.ContainsFunc(eng[0].Readings, func(r resolve.Reading) bool { return r.Name == name }) {
			return nil, errorf(name, "", "%s %s has no such reading", qs[0].System.Name, qs[0].Action.Name)
		}
	}
	rank := [2]int{-1, -1}
	if spec.Ends != "" {
		found := false
		for i := range eng {
			rank[i] = slices.Index(eng[i].Severity, spec.Ends)
			found = found || rank[i] >= 0
		}
		if !found {
			return nil, errorf("ends", "", "want an outcome of %s %s (%s), got %q", qs[0].System.Name, qs[0].Action.Name, strings.Join(eng[0].Severity, ", "), spec.Ends)
		}
	}
	p := &engagePlan{first: spec.First, simultaneous: spec.Simultaneous, rounds: spec.Rounds}
	index := [2]map[int]int{{}, {}}
	add := func(i, code int) (int, error) {
		if j, ok := index[i][code]; ok {
			return j, nil
		}
		sd := &p.side[i]
		if len(sd.codes) == resolve.MaxChainStates {
			return 0, attackErr(string(rune('a'+i)), "", "its side could be in more than %d states", resolve.MaxChainStates)
		}
		index[i][code] = len(sd.codes)
		sd.codes = append(sd.codes, code)
		sd.names = append(sd.names, eng[i].Name(code))
		sd.end = append(sd.end, eng[i].End(code))
		return len(sd.codes) - 1, nil
	}
	for i := range 2 {
		code, err := eng[i].Start(args[i], args[1-i], spec.Readings)
		if err != nil { // what the attack on side i says of it
			return nil, engageErr(qs[1-i], 1-i, err)
		}
		if _, err := add(i, code); err != nil {
			return nil, err
		}
	}
	wrap := func(plan resolve.Plan, next []int, to int, rank int, sev []string) (engageAttack, error) {
		if plan == nil {
			return engageAttack{}, nil
		}
		if check != nil {
			if err := check(); err != nil {
				return engageAttack{}, err
			}
		}
		sa, err := linkAttack(plan, next, sev, rank, func(n int) (int, error) { return add(to, n) })
		return engageAttack{stateAttack: sa}, err
	}
	// Compile until no new state appears: attacks by pair, activations
	// by state.
	attacks := [2]map[[2]int]engageAttack{{}, {}}
	acts := [2]map[int]engageAttack{{}, {}}
	for grew := true; grew; {
		grew = false
		for i := range 2 {
			me, them := &p.side[i], &p.side[1-i]
			for f := 0; f < len(me.codes); f++ {
				if me.end[f] {
					continue
				}
				if _, ok := acts[i][f]; !ok && eng[i].Activate != nil {
					plan, next, err := eng[i].Activate(args[i], args[1-i], me.codes[f], spec.Readings)
					if err != nil {
						return nil, engageErr(qs[1-i], 1-i, err)
					}
					ea, err := wrap(plan, next, i, -1, nil)
					if err != nil {
						return nil, err
					}
					acts[i][f] = ea
					grew = true
				}
				for t := 0; t < len(them.codes); t++ {
					if _, ok := attacks[i][[2]int{f, t}]; ok || them.end[t] {
						continue
					}
					plan, next, err := eng[i].Attack(args[i], me.codes[f], them.codes[t], spec.Readings)
					if err != nil {
						return nil, engageErr(qs[i], i, err)
					}
					ea, err := wrap(plan, next, 1-i, rank[i], eng[i].Severity)
					if err != nil {
						return nil, err
					}
					attacks[i][[2]int{f, t}] = ea
					grew = true
				}
			}
		}
	}
	for i := range 2 {
		me, n := &p.side[i], len(p.side[1-i].codes)
		me.attack = make([]engageAttack, len(me.codes)*n)
		me.activate = make([]engageAttack, len(me.codes))
		for k, ea := range attacks[i] {
			me.attack[k[0]*n+k[1]] = ea
		}
		for f, ea := range acts[i] {
			me.activate[f] = ea
		}
	}
	na, nb := len(p.side[0].codes), len(p.side[1].codes)
	p.layout = resolve.NewLayout(EngageOutcomes, nil, (1+3*spec.Rounds)*na*nb, func(c int, _ []float64) int {
		slot := c / (na * nb)
		if slot == 0 {
			return len(EngageOutcomes) - 1 // neither
		}
		return (slot - 1) % 3 // won by A, B, both: the cell's won − 1
	})
	return p, nil
}

func engageErr(q *Query, side int, err error) error {
	err = fmt.Errorf("%c's attack: %w", 'A'+side, err)
	if q.Matchup != "" {
		err = fmt.Errorf("matchup %s: %w", q.Matchup, err)
	}
	return &Error{Flag: flagOf(err), Err: err}
}

// engageActions lists the actions of s that engage, for a hint.
func engageActions(s *resolve.System) string {
	var names []string
	for _, a := range s.Actions {
		if a.Engage != nil {
			names = append(names, s.Name+" "+a.Name)
		}
	}
	if len(names) == 0 {
		return "no action of " + s.Name + " engages"
	}
	return "these engage: " + strings.Join(names, ", ")
}

func (p *engagePlan) Layout() *resolve.Layout { return p.layout }

// cell is the cell of an exchange won by won (0 none, 1 A, 2 B, 3 both)
// in round r, the sides in states a and b.
func (p *engagePlan) cell(won, r, a, b int) int {
	slot := 0
	if won != 0 {
		slot = 1 + (r-1)*3 + won - 1
	}
	return (slot*len(p.side[0].codes)+a)*len(p.side[1].codes) + b
}

// Trial runs the exchange: rounds of each side's turn (or both at once)
// until a side wins or Rounds are done.
func (p *engagePlan) Trial(s *dice.Stream) int {
	var st [2]int
	won, r := 0, 0
	for r = 1; r <= p.rounds && won == 0; r++ {
		if p.simultaneous {
			won = p.together(s, &st)
			continue
		}
		for turn := 0; turn < 2 && won == 0; turn++ {
			won = p.turn(s, p.first^turn, &st)
		}
	}
	return p.cell(won, r-1, st[0], st[1])
}

// turn is side i's activation and attack: the winner it makes (1 A, 2
// B), or 0.
func (p *engagePlan) turn(s *dice.Stream, i int, st *[2]int) int {
	me, them := &p.side[i], &p.side[1-i]
	if act := &me.activate[st[i]]; act.plan != nil {
		st[i] = int(act.next[act.plan.Trial(s)])
		if me.end[st[i]] {
			return 2 - i
		}
	}
	a := &me.attack[st[i]*len(them.codes)+st[1-i]]
	if a.plan == nil {
		return 0
	}
	c := a.plan.Trial(s)
	st[1-i] = int(a.next[c])
	if a.reach[c] || them.end[st[1-i]] {
		return 1 + i
	}
	return 0
}

// together is a simultaneous round: both activate, then both attack from
// the states before the attacks.
func (p *engagePlan) together(s *dice.Stream, st *[2]int) int {
	for i := range 2 {
		me := &p.side[i]
		if act := &me.activate[st[i]]; act.plan != nil {
			st[i] = int(act.next[act.plan.Trial(s)])
		}
	}
	out := [2]bool{p.side[0].end[st[0]], p.side[1].end[st[1]]}
	if out[0] || out[1] {
		return 2*resolve.B2I(out[0]) + resolve.B2I(out[1])
	}
	var hit [2]bool // hit[i]: side i's attack ends the exchange
	next := *st
	for i := range 2 {
		a := &p.side[i].attack[st[i]*len(p.side[1-i].codes)+st[1-i]]
		if a.plan == nil {
			continue
		}
		c := a.plan.Trial(s)
		next[1-i] = int(a.next[c])
		hit[i] = a.reach[c] || p.side[1-i].end[next[1-i]]
	}
	*st = next
	return resolve.B2I(hit[0]) + 2*resolve.B2I(hit[1])
}

func (p *engagePlan) Run(s *dice.Stream, n int, counts []uint64) {
	for range n {
		counts[p.Trial(s)]++
	}
}
