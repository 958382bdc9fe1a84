package rof

import (
	"odds/dice"
	"odds/resolve"
)

// Road bonus choices: none, or the bonus of a tracked (+6") or wheeled
// (+12") vehicle.
var roadChoices = []string{"none", "tracked", "wheeled"}

const (
	roadTracked = 1
	roadWheeled = 2
)

var terrainChoices = []string{"open", "difficult", "very-difficult"}

const (
	difficult     = 1
	veryDifficult = 2
)

var moveStats = []string{"distance"}

func moveAction() *resolve.Action {
	return &resolve.Action{
		Name: "move",
		Examples: []string{
			"odds rof move --team vehicle --drive wheeled --terrain difficult --quality 4",
			"odds rof move --unit armoured-car --terrain difficult --distance 8",
			"odds rof move --unit medium-tank --road tracked",
		},
		Short:   "movement distance: higher (infantry) or lower (gun) of 2d6+2, or 2d6 (vehicle), road bonus, terrain checks",
		Sheet:   "002: Moving (Movement Distances, Road Bonus, Terrain Checks); Leaders",
		Outcome: []string{"the distances in inches, or reaches / falls-short with --distance"},
		Stats:   moveStats,
		Params: []resolve.Param{
			resolve.ChoiceParam("team", teamChoices, infantry, "moving team: infantry (higher of 2d6 + 2), gun (lower of 2d6 + 2), vehicle (2d6)"),
			resolve.OptChoice("drive", driveChoices, "a vehicle's drive, for terrain checks and the road bonus (default tracked)"),
			resolve.ChoiceParam("road", roadChoices, 0, "road bonus for vehicles: tracked +6 (half-tracks too), wheeled +12"),
			resolve.ChoiceParam("terrain", terrainChoices, 0, "terrain crossed: difficult or very-difficult call for the team type's check"),
			resolve.OptInt("quality", 2, 6, "quality check for terrain: a target number, passes on a d6 of at least this (needed when a check is rolled)"),
			resolve.BoolParam("leader", "a leader allows 3 extra inches, ending in base contact"),
			resolve.OptInt("distance", 1, 40, "inches to cover: results become reaches / falls-short"),
		},
		Roles: []resolve.Role{unit},
		FromCards: func(c resolve.Cards, _ resolve.Args) ([]resolve.Filled, error) {
			var f resolve.Fill
			if u, ok := c["unit"]; ok {
				f.Set("team", u.Int("team"), "unit")
				if u.Int("team") == vehicle {
					f.Set("drive", u.Int("drive"), "unit")
				}
				f.Set("quality", u.Int("quality"), "unit")
			}
			return f, nil
		},
		Compile: compileMove,
	}
}

// terrainRule is what a failed check leaves of the move, by drive and
// terrain (sheet: Terrain Checks). check is false where the team moves
// freely; blocked where it may not move at all.
type terrainRule struct {
	check, blocked bool
	fail           int // inches moved after a failed check
}

func terrainFor(team, drive, terrain int) terrainRule {
	switch {
	case terrain == 0 || team == infantry:
		return terrainRule{}
	case team == gun:
		return terrainRule{blocked: terrain == veryDifficult}
	case drive == tracked:
		return terrainRule{check: true, fail: 1} // pass or move 1"
	case terrain == veryDifficult:
		return terrainRule{blocked: true} // half-tracked and wheeled may not move
	case drive == halfTracked:
		return terrainRule{check: true, fail: 0} // pass or stop
	}
	return terrainRule{check: true, fail: 1} // wheeled: pass or move 1" and stop
}

func compileMove(v resolve.Args) (resolve.Plan, error) {
	team, road, drive := v.Int("team"), v.Int("road"), v.Int("drive")
	switch {
	case v.Has("drive") && team != vehicle:
		return nil, resolve.Errorf("drive", "only vehicles have a drive (--team vehicle)")
	case road != 0 && team != vehicle:
		return nil, resolve.Errorf("road", "the road bonus is for tracked and wheeled vehicles (--team vehicle)")
	case road != 0 && v.Int("terrain") != 0:
		return nil, resolve.Errorf("road", "a move on the road crosses no terrain: drop --terrain or --road")
	case road == roadTracked && v.Has("drive") && drive == wheeled,
		road == roadWheeled && v.Has("drive") && drive != wheeled:
		return nil, resolve.Errorf("road", "--road %s contradicts --drive %s: the bonus follows the drive", roadChoices[road], driveChoices[drive])
	}
	bonus := []int{0, 6, 12}[road] + 3*resolve.B2I(v.Bool("leader"))
	rule := terrainFor(team, drive, v.Int("terrain"))
	if rule.check && !v.Has("quality") {
		return nil, resolve.Errorf("quality", "%s terrain calls for a quality check: give the team's --quality (or --unit CARD)", terrainChoices[v.Int("terrain")])
	}
	q := v.Int("quality")
	top := 8 + bonus
	if team == vehicle {
		top = 12 + bonus
	}
	roll := func(s *dice.Stream) int {
		switch team {
		case infantry:
			return s.Highest(2, 6) + 2
		case gun:
			return s.Lowest(2, 6) + 2
		}
		return s.Sum(2, 6)
	}
	trial := func(s *dice.Stream) int {
		if rule.blocked {
			return 0
		}
		if rule.check && s.D(6) < q {
			return rule.fail
		}
		return roll(s) + bonus
	}
	layout := resolve.NewLayout(resolve.IntNames(0, top), moveStats, top+1, func(c int, vals []float64) int {
		vals[0] = float64(c)
		return c
	})
	if v.Has("distance") {
		d := v.Int("distance")
		layout = resolve.NewLayout([]string{"reaches", "falls-short"}, moveStats, top+1, func(c int, vals []float64) int {
			vals[0] = float64(c)
			return resolve.B2I(c < d)
		})
	}
	return resolve.NewPlan(layout, trial), nil
}

// --- orders ---

var orderStats = []string{"order-points", "hero"}

func ordersAction() *resolve.Action {
	return &resolve.Action{
		Name: "orders",
		Examples: []string{
			"odds rof orders",
		},
		Short:   "order points: the higher of two d6; doubles reveal the hero die",
		Sheet:   "002: Turn Sequence 2-3",
		Outcome: resolve.IntNames(1, 6),
		Stats:   orderStats,
		Compile: func(v resolve.Args) (resolve.Plan, error) {
			layout := resolve.NewLayout(resolve.IntNames(1, 6), orderStats, 12, func(c int, vals []float64) int {
				vals[0], vals[1] = float64(c/2+1), float64(c%2)
				return c / 2
			})
			return resolve.NewPlan(layout, func(s *dice.Stream) int {
				a, b := s.Two(6)
				return (max(a, b)-1)*2 + resolve.B2I(a == b)
			}), nil
		},
	}
}

// --- rally ---

func rallyAction() *resolve.Action {
	return &resolve.Action{
		Name: "rally",
		Examples: []string{
			"odds rof rally --quality 4 --leader",
			"odds rof rally --unit mg-team",
		},
		Short:   "rally check of a suppressed team: a quality check, again with a leader in contact",
		Sheet:   "002: Activation Procedure 2; Rally Check; Leaders",
		Outcome: []string{"rallied", "suppressed"},
		Params: []resolve.Param{
			resolve.OptInt("quality", 2, 6, "the team's quality check: a target number, passes on a d6 of at least this (opposed's quality is a modifier instead)"),
			resolve.BoolParam("leader", "a leader in base contact attempts a second rally"),
			resolve.BoolParam("out-of-sight", "the team is outside the LoS of every enemy team: rallies automatically"),
		},
		Roles: []resolve.Role{unit},
		FromCards: func(c resolve.Cards, _ resolve.Args) ([]resolve.Filled, error) {
			var f resolve.Fill
			if u, ok := c["unit"]; ok {
				f.Set("quality", u.Int("quality"), "unit")
			}
			return f, nil
		},
		Compile: func(v resolve.Args) (resolve.Plan, error) {
			q, leader, auto := v.Int("quality"), v.Bool("leader"), v.Bool("out-of-sight")
			if !v.Has("quality") && !auto {
				return nil, resolve.Errorf("quality", "the team's quality is needed: give --quality N (or --unit CARD)")
			}
			layout := resolve.NewLayout([]string{"rallied", "suppressed"}, nil, 2, func(c int, _ []float64) int { return c })
			return resolve.NewPlan(layout, func(s *dice.Stream) int {
				if auto || s.D(6) >= q || (leader && s.D(6) >= q) {
					return 0
				}
				return 1
			}), nil
		},
	}
}
