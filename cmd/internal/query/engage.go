package query

import (
	"context"
	"math"
	"time"

	"odds/profiles"
	"odds/resolve"
	"odds/sim"
)

// Engagements (odds engage 'A ATTACK' 'B ATTACK'): two sides exchange
// attacks, A's attack on B and B's on A, alternating (or simultaneous
// where the sheet has it) for at most Rounds rounds, until a side is out
// of the fight or an attack reaches Ends. Each side's state changes how
// it is hit and how it attacks, as its system declares
// (resolve.Engage). An engagement is a plan like any other: its Trial
// runs the exchange and returns a cell of (who won, in which round, both
// sides' states at the end), so Monte Carlo, seeds, workers and
// precision are the engine's; its Exact is the Markov chain over the
// pair of states, each attack's transition the exact answer of its plan.

// EngageSpec is how the sides exchange attacks.
type EngageSpec struct {
	First        int    // 0: A attacks first in each round, 1: B
	Simultaneous bool   // both attack at once, from the states before the round
	Rounds       int    // rounds at most (a round: each side's attack)
	Ends         string // "": a side out of the fight; else an outcome, reached by it or a more severe one
	// Readings are the readings chosen where a sheet is silent
	// (resolve.Engage.Readings), by name.
	Readings resolve.Readings
}

// Bounds of --rounds.
const (
	DefaultRounds = 20
	MaxRounds     = profiles.MaxEngageRounds
)

// Side is one side of an engagement as results show it: its attack's
// system and action, cards and parameters after cards and defaults.
type Side struct {
	System, Action string
	Cards          []Input
	Params         []Input
	Points         float64 // the side's card's points, NaN if it has none
}

// Engagement is one engagement answered.
type Engagement struct {
	A, B         Side
	Spec         EngageSpec
	Exact        bool
	How          string
	Trials       int64
	Seed         uint64
	Workers      int
	Elapsed      time.Duration
	Precision    float64 // --precision's half-width target, if any
	Ceiling      int64   // with Precision: the most trials it may run
	States       [2]int  // the states each side can be in: the chain has their product
	AWins, BWins sim.Interval
	Both         sim.Interval // both out in one round (simultaneous only)
	Neither      sim.Interval // neither within Rounds
	// MeanRounds is E[rounds | the exchange ends within Rounds] (NaN if
	// none does).
	MeanRounds float64
	// ByRound[k-1] is the share of exchanges that end in round k, by
	// winner.
	ByRound []RoundShare
	// StatesA and StatesB are each side's state at the end.
	StatesA, StatesB []StateShare
	// Lost are the points each side is expected to lose (P(out of the
	// fight) times its card's points), NaN without points; Traded is
	// Lost[B] − Lost[A].
	Lost   [2]float64
	Traded float64
}

// RoundShare is the probability that the exchange ends in a round, by
// winner.
type RoundShare struct {
	Round         int
	A, B, Both    float64
	CumA, CumB    float64 // ended by this round, won by A (by B)
	CumBoth, CumN float64 // both out by this round; not ended by it
}

// EngageOutcomes are the outcomes of an engagement, as its plan's layout,
// --metric and documents name them: who won (A, B, both out in one
// simultaneous round), or neither within the rounds.
var EngageOutcomes = []string{"a-wins", "b-wins", "both-out", "neither"}

// Engage compiles the engagement of every pair of cards (cards: none,
// the queries as they are) and, for each, every pair of A's and B's
// points (A's slowest), refusing a run over the budget before any trial
// runs, then runs each in turn (or, merging shards, takes each from
// opts.Merged).
func Engage(ctx context.Context, qa, qb *Query, cards EngageCards, spec EngageSpec, opts Options) ([]*Engagement, error) {
	c, err := compileEngagements(ctx, qa, qb, cards, spec, &opts)
	if err != nil {
		return nil, err
	}
	so := opts.Sim
	if opts.Merged != nil && len(c.plans) != opts.Merged.Points {
		return nil, errorf("", "merge shards of an unchanged command and files", "merge: the run now has %d results, its shards %d (did a file it reads change?)", len(c.plans), opts.Merged.Points)
	}
	opts.Begin(int64(len(c.plans)), so)
	out := make([]*Engagement, 0, len(c.plans))
	for k, p := range c.plans {
		var res *sim.Histogram
		if opts.Merged != nil {
			res, err = opts.Merged.Result(k, p)
		} else if res, err = sim.Run(ctx, p, so); err != nil {
			err = RunError(ctx, err)
		}
		if err != nil {
			return nil, err
		}
		e := p.figures(res)
		j := c.jobs[k]
		e.A, e.B = sideOf(j.qs[0], j.pts[0]), sideOf(j.qs[1], j.pts[1])
		e.Spec, e.Seed, e.Workers = spec, so.Seed, so.Workers
		if so.Precision > 0 {
			e.Precision, e.Ceiling = so.Precision, so.Trials
		}
		e.lose()
		out = append(out, e)
	}
	return out, nil
}

// EngageCompiled compiles the engagements as Engage does, for --shard
// (RunShard): one Compiled a pair of points, its Plan the exchange's, no
// Query.
func EngageCompiled(ctx context.Context, qa, qb *Query, cards EngageCards, spec EngageSpec, opts Options) ([]Compiled, error) {
	c, err := compileEngagements(ctx, qa, qb, cards, spec, &opts)
	if err != nil {
		return nil, err
	}
	out := make([]Compiled, len(c.plans))
	for k, p := range c.plans {
		out[k] = Compiled{Plan: p}
	}
	return out, nil
}

// engageJob is one engagement to run: each side's query and point.
type engageJob struct {
	qs  [2]*Query
	pts [2]Point
}

// compiledEngagements are the engagements of a run, compiled.
type compiledEngagements struct {
	jobs  []engageJob
	plans []*engagePlan
}

// compileEngagements checks the rounds and the budget (setting
// opts.Sim's trials as CheckBudget does) and compiles every engagement.
func compileEngagements(ctx context.Context, qa, qb *Query, cards EngageCards, spec EngageSpec, opts *Options) (*compiledEngagements, error) {
	if spec.Rounds < 1 || spec.Rounds > MaxRounds {
		return nil, errorf("rounds", "", "want 1..%d rounds, got %d", MaxRounds, spec.Rounds)
	}
	var jobs []engageJob
	for _, qs := range cards.pairs(qa, qb) {
		pa, err := qs[0].Points()
		if err != nil {
			return nil, err
		}
		pb, err := qs[1].Points()
		if err != nil {
			return nil, engageErr(qs[1], 1, err)
		}
		if len(jobs)+len(pa)*len(pb) > MaxPoints {
			return nil, errorf("", "sweep fewer values or name fewer cards at once", "the engagements would be more than %d", MaxPoints)
		}
		for _, a := range pa {
			for _, b := range pb {
				jobs = append(jobs, engageJob{qs, [2]Point{a, b}})
			}
		}
	}
	n := len(jobs)
	if err := CheckBudget(n, &opts.Sim, opts.MaxTrials, opts.TrialsGiven); err != nil {
		return nil, err
	}
	plans := make([]*engagePlan, n)
	mem := newCompileMemory()
	err := mem.points(ctx, n, 0, func(k int) (resolve.Plan, error) {
		p, err := compileEngage(jobs[k].qs, jobs[k].pts, spec, func() error { return mem.check(k + 1) })
		if err != nil {
			return nil, err
		}
		plans[k] = p
		return p, nil
	})
	if err != nil {
		return nil, err
	}
	return &compiledEngagements{jobs, plans}, nil
}

// sideOf is a side as results show it; its points are those of its
// attacker card.
func sideOf(q *Query, pt Point) Side {
	s := Side{System: q.System.Name, Action: q.Action.Name, Cards: cardInputs(q, pt), Params: appendParams(nil, q.Action, pt), Points: math.NaN()}
	if u := pt.Cards["attacker"]; u != nil && u.Points != nil {
		s.Points = float64(*u.Points)
	}
	return s
}

// lose sets the points each side is expected to lose: its points times
// P(it is out of the fight), a side out being the loser of the exchange
// (with --ends, the side the ending attack was made on).
func (e *Engagement) lose() {
	e.Lost = [2]float64{e.A.Points * (e.BWins.P + e.Both.P), e.B.Points * (e.AWins.P + e.Both.P)}
	e.Traded = e.Lost[1] - e.Lost[0]
}

// figures reads an engagement's histogram.
func (p *engagePlan) figures(res *sim.Histogram) *Engagement {
	na, nb := len(p.side[0].codes), len(p.side[1].codes)
	e := &Engagement{Exact: res.Exact, How: res.How, Trials: res.Trials, Elapsed: res.Elapsed, States: [2]int{na, nb}}
	var total float64
	if !res.Exact {
		total = float64(res.Trials)
	}
	w := func(c int) float64 { // the cell's probability (exact) or count
		if res.Exact {
			return res.Prob[c]
		}
		if c < len(res.Counts) {
			return float64(res.Counts[c])
		}
		return 0
	}
	share := func(x float64) sim.Interval { return shareOf(res, x, uint64(x)) }
	byWon := make([]float64, 4)
	byRound := make([][3]float64, p.rounds)
	sa, sb := make([]float64, na), make([]float64, nb)
	for slot := range 1 + 3*p.rounds {
		for a := range na {
			for b := range nb {
				x := w((slot*na+a)*nb + b)
				if x == 0 {
					continue
				}
				sa[a] += x
				sb[b] += x
				if slot == 0 {
					byWon[0] += x
					continue
				}
				won := 1 + (slot-1)%3
				byWon[won] += x
				byRound[(slot-1)/3][won-1] += x
			}
		}
	}
	norm := 1.0
	if !res.Exact && total > 0 {
		norm = total
	}
	e.AWins, e.BWins, e.Both, e.Neither = share(byWon[1]), share(byWon[2]), share(byWon[3]), share(byWon[0])
	var mean, ended float64
	var cum [3]float64
	for k, r := range byRound {
		for j := range cum {
			cum[j] += r[j]
			ended += r[j]
			mean += float64(k+1) * r[j]
		}
		e.ByRound = append(e.ByRound, RoundShare{Round: k + 1, A: r[0] / norm, B: r[1] / norm, Both: r[2] / norm,
			CumA: cum[0] / norm, CumB: cum[1] / norm, CumBoth: cum[2] / norm, CumN: 1 - (cum[0]+cum[1]+cum[2])/norm})
	}
	e.MeanRounds = math.NaN()
	if ended > 0 {
		e.MeanRounds = mean / ended
	}
	for i, st := range [][]float64{sa, sb} {
		sd := &p.side[i]
		var shares []StateShare
		for _, j := range byCode(sd.codes) {
			shares = append(shares, StateShare{Name: sd.names[j], Interval: share(st[j])})
		}
		if i == 0 {
			e.StatesA = shares
		} else {
			e.StatesB = shares
		}
	}
	return e
}
