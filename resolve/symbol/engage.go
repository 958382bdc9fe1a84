package symbol

import "odds/resolve"

// Fire exchanged between two units (odds engage). Each side's state is
// its marks, as in repeated fire (chain.go): suppressed, fallback,
// immobilized, half strength, or eliminated. The marks change how the
// side is hit exactly as they change the next attack on a target in
// repeated fire, and how it fires: a half-strength attacking unit treats
// every double success as a single one (10.8.1, --half-strength). The
// sheets do not say that a suppressed unit may not fire (only that a
// suppressed defender does not attack in the initial close-combat
// round): by default it fires; --suppressed-holds-fire reads it the
// other way. A fallback changes neither attack (ask --ends fallback to
// end the exchange there). Eliminated is out of the fight.

// readingHoldsFire is the reading that a suppressed unit does not fire.
const readingHoldsFire = "suppressed-holds-fire"

func fireEngage() *resolve.Engage {
	ch := fireChain()
	return &resolve.Engage{
		Severity: fireOutcomes,
		Start: func(own, hit resolve.Args, _ resolve.Readings) (int, error) {
			code, err := ch.Start(hit)
			if err != nil {
				return 0, err
			}
			if st := stateOf(code); own.Bool("half-strength") && !st.eliminated {
				st.half = true // a half-strength firer is hit as one
				code = st.code()
			}
			return code, nil
		},
		Attack: func(a resolve.Args, firer, target int, rd resolve.Readings) (resolve.Plan, []int, error) {
			f := stateOf(firer)
			if f.suppressed && rd[readingHoldsFire] {
				return nil, nil, nil
			}
			return ch.Attack(a.With("half-strength", resolve.Value{N: resolve.B2I(f.half)}), target)
		},
		Name:     stateName,
		End:      func(code int) bool { return code == eliminatedCode },
		Readings: []resolve.Reading{{Name: readingHoldsFire, Usage: "symbol fire: a suppressed unit does not fire (the sheets do not say; by default it fires)"}},
	}
}
