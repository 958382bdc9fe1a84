package query

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"odds/profiles"
	"odds/resolve"
	"odds/sim"
)

// A sequence of attacks on one target (--then '<action> FLAGS'): the
// query's own attack, then each step in the given order, each its own
// action, flags and attacker card, the target's state carried from each
// step to the next as the system's rules packages declare it
// (resolve.Chain: every action of a system that chains shares its codes
// of the target's states). A step whose target is out of the fight (an
// end state of its action's chain) is skipped.
//
// A sequence is a plan like any other: its Trial makes the steps and
// returns a cell of (the step that first reached the goal, the target's
// state after each step), so Monte Carlo, seeds, workers and precision
// are the engine's; its Exact is the Markov chain over the target's
// states, step by step, each state's transition the exact answer of
// that step's plan in that state.

// Sequence is the steps after the query's own attack.
type Sequence struct {
	Steps []*Query // each one point: its action, values and attacker card
	Until string   // the goal (--until), or "" for none
}

// Bounds of a sequence.
const (
	MaxSteps = 12 // steps in all, the query's own with its --then steps
	// MaxSequenceCells bounds a sequence's histogram: (steps + 1) times
	// the paths of the target's states through them.
	MaxSequenceCells = 1 << 18
)

// SequenceFigures is what a sequence's result answers.
type SequenceFigures struct {
	Steps []string // each step as given: "fire --hesa 3 --def 1"
	Until string
	// After[k] is the target's state after step k+1.
	After [][]StateShare
	// Made[k] is P(step k+1 was made: its target was in the fight).
	Made []sim.Interval
	// ByStep[k] is P(Until reached by step k+1); nil without Until.
	ByStep     []sim.Interval
	NotReached sim.Interval
	// StepsUsed is the mean number of steps made, counting those after
	// the goal was reached no more (with Until).
	StepsUsed float64
}

// Step is the query of one step of a sequence after q: text is an action
// of q's system and its flags, one value each, read as --vs reads its
// flags; the target's card is q's --defender, never the step's.
func Step(q *Query, text string, isRunFlag func(name string) bool, reg Registry) (*Query, error) {
	words := strings.Fields(text)
	if len(words) == 0 {
		return nil, errorf("then", "for example --then 'fire --hesa 2 --def 1'", "want an action of %s and its flags, got none", q.System.Name)
	}
	act := q.System.Action(words[0])
	if act == nil {
		var names []string
		for _, a := range q.System.Actions {
			if a.Chain != nil {
				names = append(names, a.Name)
			}
		}
		return nil, errorf("then", "these take part in sequences: "+strings.Join(names, ", "), "%s has no action %q", q.System.Name, words[0])
	}
	for _, w := range words[1:] {
		if name, _, _ := strings.Cut(strings.TrimPrefix(w, "--"), "="); strings.HasPrefix(w, "--") && name != "" && name == targetRole(act) {
			return nil, errorf("then", "give the target's card outside --then", "--%s: the target's card is the sequence's, the same in every step", name)
		}
	}
	s := &Query{System: q.System, Action: act, Cards: map[string][]*profiles.Unit{}, Values: map[string][]resolve.Value{},
		GivenBy: q.GivenBy, Env: q.Env, Matchup: q.Matchup}
	if len(words) == 1 {
		return s, nil
	}
	return withFlags(s, words[1:], "then", isRunFlag, reg)
}

// NewSequence is the sequence of steps after q (each read by Step) with
// goal until, refused when it would make more than MaxSteps in all.
func NewSequence(q *Query, steps []string, until string, isRunFlag func(name string) bool, reg Registry) (*Sequence, error) {
	seq := &Sequence{Until: until}
	for _, text := range steps {
		s, err := Step(q, text, isRunFlag, reg)
		if err != nil {
			return nil, err
		}
		seq.Steps = append(seq.Steps, s)
	}
	if len(seq.Steps)+1 > MaxSteps {
		return nil, errorf("then", "", "want at most %d steps in all, got %d", MaxSteps, len(seq.Steps)+1)
	}
	return seq, nil
}

// seqStep is one step compiled: the state it attacks in each of the
// target's states it can find it in (by the sequence's state index;
// plan nil: no attack, the state stays), and the index of each state in
// the states after it.
type seqStep struct {
	states []chainState
	after  []int // the states after the step, by index in the sequence's states
	pos    []int32
}

// seqPlan makes the steps of a sequence.
type seqPlan struct {
	steps  []seqStep
	names  []string // the target's states
	codes  []int
	start  int
	paths  int // the paths of the target's states through the steps
	until  string
	given  []string // the steps as given
	layout *resolve.Layout
}

var _ resolve.Exacter = (*seqPlan)(nil)

// targetRole is the role of an action's target card: its defender, or
// the unit of an action on the target alone (rof's rfc); "" if none.
func targetRole(act *resolve.Action) string {
	for _, name := range []string{"defender", "unit"} {
		if slices.ContainsFunc(act.Roles, func(r resolve.Role) bool { return r.Name == name }) {
			return name
		}
	}
	return ""
}

// stepOf is step s of the sequence at point pt of the first step: its
// only point, with the target's card the point's.
func stepOf(s *Query, first *Query, pt Point) (*Query, Point, error) {
	sq := *s
	if d, ok := pt.Cards[targetRole(first.Action)]; ok && targetRole(s.Action) != "" {
		sq.Cards = make(map[string][]*profiles.Unit, len(s.Cards)+1)
		for role, us := range s.Cards {
			sq.Cards[role] = us
		}
		sq.Cards[targetRole(s.Action)] = []*profiles.Unit{d}
	}
	pts, err := sq.Points()
	if err != nil {
		return nil, Point{}, err
	}
	if len(pts) != 1 {
		return nil, Point{}, errorf("then", "sweep in the main flags", "a step takes one value of each flag, got %d points", len(pts))
	}
	return &sq, pts[0], nil
}

// compileSequence compiles the sequence of a point: the states the
// target can be in before each step, each with that step's plan.
func (q *Query) compileSequence(pt Point, check func() error) (resolve.Plan, error) {
	steps := append([]*Query{q}, q.Then.Steps...)
	if len(steps) > MaxSteps {
		return nil, errorf("then", "", "want at most %d steps in all, got %d", MaxSteps, len(steps))
	}
	wrap := func(k int, err error) error {
		if q.Matchup != "" {
			err = fmt.Errorf("matchup %s: %w", q.Matchup, err)
		}
		if k > 0 {
			return &Error{Flag: "then", Err: fmt.Errorf("--then (step %d, %s): %w", k+1, steps[k].Action.Name, err)}
		}
		return &Error{Flag: flagOf(err), Err: err}
	}
	args := make([]resolve.Args, len(steps))
	chains := make([]*resolve.Chain, len(steps))
	p := &seqPlan{until: q.Then.Until}
	for k, s := range steps {
		spt := pt
		if k > 0 {
			var err error
			if s, spt, err = stepOf(s, q, pt); err != nil {
				return nil, err
			}
		}
		ch := s.Action.Chain
		if ch == nil {
			return nil, errorf("then", chainActions(q.System),
				"%s %s: does not take part in sequences (docs/rules/%s.md says why)", q.System.Name, s.Action.Name, q.System.Name)
		}
		args[k], chains[k] = s.Action.Args(spt.Values(), s.Env), ch
		code, err := ch.Start(args[k])
		if err != nil {
			return nil, wrap(k, fmt.Errorf("%w (in a sequence)", err))
		}
		if k == 0 {
			p.codes = []int{code}
		}
		p.given = append(p.given, describeStep(s, spt))
	}
	goal := p.until
	known := goal == ""
	index := map[int]int{p.codes[0]: 0}
	p.names = []string{chains[0].Name(p.codes[0])}
	before := []int{0}
	compiled := make([]map[int]chainState, len(chains))
	for k, ch := range chains {
		rank := slices.Index(ch.Severity, goal)
		known = known || rank >= 0
		compiled[k] = map[int]chainState{}
		seen := map[int]bool{}
		var after []int
		add := func(i int) {
			if !seen[i] {
				seen[i] = true
				after = append(after, i)
			}
		}
		for _, i := range before {
			code := p.codes[i]
			if ch.End(code) {
				compiled[k][i] = chainState{end: true}
				add(i)
				continue
			}
			plan, next, err := ch.Attack(args[k], code)
			if err != nil {
				return nil, wrap(k, err)
			}
			if check != nil {
				if err := check(); err != nil {
					return nil, err
				}
			}
			sa, err := linkAttack(plan, next, ch.Severity, rank, func(n int) (int, error) {
				j, ok := index[n]
				if !ok {
					if len(p.codes) == resolve.MaxChainStates {
						return 0, errorf("then", "", "the target could be in more than %d states", resolve.MaxChainStates)
					}
					j = len(p.codes)
					index[n] = j
					p.codes = append(p.codes, n)
					p.names = append(p.names, ch.Name(n))
				}
				return j, nil
			})
			if err != nil {
				return nil, err
			}
			for c, j := range sa.next {
				// With a goal, a state named for it or out of the fight
				// reaches it too.
				sa.reach[c] = sa.reach[c] || goal != "" && (p.names[j] == goal || ch.End(p.codes[j]))
				add(int(j))
			}
			compiled[k][i] = chainState{stateAttack: sa}
		}
		slices.Sort(after)
		p.steps = append(p.steps, seqStep{after: after})
		before = after
	}
	if !known && !slices.Contains(p.names, goal) {
		return nil, errorf("until", "", "want an outcome of a step or a state of the target (%s), got %q", strings.Join(p.names, ", "), goal)
	}
	p.paths = 1
	for k := range p.steps {
		st := &p.steps[k]
		st.states = make([]chainState, len(p.codes))
		for i, cs := range compiled[k] {
			st.states[i] = cs
		}
		st.pos = make([]int32, len(p.codes))
		for j, i := range st.after {
			st.pos[i] = int32(j)
		}
		if p.paths *= len(st.after); p.paths > MaxSequenceCells {
			return nil, errorf("then", "give fewer steps", "the target's states over %d steps make more than %d paths", len(p.steps), MaxSequenceCells)
		}
	}
	if p.firsts()*p.paths > MaxSequenceCells {
		return nil, errorf("then", "give fewer steps", "the target's states over %d steps make more than %d paths", len(p.steps), MaxSequenceCells)
	}
	p.layout = p.newLayout()
	return p, nil
}

// firsts is how many values the first step to reach the goal takes:
// none (0) or a step, with a goal; 1 without.
func (p *seqPlan) firsts() int {
	if p.until == "" {
		return 1
	}
	return len(p.steps) + 1
}

// path reads a path index into the state index after each step.
func (p *seqPlan) path(c int, out []int) {
	for k := len(p.steps) - 1; k >= 0; k-- {
		a := p.steps[k].after
		out[k] = a[c%len(a)]
		c /= len(a)
	}
}

// used is how many steps a path made, up to the step first (0: all).
func (p *seqPlan) used(states []int, first int) int {
	n, st := 0, p.start
	for k := range p.steps {
		if first > 0 && k >= first {
			break
		}
		if !p.steps[k].states[st].end {
			n++
		}
		st = states[k]
	}
	return n
}

// newLayout: with a goal, the outcomes are the step that first reached
// it (step-k) or not-reached; without, the target's state after the
// last step. Each cell's steps-used is its path's.
func (p *seqPlan) newLayout() *resolve.Layout {
	K := len(p.steps)
	var outcomes []string
	last := p.steps[K-1].after
	if p.until != "" {
		for k := 1; k <= K; k++ {
			outcomes = append(outcomes, "step-"+strconv.Itoa(k))
		}
		outcomes = append(outcomes, "not-reached")
	} else {
		for _, i := range last {
			outcomes = append(outcomes, p.names[i])
		}
	}
	states := make([]int, K)
	l := resolve.NewLayout(outcomes, []string{"steps-used"}, p.firsts()*p.paths, func(c int, vals []float64) int {
		first, path := c/p.paths, c%p.paths
		p.path(path, states)
		vals[0] = float64(p.used(states, first))
		switch {
		case p.until == "":
			return slices.Index(last, states[K-1])
		case first == 0:
			return K
		}
		return first - 1
	})
	l.Counts = []string{"steps-used"}
	return l
}
