package rof

import (
	"odds/dice"
	"odds/resolve"
)

// --- artillery ---

var artilleryStats = []string{"on-target", "turns"}

func artilleryAction() *resolve.Action {
	return &resolve.Action{
		Name:    "artillery",
		Short:   "artillery: range in (d10\" deviation, 10 on target), then the barrage's RFPs or ping dice",
		Sheet:   "002: Artillery; Received Fire Checks",
		Outcome: checkOutcomes,
		Stats:   artilleryStats,
		Params: append([]resolve.Param{
			resolve.OptInt("battery", 1, maxBattery, "RFPs the battery puts on each team under the barrage"),
			resolve.IntParam("radius", 0, 12, 2, "inches from the range-in marker that the barrage covers"),
			resolve.IntParam("turns", 1, 6, 1, "turns the player may roll deviation, firing for effect once on target"),
			resolve.BoolParam("mortar-observing", "a mortar unit observing for itself: no ranging, no deviation"),
			resolve.OptInt("flank-ar", 0, maxArmour, "a vehicle target's flank armour: ping dice are the battery less this"),
		}, targetParams()...),
		Roles: []resolve.Role{defender},
		FromCards: func(c resolve.Cards, _ resolve.Values) ([]resolve.Filled, error) {
			var f resolve.Fill
			if d := c["defender"]; d != nil {
				f.Set("team", d["team"], "defender")
				if d["team"] == vehicle {
					f.Set("flank-ar", d["flank-ar"], "defender")
				}
			}
			return f, nil
		},
		Compile: compileArtillery,
	}
}

func compileArtillery(v resolve.Values) (resolve.Plan, error) {
	if !v.Has("battery") {
		return nil, resolve.Errorf("battery", "the battery's RFPs per team are needed")
	}
	armoured := v.Has("flank-ar")
	t, err := targetOf(v, armoured)
	if err != nil {
		return nil, err
	}
	if t.team == vehicle && !armoured {
		return nil, resolve.Errorf("flank-ar", "a vehicle under a barrage takes ping dice less its flank armour: give --flank-ar")
	}
	if armoured && t.team != vehicle {
		return nil, resolve.Errorf("flank-ar", "armour belongs to vehicle targets (--team vehicle)")
	}
	r := newRFC(t)
	battery, radius, turns, mortar := v["battery"], v["radius"], v["turns"], v.Bool("mortar-observing")
	ping := battery - v["flank-ar"]
	trial := func(s *dice.Stream) int {
		used, on := 0, mortar
		for !on && used < turns {
			used++
			d := s.D(10)
			on = d == 10 || d <= radius // a 10 lands on target; else d10" off
		}
		if mortar {
			used = 0
		}
		res := ready
		switch {
		case !on:
		case t.team != vehicle:
			res = r.check(s, battery)
		case ping > 0:
			res = r.check(s, s.Count(ping, 6, 6, 6))
		}
		return (res*2+resolve.B2I(on))*(turns+1) + used
	}
	nt := turns + 1
	return resolve.NewPlan(resolve.NewLayout(checkOutcomes, artilleryStats, 3*2*nt, func(c int, vals []float64) int {
		vals[1] = float64(c % nt)
		c /= nt
		vals[0] = float64(c % 2)
		return c / 2
	}), trial), nil
}

// --- assault ---

var assaultOutcomes = []string{"destroyed", "enemy-destroyed", "enemy-suppressed", "no-effect"}

var assaultStats = []string{"enemy-destroyed"}

func assaultAction() *resolve.Action {
	return &resolve.Action{
		Name:    "assault",
		Short:   "assault check (d6 >= assault, -1 per supporting team); suppressed teams must rally first",
		Sheet:   "002: Assaults; Armored Targets; Ping Dice; Pen Dice; Received Fire Checks",
		Outcome: assaultOutcomes,
		Stats:   assaultStats,
		Params: []resolve.Param{
			resolve.OptInt("assault", 2, 6, "assault check: passes on a d6 of at least this"),
			resolve.IntParam("support", 0, 2, 0, "supporting teams: -1 each to the assault check's number"),
			resolve.IntParam("teams", 1, maxTeams, 1, "assaulting teams, each rolling its own check"),
			resolve.BoolParam("suppressed", "the assaulting teams are suppressed: each must pass a rally check or be destroyed"),
			resolve.IntParam("quality", 2, 6, 4, "quality for that rally check: passes on a d6 of at least this"),
			resolve.ChoiceParam("enemy", teamChoices, infantry, "the enemy team in contact"),
			resolve.OptInt("at", 0, maxArmour, "assaulting team's AT (+1 in assault); without one it is AT 1"),
			resolve.OptInt("flank-ar", 0, maxArmour, "enemy vehicle's flank armour, which assault hits strike"),
			resolve.ChoiceParam("cover", coverChoices, open, "enemy vehicle's ground, for its received fire check"),
			resolve.BoolParam("open-topped", "the enemy vehicle is open topped: reads open ground in contact"),
		},
		Roles: []resolve.Role{attacker, defender},
		FromCards: func(c resolve.Cards, _ resolve.Values) ([]resolve.Filled, error) {
			var f resolve.Fill
			if a := c["attacker"]; a != nil {
				f.Set("assault", a["assault"], "attacker")
				f.Set("quality", a["quality"], "attacker")
				if a["at"] > 0 {
					f.Set("at", a["at"], "attacker")
				}
			}
			if d := c["defender"]; d != nil {
				f.Set("enemy", d["team"], "defender")
				if d["team"] == vehicle {
					f.Set("flank-ar", d["flank-ar"], "defender")
					f.Set("open-topped", d["open-topped"], "defender")
				}
			}
			return f, nil
		},
		Compile: compileAssault,
	}
}

func compileAssault(v resolve.Values) (resolve.Plan, error) {
	if !v.Has("assault") {
		return nil, resolve.Errorf("assault", "the assaulting team's assault number is needed (or --attacker CARD)")
	}
	enemy := v["enemy"]
	switch {
	case enemy == vehicle && !v.Has("flank-ar"):
		return nil, resolve.Errorf("flank-ar", "assault hits against a vehicle strike its flank armour: give --flank-ar")
	case enemy != vehicle && v.Has("flank-ar"):
		return nil, resolve.Errorf("flank-ar", "armour belongs to vehicles (--enemy vehicle)")
	case enemy != vehicle && v.Bool("open-topped"):
		return nil, resolve.Errorf("open-topped", "applies to vehicles (--enemy vehicle)")
	}
	tn := v["assault"] - v["support"]
	teams, susp, q := v["teams"], v.Bool("suppressed"), v["quality"]
	at := 1 // teams without AT weapons are AT 1
	if v.Has("at") && v["at"] > 0 {
		at = v["at"] + 1 // AT weapons are +1 AT in assault
	}
	ar := v["flank-ar"]
	pen, ping := max(0, at-ar), 0
	if at <= ar {
		ping = at // rolled even if doubled by AR
	}
	r := newRFC(target{team: vehicle, cover: v["cover"], openTopped: v.Bool("open-topped")})
	// one team's assault: an index into assaultOutcomes
	one := func(s *dice.Stream) int {
		switch {
		case susp && s.D(6) < q:
			return 0 // failed its rally check in contact: destroyed
		case s.D(6) < tn:
			return 3
		case enemy != vehicle:
			return 1
		case pen > 0:
			if six := s.Count(pen, 6, 6, 6); six > 0 {
				return 1
			}
			return []int{1, 2, 3}[r.check(s, pen)]
		}
		return []int{1, 2, 3}[r.check(s, s.Count(ping, 6, 6, 6))]
	}
	n := teams + 1
	layout := resolve.NewLayout(assaultOutcomes, assaultStats, 4*n, func(c int, vals []float64) int {
		vals[0] = float64(c % n)
		return c / n
	})
	return resolve.NewPlan(layout, func(s *dice.Stream) int {
		first, dead := 0, 0
		for i := range teams {
			o := one(s)
			if i == 0 {
				first = o
			}
			dead += resolve.B2I(o == 1)
		}
		return first*n + dead
	}), nil
}
