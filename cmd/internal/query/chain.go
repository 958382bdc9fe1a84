package query

import (
	"context"
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"

	"odds/dice"
	"odds/resolve"
	"odds/sim"
)

// Repeated attacks on one target (--until OUTCOME --attacks N): the
// action repeated up to N times, the target's state carried from one
// attack to the next as its rules package declares (resolve.Chain). A
// chain is a plan like any other: its Trial runs the attacks on the
// per-state plans and returns a cell of (the attack that first reached
// OUTCOME, the state after N attacks), so Monte Carlo, seeds, workers and
// precision are the engine's; its Exact is the Markov chain over the
// target's states, each state's transition the exact answer of that
// state's plan.

// Until asks for repeated attacks.
type Until struct {
	Outcome string // reached by an attack whose outcome is it or more severe
	Attacks int    // attacks at most
}

// Bounds of --attacks.
const (
	DefaultAttacks = 6
	MaxAttacks     = 100
)

// Chain is what a chained result answers.
type Chain struct {
	Until   string
	Attacks int
	// ByAttack[k-1] is P(OUTCOME reached by attack k), k = 1..Attacks.
	ByAttack []sim.Interval
	// NotReached is P(not reached within Attacks attacks).
	NotReached sim.Interval
	// MeanIfReached is the mean number of attacks that reach OUTCOME,
	// counting only the chains that reach it within Attacks (NaN if none
	// does): E[T | T <= N].
	MeanIfReached float64
	// States is the target's state after the attacks (a target in an end
	// state, eliminated or out of action, is attacked no more).
	States []StateShare
}

// StateShare is the probability of a target's state.
type StateShare struct {
	Name string
	sim.Interval
}

// chainState is one state of the target, compiled: its attack, or end
// (out of the fight: attacked no more).
type chainState struct {
	stateAttack
	end bool
}

// stateAttack is an attack compiled in one pair of states: its plan,
// the index of the state each cell leads to, and whether the cell's
// outcome reaches the goal.
type stateAttack struct {
	plan  resolve.Plan
	next  []int32
	reach []bool
}

// linkAttack compiles an attack into its stateAttack: add numbers the
// state each cell leads to (next: the rules package's codes of them), and
// a cell reaches the goal when its outcome is severity[rank] or one
// listed before it (rank < 0: none does).
func linkAttack(plan resolve.Plan, next []int, severity []string, rank int, add func(code int) (int, error)) (stateAttack, error) {
	l := plan.Layout()
	reaches := make([]bool, len(l.Outcomes)) // by outcome
	for o, name := range l.Outcomes {
		r := slices.Index(severity, name)
		reaches[o] = rank >= 0 && r >= 0 && r <= rank
	}
	sa := stateAttack{plan: plan, next: make([]int32, l.Cells), reach: make([]bool, l.Cells)}
	for c, n := range next {
		j, err := add(n)
		if err != nil {
			return sa, err
		}
		sa.next[c] = int32(j)
		sa.reach[c] = reaches[l.Outcome[c]]
	}
	return sa, nil
}

// chainPlan runs up to attacks attacks from state start.
type chainPlan struct {
	states  []chainState
	names   []string
	codes   []int // the rules package's code of each state: results list the states in its order
	start   int
	attacks int
	until   string
	layout  *resolve.Layout
}

var (
	_ resolve.Exacter = (*chainPlan)(nil)
)

// compileChain compiles the chain of a point: every state the target can
// reach, breadth first from the start, each with its attack's plan.
func (q *Query) compileChain(pt Point, check func() error) (resolve.Plan, error) {
	ch := q.Action.Chain
	u := q.Until
	if ch == nil {
		return nil, errorf("until", chainActions(q.System),
			"%s %s: repeated attacks are not chained for it (docs/rules/%s.md says why)", q.System.Name, q.Action.Name, q.System.Name)
	}
	rank := slices.Index(ch.Severity, u.Outcome)
	if rank < 0 {
		return nil, errorf("until", "", "want an outcome of %s %s (%s), got %q", q.System.Name, q.Action.Name, strings.Join(ch.Severity, ", "), u.Outcome)
	}
	args := q.Action.Args(pt.Values(), q.Env)
	wrap := func(err error) error {
		if q.Matchup != "" {
			err = fmt.Errorf("matchup %s: %w", q.Matchup, err)
		}
		return &Error{Flag: flagOf(err), Err: err}
	}
	start, err := ch.Start(args)
	if err != nil {
		return nil, wrap(fmt.Errorf("%w (with --until)", err))
	}
	p := &chainPlan{attacks: u.Attacks, until: u.Outcome}
	index := map[int]int{start: 0}
	codes := []int{start}
	for i := 0; i < len(codes); i++ {
		code := codes[i]
		p.names = append(p.names, ch.Name(code))
		if ch.End(code) {
			p.states = append(p.states, chainState{end: true})
			continue
		}
		plan, next, err := ch.Attack(args, code)
		if err != nil {
			return nil, wrap(err)
		}
		if check != nil {
			if err := check(); err != nil {
				return nil, err
			}
		}
		sa, err := linkAttack(plan, next, ch.Severity, rank, func(n int) (int, error) {
			j, ok := index[n]
			if !ok {
				if len(codes) == resolve.MaxChainStates {
					return 0, errorf("until", "", "the target could be in more than %d states", resolve.MaxChainStates)
				}
				j = len(codes)
				index[n] = j
				codes = append(codes, n)
			}
			return j, nil
		})
		if err != nil {
			return nil, err
		}
		p.states = append(p.states, chainState{stateAttack: sa})
	}
	p.codes = codes
	outcomes := make([]string, 0, u.Attacks+1)
	for k := 1; k <= u.Attacks; k++ {
		outcomes = append(outcomes, "attack-"+strconv.Itoa(k))
	}
	outcomes = append(outcomes, "not-reached")
	s := len(p.states)
	p.layout = resolve.NewLayout(outcomes, nil, (u.Attacks+1)*s, func(c int, _ []float64) int {
		if first := c / s; first > 0 {
			return first - 1
		}
		return u.Attacks
	})
	return p, nil
}

// shareOf is a share of res's trials: q its probability (exact) or k
// its count (Monte Carlo), with its interval.
func shareOf(res *sim.Histogram, q float64, k uint64) sim.Interval {
	if res.Exact {
		return sim.Interval{P: q, Lo: q, Hi: q}
	}
	return sim.WilsonInterval(k, res.Trials)
}

// byCode is the indices of states in the order of their rules
// package's codes, the order results list states in.
func byCode(codes []int) []int {
	order := make([]int, len(codes))
	for i := range order {
		order[i] = i
	}
	slices.SortFunc(order, func(i, j int) int { return codes[i] - codes[j] })
	return order
}

// chainActions lists the actions of s that chain, for a hint.
func chainActions(s *resolve.System) string {
	var names []string
	for _, a := range s.Actions {
		if a.Chain != nil {
			names = append(names, s.Name+" "+a.Name)
		}
	}
	if len(names) == 0 {
		return "no action of " + s.Name + " chains"
	}
	return "these chain: " + strings.Join(names, ", ")
}

func (p *chainPlan) Layout() *resolve.Layout { return p.layout }

// transition is the state's attack's exact answer within budget grouped
// by where it leads, t[2*next+reached] over n states; false if its plan
// has no exact answer within budget.
func (cs *chainState) transition(ctx context.Context, budget int64, n int) ([]float64, bool) {
	res, err := sim.TryExact(ctx, cs.plan, sim.Options{Method: sim.Exact, MaxPaths: budget})
	if err != nil || res == nil {
		return nil, false
	}
	t := make([]float64, 2*n)
	for c, q := range res.Prob {
		t[2*int(cs.next[c])+resolve.B2I(cs.reach[c])] += q
	}
	return t, true
}

// Trial makes the attacks until the target is in an end state or N are
// made; its cell is (first attack that reached the goal, 0 if none) *
// states + the state after.
func (p *chainPlan) Trial(s *dice.Stream) int {
	st, first := p.start, 0
	for k := 1; k <= p.attacks; k++ {
		cs := &p.states[st]
		if cs.end {
			break
		}
		c := cs.plan.Trial(s)
		if first == 0 && cs.reach[c] {
			first = k
		}
		st = int(cs.next[c])
	}
	return first*len(p.states) + st
}

func (p *chainPlan) Run(s *dice.Stream, n int, counts []uint64) {
	for range n {
		counts[p.Trial(s)]++
	}
}

// Exact is the Markov chain over (first attack that reached the goal,
// state): each state's transition is its plan's exact answer, grouped by
// (next state, reached); budget bounds each state's exact answer. A
// state whose attack has no exact answer within it makes the chain Monte
// Carlo.
func (p *chainPlan) Exact(ctx context.Context, budget int64) ([]float64, bool) {
	s := len(p.states)
	trans := make([][]float64, s) // trans[from][2*next+reached]
	for i := range p.states {
		if cs := &p.states[i]; !cs.end {
			t, ok := cs.transition(ctx, budget, s)
			if !ok {
				return nil, false
			}
			trans[i] = t
		}
	}
	dist := make([]float64, (p.attacks+1)*s)
	dist[p.start] = 1
	for k := 1; k <= p.attacks; k++ {
		if ctx.Err() != nil {
			return nil, false
		}
		nd := make([]float64, len(dist))
		for c, m := range dist {
			if m == 0 {
				continue
			}
			first, st := c/s, c%s
			if p.states[st].end {
				nd[c] += m
				continue
			}
			for j, q := range trans[st] {
				if q == 0 {
					continue
				}
				f := first
				if f == 0 && j%2 == 1 {
					f = k
				}
				nd[f*s+j/2] += m * q
			}
		}
		dist = nd
	}
	return dist, true
}

// figures reads a chain's histogram: P(reached by attack k), the
// conditional mean, and the state distribution.
func (p *chainPlan) figures(res *sim.Histogram) *Chain {
	s := len(p.states)
	ch := &Chain{Until: p.until, Attacks: p.attacks}
	first := make([]float64, p.attacks+1) // by first attack, 0: not reached
	states := make([]float64, s)
	var firstN, statesN []uint64
	if !res.Exact {
		firstN, statesN = make([]uint64, p.attacks+1), make([]uint64, s)
	}
	for c := range (p.attacks + 1) * s {
		if res.Exact {
			first[c/s] += res.Prob[c]
			states[c%s] += res.Prob[c]
		} else if c < len(res.Counts) {
			firstN[c/s] += res.Counts[c]
			statesN[c%s] += res.Counts[c]
		}
	}
	share := func(q float64, k uint64) sim.Interval { return shareOf(res, q, k) }
	var cum float64
	var cumN uint64
	mean := 0.0
	for k := 1; k <= p.attacks; k++ {
		if res.Exact {
			cum += first[k]
			mean += float64(k) * first[k]
		} else {
			cumN += firstN[k]
			mean += float64(k) * float64(firstN[k])
		}
		ch.ByAttack = append(ch.ByAttack, share(cum, cumN))
	}
	if res.Exact {
		ch.NotReached = share(first[0], 0)
		ch.MeanIfReached = mean / cum
	} else {
		ch.NotReached = share(0, firstN[0])
		ch.MeanIfReached = mean / float64(cumN)
	}
	if math.IsInf(ch.MeanIfReached, 0) || cum == 0 && cumN == 0 {
		ch.MeanIfReached = math.NaN()
	}
	for _, i := range byCode(p.codes) {
		var n uint64
		if statesN != nil {
			n = statesN[i]
		}
		ch.States = append(ch.States, StateShare{Name: p.names[i], Interval: share(states[i], n)})
	}
	return ch
}
