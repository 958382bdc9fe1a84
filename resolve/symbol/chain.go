package symbol

import (
	"slices"
	"strings"

	"odds/resolve"
)

// Repeated fire at one target (--until, --attacks). The marks an attack
// leaves stay on the unit for the next one: suppressed (a green defence
// die for infantry and artillery, sheet 000 defender 4.0; and the prior
// status of 10.7.5 and 10.7.6: suppressed again falls back), fallback
// (10.7.5: a unit already marked fallback is eliminated by a critical
// hit's fallback), immobilized (10.7.6) and half strength (10.8.1; the
// damage points of 10.7.2-10.7.4, interpretation in docs/rules). The
// chain's state is the whole of them, not only the most severe (the
// outcome), so a damaged and suppressed unit keeps both marks.
//
// Refused, because the sheets do not carry them: damage points short of
// half strength (--damage-capacity above 1) and a building's collapse
// (--building) into the next attack.

// stateCodes are the codes of a target's states: the marks suppressed
// (1), fallback (2), immobilized (4) and half strength (8), and 16 for
// eliminated (whatever the marks).
const (
	stateCodes     = 17
	eliminatedCode = 16
)

// code is the state's code (hits are read from half strength: chains
// take a damage capacity of 1).
func (s state) code() int {
	if s.eliminated {
		return eliminatedCode
	}
	return resolve.B2I(s.suppressed) | resolve.B2I(s.fallback)<<1 | resolve.B2I(s.immobilized)<<2 | resolve.B2I(s.half)<<3
}

// stateOf is the state of a code, at a damage capacity of 1.
func stateOf(code int) state {
	if code == eliminatedCode {
		return state{eliminated: true}
	}
	s := state{suppressed: code&1 != 0, fallback: code&2 != 0, immobilized: code&4 != 0, half: code&8 != 0}
	if s.half {
		s.hits = 1
	}
	return s
}

// cellState is the row of a final state in the plan's cells: its
// outcome, or with stateCells its code.
func (p *firePlan) cellState(s state) int {
	if p.stateCells {
		return s.code()
	}
	return s.outcome()
}

// stateName names a code: its marks, "unharmed" for none.
func stateName(code int) string {
	if code == eliminatedCode {
		return "eliminated"
	}
	var marks []string
	for i, m := range []string{"suppressed", "fallback", "immobilized", "half-strength"} {
		if code&(1<<i) != 0 {
			marks = append(marks, m)
		}
	}
	if len(marks) == 0 {
		return "unharmed"
	}
	return strings.Join(marks, "+")
}

// targetStart is the Start of fire's and support's chains: the target's
// marks as given, refused where the next attack could not carry them
// (what: the attacks that would, as the message names them).
func targetStart(what string) func(resolve.Args) (int, error) {
	return func(a resolve.Args) (int, error) {
		switch {
		case a.Int("damage-capacity") > 1:
			return 0, resolve.Errorf("damage-capacity", "%s carry the target's marks (suppressed, fallback, immobilized, half strength); damage points short of half strength carrying to the next attack is not on the sheets: give 1", what)
		case a.Bool("building"):
			return 0, resolve.Errorf("building", "what a collapsed building leaves for the next attack is not on the sheets")
		case !a.Has("target"):
			return 0, resolve.Errorf("target", "the target's unit type is needed: --target %s (or --defender CARD)", joinChoices(unitTypes))
		}
		tgt := target{kind: a.Int("target"), capacity: 1}
		s, err := tgt.startState(a, "target-status", "target-half-strength")
		return s.code(), err
	}
}

func fireChain() *resolve.Chain {
	return &resolve.Chain{
		Severity: fireOutcomes,
		Start:    targetStart("repeated attacks"),
		Attack: func(a resolve.Args, code int) (resolve.Plan, []int, error) {
			st := stateOf(code)
			// Only suppression changes the dice (a green defence die);
			// the other marks are the start state of the critical hits.
			status := 0
			if st.suppressed {
				status = statusSuppressed
			}
			a = a.With("target-status", resolve.Value{N: status}).With("target-half-strength", resolve.Value{N: resolve.B2I(st.half)})
			p, err := compileFireFrom(a, &st)
			if err != nil {
				return nil, nil, err
			}
			// The cells a final state reaches say the state after; the
			// others cannot happen, and are left at this state so that
			// the chain does not compile states no attack reaches.
			next := make([]int, p.layout.Cells)
			for c := range next {
				next[c] = code
			}
			for _, c := range p.final {
				next[c] = int(p.cellRow[c])
			}
			return p, next, nil
		},
		Name: stateName,
		End:  func(code int) bool { return code == eliminatedCode },
	}
}

// Close combat on the target in a sequence or repeated (sheet 001, 11.0):
// the target is the defence unit, at a damage capacity of 1 (as fire's
// chain). Its marks read into the combat: suppressed ("If the defender
// unit is marked with suppressed, then it cannot attack in this initial
// close combat round"), half strength and immobilized. After it, by the
// outcome and the defence unit's damage: eliminated at two damage
// points (both-eliminated too); otherwise half strength at one; a unit
// that fell back (attacker-holds or both-leave short of elimination) is
// marked fallback, and one already marked fallback is eliminated, as a
// second fallback is in 10.7.5 (interpretation: the sheet is silent on
// close combat here); a withdrawal or a hold keeps the other marks.
func closeCombatChain() *resolve.Chain {
	return &resolve.Chain{
		Severity: []string{"attacker-holds", "both-eliminated", "both-leave", "defender-withdrew", "both-remain", "attacker-withdrew", "defender-holds"},
		Start: func(a resolve.Args) (int, error) {
			if a.Int("defender-capacity") > 1 {
				return 0, resolve.Errorf("defender-capacity", "repeated or sequenced attacks carry the target's marks (suppressed, fallback, immobilized, half strength); damage points short of half strength carrying to the next attack is not on the sheets: give 1")
			}
			return state{suppressed: a.Bool("defender-suppressed"), half: a.Bool("defender-half-strength"), immobilized: a.Bool("defender-immobilized")}.code(), nil
		},
		Attack: func(a resolve.Args, code int) (resolve.Plan, []int, error) {
			st := stateOf(code)
			b := func(x bool) resolve.Value { return resolve.Value{N: resolve.B2I(x)} }
			a = a.With("defender-suppressed", b(st.suppressed)).With("defender-half-strength", b(st.half)).With("defender-immobilized", b(st.immobilized))
			p, err := compileCloseCombat(a)
			if err != nil {
				return nil, nil, err
			}
			l := p.Layout()
			dmg := slices.Index(l.Stats, "defender-damage")
			next := make([]int, l.Cells)
			for c := range next {
				after := st
				hits := int(l.Values[dmg][c])
				if hits >= 1 {
					after.half, after.hits = true, 1
				}
				switch o := l.Outcome[c]; {
				case hits >= 2 || o == bothEliminated:
					after = state{eliminated: true}
				case o == attackerHolds || o == bothLeave:
					if st.fallback {
						after = state{eliminated: true}
					} else {
						after.fallback = true
					}
				}
				next[c] = after.code()
			}
			return p, next, nil
		},
		Name: stateName,
		End:  func(code int) bool { return code == eliminatedCode },
	}
}

// Air and artillery support on the target in a sequence or repeated
// (sheet 001, 12.3, 12.4): its marks read into the mission as fire's do.
// The accuracy tables' column is "by defender unit status", the first of
// fallback, immobile and suppressed it has (--target-status); a
// suppressed infantry or artillery target adds its green defence die
// whatever the column; half strength is --target-half-strength; the
// critical hits resolve from the whole state. A mission stopped before
// its attack (the TAS destroyed or turned away, the OAS not arrived)
// leaves the target as it was. Refused as for fire: --damage-capacity
// above 1 and --building.
func supportChain(tas bool) *resolve.Chain {
	severity := append(append([]string{}, fireOutcomes...), notArrived)
	if tas {
		severity = append(append([]string{}, fireOutcomes...), tasAborted, tasDestroyed)
	}
	return &resolve.Chain{
		Severity: severity,
		Start:    targetStart("repeated or sequenced attacks"),
		Attack: func(a resolve.Args, code int) (resolve.Plan, []int, error) {
			st := stateOf(code)
			status := 0
			switch {
			case st.fallback:
				status = statusFallback
			case st.immobilized:
				status = statusImmobile
			case st.suppressed:
				status = statusSuppressed
			}
			a = a.With("target-status", resolve.Value{N: status}).With("target-half-strength", resolve.Value{N: resolve.B2I(st.half)})
			p, err := compileSupportFrom(a, tas, &st)
			if err != nil {
				return nil, nil, err
			}
			// A row whose state cannot follow this one (a mark lost, an
			// immobilized unit on foot) cannot happen: it stays at this
			// state, so that the chain compiles no state no mission reaches.
			vehicleOnly := 4 // the immobilized mark's bit
			if a.Int("target") == vehicle {
				vehicleOnly = 0
			}
			next := make([]int, p.layout.Cells)
			for c := range next {
				next[c] = code // stopped before the attack, or cannot happen
				if row := c / flagCells; row >= p.stopped {
					n := row - p.stopped
					if n == eliminatedCode || n&code == code && n&vehicleOnly == 0 {
						next[c] = n
					}
				}
			}
			return p, next, nil
		},
		Name: stateName,
		End:  func(code int) bool { return code == eliminatedCode },
	}
}
