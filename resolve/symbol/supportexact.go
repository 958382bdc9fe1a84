package symbol

import (
	"context"
	"math"
	"slices"

	"odds/dice"
	"odds/resolve"
)

// Exact implements sim.Exacter for a TAS or OAS mission: the arrival and
// AA rolls split the mass; each run carries the distribution of the
// target's state and the flags so far through the accuracy and spotting
// dice (a distribution over the modified roll), the attack's effect
// (from tally distributions: per colour, how many dice are set aside for
// friendly fire, and the tallies of the rest), a blast roll, a crater and
// friendly fire. No face is walked.
func (p *supportPlan) Exact(ctx context.Context, budget int64) ([]float64, bool) {
	work := budget * 20 // a path of the enumerator costs about 20 of these
	cells := make([]float64, p.layout.Cells)
	mass := 1.0
	if p.arrival > 1 {
		miss := float64(min(p.arrival-1, 6)) / 6
		cells[cellNotArrived] += miss
		mass -= miss
	}
	// AA fire: the mass that goes on, by the accuracy modifier it leaves.
	goOn := map[int]float64{0: mass}
	if p.aa != nil {
		goOn = map[int]float64{}
		for i, t := range p.aa.Tallies {
			q := mass * p.aa.Probs[i]
			switch strongest(t) {
			case crit:
				cells[cellTASDestroyed] += q
			case damage, xsupp:
				cells[cellTASAborted] += q
			case supp:
				goOn[-1] += q
			default:
				goOn[0] += q
			}
		}
	}
	// The attack's effects by accuracy row, memoised; friendly fire's
	// chance of changing the friendly unit's state, by set-aside dice.
	rows := map[[3]int][]supportEffect{} // by column, row, suppressed
	hurt := map[*dice.Pool]float64{}
	var blastSym [kinds + 1]float64
	if p.blast != nil {
		for i, t := range p.blast.Tallies {
			blastSym[strongest(t)] += p.blast.Probs[i]
		}
	}
	for _, aaMod := range []int{-1, 0} {
		if ctx.Err() != nil {
			return nil, false
		}
		w := goOn[aaMod]
		if w == 0 {
			continue
		}
		dist := []flagged{{p.start, 0, w}}
		for run := range p.runs {
			var next []flagged
			for _, u := range dist {
				if run > 0 && u.s.eliminated {
					next = addFlagged(next, u.s, u.flags, u.p)
					continue
				}
				lowest, accs := p.accuracy(aaMod)
				for i, pa := range accs {
					acc := lowest + i
					if pa == 0 {
						continue
					}
					row, col, sup := min(max(acc, 1), 6)-1, p.column(u.s), resolve.B2I(u.s.suppressed)
					ad := p.attack[col][row]
					effs, ok := rows[[3]int{col, row, sup}]
					if !ok {
						if effs, ok = p.attackEffects(ad, p.defence[sup], &work); !ok {
							return nil, false
						}
						rows[[3]int{col, row, sup}] = effs
					}
					for _, e := range effs {
						q := u.p * pa * e.p
						flags := u.flags
						var hit float64
						if acc <= 1 && p.friendly != nil {
							flags |= flagFriendly
							fp := ad.friendly[e.aside]
							h, ok := hurt[fp]
							if !ok {
								if h, ok = p.friendlyHurt(fp, &work); !ok {
									return nil, false
								}
								hurt[fp] = h
							}
							hit = h
						}
						cmp, ok := p.crits.of(e.effect, &work)
						if !ok {
							return nil, false
						}
						for _, x := range p.tgt.afterAttack(u.s, e.effect, cmp) {
							for _, y := range p.afterCrits(x.s, flags, e.crits > 0, &blastSym) {
								if hit > 0 {
									next = addFlagged(next, y.s, y.flags|flagFriendlyHit, q*x.p*y.p*hit)
								}
								if hit < 1 {
									next = addFlagged(next, y.s, y.flags, q*x.p*y.p*(1-hit))
								}
							}
						}
					}
				}
			}
			dist = next
		}
		for _, u := range dist {
			cells[p.row(u.s)*flagCells+u.flags] += u.p
		}
	}
	return cells, true
}

// supportEffect is what an attack leaves, with the index of its dice set
// aside for friendly fire.
type supportEffect struct {
	effect
	aside int
}

// flagged is a target state with the flags raised so far.
type flagged struct {
	s     state
	flags int
	p     float64
}

func addFlagged(fs []flagged, s state, flags int, p float64) []flagged {
	if i := slices.IndexFunc(fs, func(f flagged) bool { return f.s == s && f.flags == flags }); i >= 0 {
		fs[i].p += p
		return fs
	}
	return append(fs, flagged{s, flags, p})
}

// accuracy is the distribution of the modified accuracy roll: the
// probability of each roll from lowest, lowest+1, ….
func (p *supportPlan) accuracy(aaMod int) (lowest int, probs []float64) {
	mods := []int{0}
	if p.spotMod != nil {
		mods = p.spotMod[:]
	}
	lo, hi := slices.Min(mods), slices.Max(mods)
	probs = make([]float64, 6+hi-lo)
	for d := range 6 {
		for _, m := range mods {
			probs[d+m-lo] += 1 / 6.0 / float64(len(mods))
		}
	}
	return 1 + lo + p.accMod + aaMod, probs
}

// afterCrits adds what an uncancelled critical hit does besides its
// comparison roll: the blast roll against a building and a crater.
func (p *supportPlan) afterCrits(s state, flags int, crits bool, blastSym *[kinds + 1]float64) []flagged {
	if !crits {
		return []flagged{{s, flags, 1}}
	}
	if p.crater {
		flags |= flagCrater
	}
	if p.blast == nil {
		return []flagged{{s, flags, 1}}
	}
	var out []flagged
	for sym, q := range blastSym {
		if q > 0 {
			s2, collapsed := p.tgt.blastEffect(s, sym)
			f := flags
			if collapsed {
				f |= flagCollapsed
			}
			out = addFlagged(out, s2, f, q)
		}
	}
	return out
}

// attackEffects is the distribution of what one accuracy row's attack
// leaves against the target's defence (for its state), with the set-aside dice: per
// combination of set-aside counts (binomial per colour), the tallies of
// the rest and of the set-aside dice's own faces by convolution.
func (p *supportPlan) attackEffects(a *attackDice, defence *dice.Pool, work *int64) ([]supportEffect, bool) {
	def := &tallyDist{defence.Tallies, defence.Probs}
	var out []supportEffect
	for idx := range a.friendly {
		pk := 1.0
		ad := &tallyDist{[]dice.Tally{0}, []float64{1}}
		for _, g := range a.groups {
			k := idx / g.radix % (g.n + 1)
			pk *= binomialP(g.n, k, float64(g.blanks)/float64(g.faces))
			ad = ad.convolve(g.rest[g.n-k])
			if k > 0 {
				ad = ad.convolve(g.aside[k]) // their X suppressions still hit the target
			}
		}
		if pk == 0 {
			continue
		}
		for i := range ad.probs {
			ad.probs[i] *= pk
		}
		if *work -= int64(len(ad.tallies)) * int64(len(def.tallies)); *work < 0 {
			return nil, false
		}
		for _, e := range effectsOf(ad, def, p.rule) {
			out = append(out, supportEffect{e, idx})
		}
	}
	return out, true
}

// friendlyHurt is the chance that friendly fire with the pool fp changes
// the friendly unit's state.
func (p *supportPlan) friendlyHurt(fp *dice.Pool, work *int64) (float64, bool) {
	h := 0.0
	for _, e := range effectsOf(&tallyDist{fp.Tallies, fp.Probs}, &tallyDist{p.friendly.Tallies, p.friendly.Probs}, p.rule) {
		cmp, ok := p.crits.of(e, work)
		if !ok {
			return 0, false
		}
		for _, x := range p.friendlyTgt.afterAttack(p.friendlyStart, e, cmp) {
			if x.s != p.friendlyStart {
				h += e.p * x.p
			}
		}
	}
	return h, true
}

// convolve is the distribution of d's tally plus a roll of q, summed in
// a fixed order.
func (d *tallyDist) convolve(q *dice.Pool) *tallyDist {
	m := map[dice.Tally]float64{}
	for i, t := range d.tallies {
		for j, u := range q.Tallies {
			m[t+u] += d.probs[i] * q.Probs[j]
		}
	}
	return sortedDist(m)
}

// binomialP is P(k successes in n trials of chance q).
func binomialP(n, k int, q float64) float64 {
	return float64(binomial(n, k)) * math.Pow(q, float64(k)) * math.Pow(1-q, float64(n-k))
}
