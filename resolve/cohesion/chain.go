package cohesion

import (
	"odds/resolve"
)

// Repeated fire at one target (--until, --attacks), sheet 003 (13.1,
// 13.3): a unit's FFAR >= Cohesion loses its concealment, and it stays
// lost; FFAR > Cohesion disrupts it, and "the selected unit Disrupts ...
// or suffers a Casualty if it is Heroic, ●, ★": a unit already disrupted
// takes a casualty (interpretation 2). The sheet does not say what a
// casualty leaves of the unit (its reduced side's Cohesion is on its
// card) nor what a failed cohesion check does to the next fire, so the
// chain ends at a casualty and carries neither. A vehicle: shocked
// "stay[s] Shocked if already Shocked" and its armour is unchanged, so
// shocked carries without changing the dice; destroyed ends the chain.
// Refused: a --stack (the target chosen by priority from statuses that
// change) and a --rider (its unloading changes which rolls count).

// Chain state codes: a unit's marks, or a vehicle's state.
const (
	codeConcealed = 1 << iota
	codeDisrupted
	codeCasualty
	codeVehicle // with codeShocked or codeDestroyed
	codeShocked
	codeDestroyed
)

func chainName(code int) string {
	switch {
	case code&codeDestroyed != 0:
		return "destroyed"
	case code&codeShocked != 0:
		return "shocked"
	case code&codeVehicle != 0:
		return "intact"
	case code&codeCasualty != 0:
		return "casualty"
	case code == codeConcealed|codeDisrupted:
		return "concealed+disrupted"
	case code == codeConcealed:
		return "concealed"
	case code == codeDisrupted:
		return "disrupted"
	}
	return "unmarked"
}

func fireChain() *resolve.Chain {
	return &resolve.Chain{
		Severity: []string{"destroyed", "casualty", "shocked", "disrupted", "concealment-lost", "no-effect"},
		Start: func(a resolve.Args) (int, error) {
			switch {
			case a.Has("stack"):
				return 0, resolve.Errorf("stack", "the unit the next fire selects depends on every unit's changed status; chain one unit (--cohesion or --defender)")
			case a.Bool("rider"):
				return 0, resolve.Errorf("rider", "a rider unloads when hit, which changes which rolls count against it; chain it as a unit on foot")
			case a.Has("av"):
				return codeVehicle, nil
			}
			return resolve.B2I(a.Bool("concealed"))*codeConcealed | resolve.B2I(a.Bool("disrupted"))*codeDisrupted, nil
		},
		Attack: func(a resolve.Args, code int) (resolve.Plan, []int, error) {
			if code&codeVehicle == 0 {
				a = a.With("concealed", resolve.Value{N: resolve.B2I(code&codeConcealed != 0)}).
					With("disrupted", resolve.Value{N: resolve.B2I(code&codeDisrupted != 0)})
			}
			p, err := compileFire(a)
			if err != nil {
				return nil, nil, err
			}
			l := p.Layout()
			next := make([]int, l.Cells)
			// A unit's cells of a vehicle's outcomes (and the reverse)
			// cannot happen: they stay at this state.
			unit := code&codeVehicle == 0
			for c := range next {
				next[c] = code
				switch o := l.Outcomes[l.Outcome[c]]; {
				case unit && o == "concealment-lost":
					next[c] = code &^ codeConcealed
				case unit && o == "disrupted":
					next[c] = code&^codeConcealed | codeDisrupted
				case unit && o == "casualty":
					next[c] = codeCasualty
				case !unit && o == "shocked":
					next[c] = codeVehicle | codeShocked
				case !unit && o == "destroyed":
					next[c] = codeVehicle | codeDestroyed
				}
			}
			return p, next, nil
		},
		Name: chainName,
		End:  func(code int) bool { return code&(codeCasualty|codeDestroyed) != 0 },
	}
}

// An assault on the target unit (14.0) in a sequence or repeated: the
// target is the defender. Its concealment gives the -1 DRM ("Concealed
// combat unit") unless the net --drm is given, and an assault, fought in
// contact, leaves it unconcealed. The rows as the defender reads them:
// 14 and 6..9 give it a casualty; 10..13 a casualty if it is disrupted,
// else it disrupts ("disrupt first"; the cohesion check that follows is
// not carried, as fire's chain does not carry one); an immediate
// destruction destroys it; the other rows leave it as it was.
// Refused: a vehicle target, whose fate in an assault is a vehicle
// destruction attempt (its own action).
func assaultChain() *resolve.Chain {
	severity := []string{"defender-destroyed", "14", "10..13", "6..9", "defender-retreats", "2..5", "-1..1", "..-2", "attacker-retreats"}
	return &resolve.Chain{
		Severity: severity,
		Start: func(a resolve.Args) (int, error) {
			return resolve.B2I(a.Bool("concealed")) * codeConcealed, nil
		},
		Attack: func(a resolve.Args, code int) (resolve.Plan, []int, error) {
			if code&codeVehicle != 0 {
				return nil, nil, resolve.Errorf("immediate", "an assaulted vehicle's fate is its vehicle destruction attempt (odds cohesion vehicle-destruction), not the assault table's")
			}
			if !a.Has("drm") {
				a = a.With("concealed", resolve.Value{N: resolve.B2I(code&codeConcealed != 0)})
			}
			p, err := compileAssault(a)
			if err != nil {
				return nil, nil, err
			}
			l := p.Layout()
			next := make([]int, l.Cells)
			for c := range next {
				switch l.Outcomes[l.Outcome[c]] {
				case "14", "6..9":
					next[c] = codeCasualty
				case "10..13":
					next[c] = codeCasualty
					if code&codeDisrupted == 0 {
						next[c] = codeDisrupted
					}
				case "defender-destroyed":
					next[c] = codeDestroyed
				default:
					next[c] = code &^ codeConcealed
				}
			}
			return p, next, nil
		},
		Name: chainName,
		End:  func(code int) bool { return code&(codeCasualty|codeDestroyed) != 0 },
	}
}
