package query

import (
	"context"
	"math"
	"slices"
	"strings"

	"odds/dice"
	"odds/resolve"
	"odds/sim"
)

// A sequence's plan run: a trial walks the steps on the dice, the exact
// answer carries the target's states step by step, and the figures read
// the cells.

func (p *seqPlan) Layout() *resolve.Layout { return p.layout }

// Trial makes the steps; its cell is (first step that reached the goal,
// 0 if none) * paths + the path of the target's states.
func (p *seqPlan) Trial(s *dice.Stream) int {
	st, first, path := p.start, 0, 0
	for k := range p.steps {
		step := &p.steps[k]
		if cs := &step.states[st]; !cs.end {
			c := cs.plan.Trial(s)
			if first == 0 && cs.reach[c] {
				first = k + 1
			}
			st = int(cs.next[c])
		}
		path = path*len(step.after) + int(step.pos[st])
	}
	if p.until == "" {
		return path
	}
	return first*p.paths + path
}

func (p *seqPlan) Run(s *dice.Stream, n int, counts []uint64) {
	for range n {
		counts[p.Trial(s)]++
	}
}

// Exact is the Markov chain over (first step that reached the goal,
// path so far), step by step: each state's transition at a step is
// that step's plan's exact answer in it, grouped by (next state,
// reached); budget bounds each. A state whose attack has no exact
// answer within it makes the sequence Monte Carlo.
func (p *seqPlan) Exact(ctx context.Context, budget int64) ([]float64, bool) {
	n := len(p.codes)
	F := p.firsts()
	dist := make([]float64, F) // by (first, path so far): one empty path
	dist[0] = 1
	prefixes, last := 1, []int{p.start}
	for k := range p.steps {
		step := &p.steps[k]
		trans := make([][]float64, n) // trans[from][2*next+reached]
		for _, i := range last {
			if cs := &step.states[i]; !cs.end && trans[i] == nil {
				t, ok := cs.transition(ctx, budget, n)
				if !ok {
					return nil, false
				}
				trans[i] = t
			}
		}
		if ctx.Err() != nil {
			return nil, false
		}
		r := len(step.after)
		nd := make([]float64, F*prefixes*r)
		for c, m := range dist {
			if m == 0 {
				continue
			}
			first, prefix := c/prefixes, c%prefixes
			st := last[prefix%len(last)]
			if step.states[st].end {
				nd[first*prefixes*r+prefix*r+int(step.pos[st])] += m
				continue
			}
			for j, q := range trans[st] {
				if q == 0 {
					continue
				}
				f := first
				if f == 0 && j%2 == 1 {
					f = k + 1
				}
				nd[f*prefixes*r+prefix*r+int(step.pos[j/2])] += m * q
			}
		}
		dist, prefixes, last = nd, prefixes*r, step.after
	}
	return dist, true
}

// figures reads a sequence's histogram.
func (p *seqPlan) figures(res *sim.Histogram) *SequenceFigures {
	K := len(p.steps)
	f := &SequenceFigures{Steps: p.given, Until: p.until}
	n := len(p.codes)
	after := make([][]float64, K) // by step, by state
	afterN := make([][]uint64, K)
	for k := range after {
		after[k], afterN[k] = make([]float64, n), make([]uint64, n)
	}
	made := make([]float64, K)
	madeN := make([]uint64, K)
	byFirst := make([]float64, K+1)
	byFirstN := make([]uint64, K+1)
	var used float64
	states := make([]int, K)
	for c := range p.firsts() * p.paths {
		var q float64
		var cnt uint64
		if res.Exact {
			q = res.Prob[c]
		} else if c < len(res.Counts) {
			cnt = res.Counts[c]
			q = float64(cnt)
		}
		if q == 0 {
			continue
		}
		first := c / p.paths
		p.path(c%p.paths, states)
		st := p.start
		for k := range K {
			if !p.steps[k].states[st].end {
				made[k] += q
				madeN[k] += cnt
			}
			st = states[k]
			after[k][st] += q
			afterN[k][st] += cnt
		}
		byFirst[first] += q
		byFirstN[first] += cnt
		used += q * float64(p.used(states, first))
	}
	share := func(q float64, k uint64) sim.Interval { return shareOf(res, q, k) }
	total := 1.0
	if !res.Exact {
		total = float64(res.Trials)
	}
	f.StepsUsed = used / total
	order := byCode(p.codes)
	for k := range K {
		var shares []StateShare
		for _, i := range order {
			if slices.Contains(p.steps[k].after, i) {
				shares = append(shares, StateShare{Name: p.names[i], Interval: share(after[k][i], afterN[k][i])})
			}
		}
		f.After = append(f.After, shares)
		f.Made = append(f.Made, share(made[k], madeN[k]))
	}
	if p.until != "" {
		var cum float64
		var cumN uint64
		for k := 1; k <= K; k++ {
			cum += byFirst[k]
			cumN += byFirstN[k]
			f.ByStep = append(f.ByStep, share(cum, cumN))
		}
		f.NotReached = share(byFirst[0], byFirstN[0])
	}
	if math.IsNaN(f.StepsUsed) {
		f.StepsUsed = 0
	}
	return f
}

// describeStep is a step as results name it: its action and the flags
// given for it, and its attacker card.
func describeStep(q *Query, pt Point) string {
	parts := []string{q.Action.Name}
	for _, r := range q.Action.Roles {
		if u := pt.Cards[r.Name]; u != nil && len(q.Cards[r.Name]) > 0 {
			parts = append(parts, "--"+r.Name+" "+u.Name)
		}
	}
	for i := range q.Action.Params {
		prm := &q.Action.Params[i]
		if s := pt.Set[i]; s != nil && s.Source != "default" && !strings.Contains(s.Source, " card ") {
			if prm.Kind == resolve.Bool {
				if s.Value.N != 0 {
					parts = append(parts, "--"+prm.Name)
				} else {
					parts = append(parts, "--"+prm.Name+"=false")
				}
				continue
			}
			parts = append(parts, "--"+prm.Name+" "+prm.Format(s.Value))
		}
	}
	return strings.Join(parts, " ")
}
