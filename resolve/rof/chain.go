package rof

import (
	"context"
	"odds/dice"
	"odds/resolve"
)

// Repeated fire at one target team (--until, --attacks), as sheet 002's
// Activation Procedure orders it: each attack is one enemy activation's
// fire, followed by the target team's own activation, at which "2. Make
// Rally Checks for Suppressed Teams without RFPs. 3. Make Received Fire
// Checks for Teams with RFPs." The fire action resolves the check of
// step 3 (a suppressed team reads it as Suppression says: in the open as
// in hard cover, in hard cover killed only by two killed results); step 2
// is a quality check (Rally Check: "Suppressed Teams that start their
// activation without RFPs roll a Quality Check to rally"), --rally-quality.
// Suppression carries: nothing else on the sheet removes it, so a
// suppressed team whose check shows Ready stays suppressed. Killed and
// destroyed end the chain. Not modelled: a leader's second rally attempt
// and a team out of every enemy's sight (rof rally's --leader and
// --out-of-sight), which are choices of the game rather than dice.

// Chain states of the target team.
const (
	stateReady = iota
	stateSuppressed
	stateKilled
	stateDestroyed
)

var chainStates = []string{"ready", "suppressed", "killed", "destroyed"}

func fireChain() *resolve.Chain {
	return &resolve.Chain{
		Severity: fireOutcomes,
		Start: func(a resolve.Args) (int, error) {
			switch {
			case !a.Has("rally-quality"):
				return 0, resolve.Errorf("rally-quality", "a suppressed target team without RFPs rolls a rally check at its activation: give its quality, --rally-quality N (a d6 of at least N)")
			case a.Has("ar") && a.Int("target-teams") > 1:
				return 0, resolve.Errorf("target-teams", "with --ar, the answer does not say which team's ping dice gave the RFPs, so whether the target rolls its rally check is unknown: give 1")
			case a.Bool("suppressed"):
				return stateSuppressed, nil
			}
			return stateReady, nil
		},
		Attack: func(a resolve.Args, s int) (resolve.Plan, []int, error) {
			a = a.With("suppressed", resolve.Value{N: resolve.B2I(s == stateSuppressed)})
			fp, err := compileFire(a)
			if err != nil {
				return nil, nil, err
			}
			f := fp.(*firePlan)
			n := f.layout.Cells
			var plan resolve.Plan = f
			if s == stateSuppressed {
				plan = newRallyPlan(f, a.Int("rally-quality"))
			}
			next := make([]int, plan.Layout().Cells)
			for c := range next {
				switch {
				case c >= n:
					next[c] = stateReady // rallied
				default:
					next[c] = []int{stateDestroyed, stateKilled, stateSuppressed, s}[f.layout.Outcome[c]]
				}
			}
			return plan, next, nil
		},
		Name: func(s int) string { return chainStates[s] },
		End:  func(s int) bool { return s >= stateKilled },
	}
}

// rallyPlan is fire at a suppressed team followed by its activation: a
// cell where the team took no RFPs rolls the rally check, and a rally
// moves the cell to the second half of the layout (the same outcome and
// numbers, rallied).
type rallyPlan struct {
	fire   *firePlan
	noRFP  []bool // by fire cell: the target team took no RFPs
	need   int    // the d6 that rallies
	layout *resolve.Layout
}

var _ resolve.Exacter = (*rallyPlan)(nil)

func newRallyPlan(f *firePlan, need int) *rallyPlan {
	l := f.layout
	n := l.Cells
	p := &rallyPlan{fire: f, need: need, noRFP: make([]bool, n)}
	for c := range n {
		hits, rfps := int(l.Values[0][c]), int(l.Values[1][c])
		switch {
		case l.Outcome[c] != 1+ready:
		case f.armoured:
			p.noRFP[c] = rfps == 0 // one target team: its RFPs are all of them
		default:
			p.noRFP[c] = f.targetAt >= hits // hits go one a team, in order
		}
	}
	p.layout = resolve.NewLayout(l.Outcomes, l.Stats, 2*n, func(c int, vals []float64) int {
		for i := range vals {
			vals[i] = l.Values[i][c%n]
		}
		return l.Outcome[c%n]
	})
	p.layout.Counts = l.Counts
	return p
}

func (p *rallyPlan) Layout() *resolve.Layout { return p.layout }

func (p *rallyPlan) Trial(s *dice.Stream) int {
	c := p.fire.Trial(s)
	if p.noRFP[c] && s.D(6) >= p.need {
		return c + len(p.noRFP)
	}
	return c
}

func (p *rallyPlan) Run(s *dice.Stream, n int, counts []uint64) {
	for range n {
		counts[p.Trial(s)]++
	}
}

// Exact is the fire's exact answer with the rally check's chance split
// off the cells without RFPs.
func (p *rallyPlan) Exact(ctx context.Context, budget int64) ([]float64, bool) {
	prob, ok := p.fire.Exact(ctx, budget)
	if !ok {
		return nil, false
	}
	r := float64(7-p.need) / 6
	out := make([]float64, 2*len(prob))
	for c, q := range prob {
		if p.noRFP[c] {
			out[c], out[c+len(prob)] = q*(1-r), q*r
		} else {
			out[c] = q
		}
	}
	return out, true
}

// A received fire check on the target team in a sequence (--then 'rfc
// --rfp N'): the RFPs another team's fire gave it, checked as the
// Suppression rules say for a suppressed team; killed ends the chain,
// suppressed carries, and ready leaves a suppressed team suppressed (as
// in fire's chain). No rally check follows: the step is the check alone.
func rfcChain() *resolve.Chain {
	return &resolve.Chain{
		Severity: checkOutcomes,
		Start: func(a resolve.Args) (int, error) {
			if a.Bool("suppressed") {
				return stateSuppressed, nil
			}
			return stateReady, nil
		},
		Attack: func(a resolve.Args, s int) (resolve.Plan, []int, error) {
			a = a.With("suppressed", resolve.Value{N: resolve.B2I(s == stateSuppressed)})
			p, err := compileRFC(a)
			if err != nil {
				return nil, nil, err
			}
			l := p.Layout()
			to := [...]int{stateKilled, stateSuppressed, s} // by outcome
			next := make([]int, l.Cells)
			for c := range next {
				next[c] = to[l.Outcome[c]]
			}
			return p, next, nil
		},
		Name: func(s int) string { return chainStates[s] },
		End:  func(s int) bool { return s >= stateKilled },
	}
}

// An assault on the target team (sheet 002, Assaults): the target is the
// first enemy team, and the only one (--enemy-teams 1). "Suppressed
// Teams (including vehicles) in contact that fail a Rally Check are
// destroyed": a suppressed target rolls its rally check (a d6 of at
// least --enemy-quality) as the assault begins; it is destroyed if it
// fails, and rallied (ready) if it passes, before the assault checks,
// which destroy an infantry or gun team and give a vehicle its received
// fire check. Interpretation: passing the rally check removes the
// suppression, as a rally check does at the team's activation.
func assaultChain() *resolve.Chain {
	return &resolve.Chain{
		Severity: assaultOutcomes,
		Start: func(a resolve.Args) (int, error) {
			if a.Int("enemy-teams") != 1 {
				return 0, resolve.Errorf("enemy-teams", "the target of repeated or sequenced attacks is one enemy team: give 1")
			}
			return stateReady, nil
		},
		Attack: func(a resolve.Args, s int) (resolve.Plan, []int, error) {
			if s == stateSuppressed && !a.Has("enemy-quality") {
				return nil, nil, resolve.Errorf("enemy-quality", "a suppressed target team in contact rolls a rally check or is destroyed: give its quality, --enemy-quality N (a d6 of at least N)")
			}
			p, err := compileAssault(a)
			if err != nil {
				return nil, nil, err
			}
			var plan resolve.Plan = p
			if s == stateSuppressed {
				plan = newContactRally(p.(*assaultPlan), a.Int("enemy-quality"))
			}
			l := plan.Layout()
			to := [...]int{stateDestroyed, stateSuppressed, stateReady} // by outcome
			next := make([]int, l.Cells)
			for c := range next {
				next[c] = to[l.Outcome[c]]
			}
			return plan, next, nil
		},
		Name: func(s int) string { return chainStates[s] },
		End:  func(s int) bool { return s >= stateKilled },
	}
}

// contactRally is an assault on a suppressed target team: the target's
// rally check in contact, failed, moves the cell to the second half of
// the layout (the target destroyed, the assaulters' losses the same).
type contactRally struct {
	assault *assaultPlan
	need    int
	layout  *resolve.Layout
}

var _ resolve.Exacter = (*contactRally)(nil)

func newContactRally(a *assaultPlan, need int) *contactRally {
	l := a.layout
	n := l.Cells
	p := &contactRally{assault: a, need: need}
	p.layout = resolve.NewLayout(l.Outcomes, l.Stats, 2*n, func(c int, vals []float64) int {
		for i := range vals {
			vals[i] = l.Values[i][c%n]
		}
		if c < n {
			return l.Outcome[c]
		}
		vals[0] = 1 // enemies destroyed: the one target
		return 0    // first-enemy-team-destroyed
	})
	p.layout.Counts = l.Counts
	return p
}

func (p *contactRally) Layout() *resolve.Layout { return p.layout }

func (p *contactRally) Trial(s *dice.Stream) int {
	c := p.assault.Trial(s)
	if s.D(6) < p.need {
		return c + p.assault.layout.Cells
	}
	return c
}

func (p *contactRally) Run(s *dice.Stream, n int, counts []uint64) {
	for range n {
		counts[p.Trial(s)]++
	}
}

// Exact is the assault's exact answer with the failed rally check's
// chance moved to the second half.
func (p *contactRally) Exact(ctx context.Context, budget int64) ([]float64, bool) {
	prob, ok := p.assault.Exact(ctx, budget)
	if !ok {
		return nil, false
	}
	fail := float64(p.need-1) / 6
	out := make([]float64, 2*len(prob))
	for c, q := range prob {
		out[c], out[c+len(prob)] = q*(1-fail), q*fail
	}
	return out, true
}
