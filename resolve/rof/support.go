package rof

import (
	"context"
	"odds/dice"
	"odds/resolve"
)

// --- artillery ---

var artilleryStats = []string{"on-target", "turns"}

func artilleryAction() *resolve.Action {
	return &resolve.Action{
		Name: "artillery",
		Examples: []string{
			"odds rof artillery --battery 2 --radius 3 --turns 3",
			"odds rof artillery --battery 3 --mortar-observing --defender medium-tank",
		},
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
		FromCards: func(c resolve.Cards, _ resolve.Args) ([]resolve.Filled, error) {
			var f resolve.Fill
			if d, ok := c["defender"]; ok {
				f.Set("team", d.Int("team"), "defender")
				if d.Int("team") == vehicle {
					f.Set("flank-ar", d.Int("flank-ar"), "defender")
				}
			}
			return f, nil
		},
		Compile: compileArtillery,
	}
}

func compileArtillery(v resolve.Args) (resolve.Plan, error) {
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
	battery, radius, turns, mortar := v.Int("battery"), v.Int("radius"), v.Int("turns"), v.Bool("mortar-observing")
	grid := resolve.NewGrid(checkOutcomes,
		resolve.Dim{Name: artilleryStats[0], Size: 2}, resolve.Dim{Name: artilleryStats[1], Size: turns + 1})
	p := &artilleryPlan{battery: battery, radius: radius, turns: turns, mortar: mortar, vehicle: t.team == vehicle,
		ping: battery - v.Int("flank-ar"), rfc: r, grid: grid}
	p.layout = grid.Layout()
	if !mortar {
		// The turn it lands on: each turn's d10 lands on a 10 or at most
		// the radius, so of the 10^turns ways to roll every turn's die,
		// on*miss^(t-1)*10^(turns-t) land on turn t and miss^turns never.
		on := uint64(min(radius, 9) + 1)
		w := make([]uint64, turns+1)
		for t := 1; t <= turns; t++ {
			w[t-1] = on * ipow(10-on, t-1) * ipow(10, turns-t)
		}
		w[turns] = ipow(10-on, turns)
		p.landing, _ = dice.NewOdds(w...) // 10^6 at most
	}
	return p, nil
}

// artilleryPlan is a barrage: ranging in, then the effect on the team.
type artilleryPlan struct {
	battery, radius, turns int
	mortar, vehicle        bool
	ping                   int        // ping dice at a vehicle (battery less flank armour)
	landing                *dice.Odds // the turn it lands on, 0-based; turns: never
	rfc                    rfc
	grid                   *resolve.Grid
	layout                 *resolve.Layout
}

func (p *artilleryPlan) Layout() *resolve.Layout { return p.layout }

// effect is the barrage's effect on the team once on target.
func (p *artilleryPlan) effect(s *dice.Stream) int {
	switch {
	case !p.vehicle:
		return p.rfc.check(s, p.battery)
	case p.ping > 0:
		return p.rfc.check(s, s.CountWith(sixes, p.ping))
	}
	return ready
}

func (p *artilleryPlan) Trial(s *dice.Stream) int {
	used, on := 0, p.mortar
	if !p.mortar {
		t := s.Pick(p.landing) // a turn's d10 lands on a 10; else d10" off
		used, on = min(t+1, p.turns), t < p.turns
	}
	res := ready
	if on {
		res = p.effect(s)
	}
	return p.grid.Cell(res, resolve.B2I(on), used)
}

func (p *artilleryPlan) Run(s *dice.Stream, n int, counts []uint64) {
	for range n {
		counts[p.Trial(s)]++
	}
}

// Exact implements sim.Exacter: each deviation roll is one two-way branch
// (on target or not: a 10, or at most the radius), so the turn the
// barrage lands on is a truncated geometric distribution, and the effect
// once on target is enumerated once.
func (p *artilleryPlan) Exact(ctx context.Context, budget int64) ([]float64, bool) {
	eff, ok := enumerate(p.effect, len(checkOutcomes), budget)
	if !ok || ctx.Err() != nil {
		return nil, false
	}
	out := make([]float64, p.layout.Cells)
	land := func(w float64, used int) {
		for res, q := range eff {
			out[p.grid.Cell(res, 1, used)] += w * q
		}
	}
	if p.mortar {
		land(1, 0)
		return out, true
	}
	hit := float64(min(p.radius, 9)+1) / 10
	miss := 1.0
	for turn := 1; turn <= p.turns; turn++ {
		land(miss*hit, turn)
		miss *= 1 - hit
	}
	out[p.grid.Cell(ready, 0, p.turns)] += miss
	return out, true
}

// enumerate is the distribution of f's result (0..n-1) over every path of
// its dice, or false past budget paths.
func enumerate(f func(*dice.Stream) int, n int, budget int64) ([]float64, bool) {
	e := dice.NewEnumerator(4096)
	s := e.Stream()
	dist := make([]float64, n)
	for paths := int64(0); ; paths++ {
		if paths > budget {
			return nil, false
		}
		v := f(s)
		if e.Overflow() || e.Truncated() {
			return nil, false
		}
		dist[v] += e.Weight()
		if !e.Next() {
			return dist, true
		}
	}
}

// --- assault ---

// Assault outcomes are the first enemy team's state (the one the first
// assaulting team contacts), named so; numeric results
// count both sides' losses.
var (
	assaultOutcomes = []string{"first-enemy-team-destroyed", "first-enemy-team-suppressed", "first-enemy-team-unharmed"}
	assaultStats    = []string{"enemies-destroyed", "assaulters-destroyed"}
)

// Enemy states, worst last: an index into assaultOutcomes is 2 - state.
const (
	unharmed = iota
	enemySuppressed
	enemyDestroyed
)

func assaultAction() *resolve.Action {
	return &resolve.Action{
		Name: "assault",
		Examples: []string{
			"odds rof assault --assault 4 --support 1 --teams 3 --enemy-teams 2",
			"odds rof assault --attacker rifle-team --defender medium-tank",
		},
		Short:   "assault: teams in contact closest to closest (at most 2 per enemy team), assault checks, AT vs flank armour",
		Sheet:   "002: Assaults; Armored Targets; Ping Dice; Pen Dice; Received Fire Checks",
		Outcome: assaultOutcomes,
		Stats:   assaultStats,
		Params: []resolve.Param{
			resolve.OptInt("assault", 2, 6, "assault check: passes on a d6 of at least this"),
			resolve.IntParam("support", 0, 2, 0, "supporting teams: -1 each to the assault check's number"),
			resolve.IntParam("teams", 1, maxTeams, 1, "assaulting teams, each rolling its own check"),
			resolve.IntParam("enemy-teams", 1, maxTeams, 1, "enemy teams contacted; at most 2 assaulting teams touch each"),
			resolve.BoolParam("suppressed", "the assaulting teams are suppressed: each must pass a rally check or be destroyed"),
			resolve.OptInt("quality", 2, 6, "quality for that rally check: a target number, passes on a d6 of at least this"),
			resolve.ChoiceParam("enemy", teamChoices, infantry, "the enemy teams in contact"),
			resolve.OptInt("at", 1, maxArmour, "assaulting team's AT weapon (+1 in assault); leave out for a team without one: it is AT 1"),
			resolve.OptInt("flank-ar", 0, maxArmour, "enemy vehicle's flank armour, which assault hits strike"),
			resolve.ChoiceParam("cover", coverChoices, open, "enemy vehicle's ground, for its received fire check"),
			resolve.BoolParam("open-topped", "the enemy vehicle is open topped: reads open ground in contact"),
			resolve.OptInt("enemy-quality", 2, 6, "in a sequence (--then): the target team's quality, for the rally check a suppressed team in contact rolls or is destroyed"),
		},
		Roles: []resolve.Role{attacker, defender},
		FromCards: func(c resolve.Cards, _ resolve.Args) ([]resolve.Filled, error) {
			var f resolve.Fill
			if a, ok := c["attacker"]; ok {
				f.Set("assault", a.Int("assault"), "attacker")
				f.Set("quality", a.Int("quality"), "attacker")
				if a.Int("at") > 0 { // a card's at 0 is no AT weapon
					f.Set("at", a.Int("at"), "attacker")
				}
			}
			if d, ok := c["defender"]; ok {
				f.Set("enemy", d.Int("team"), "defender")
				if d.Int("team") == vehicle {
					f.Set("flank-ar", d.Int("flank-ar"), "defender")
					f.Set("open-topped", d.Int("open-topped"), "defender")
				}
			}
			return f, nil
		},
		Compile: compileAssault,
		Chain:   assaultChain(),
	}
}

// assaultPlan is K assaulting teams against M alike enemy teams.
type assaultPlan struct {
	tn, quality    int
	teams, enemies int
	suppressed     bool
	vehicle        bool
	ineffective    bool // a vehicle whose flank AR is double the AT weapon's
	pen, ping      int
	rfc            rfc
	grid           *resolve.Grid
	layout         *resolve.Layout
}

func compileAssault(v resolve.Args) (resolve.Plan, error) {
	enemy := v.Int("enemy")
	switch {
	case !v.Has("assault"):
		return nil, resolve.Errorf("assault", "the assaulting team's assault number is needed (or --attacker CARD)")
	case v.Bool("suppressed") && !v.Has("quality"):
		return nil, resolve.Errorf("quality", "suppressed teams rally first: give their --quality (or --attacker CARD)")
	case v.Int("teams") > 2*v.Int("enemy-teams"):
		return nil, resolve.Errorf("teams", "no more than 2 friendly teams touch 1 enemy team: %d teams need --enemy-teams %d or more",
			v.Int("teams"), (v.Int("teams")+1)/2)
	case enemy == vehicle && !v.Has("flank-ar"):
		return nil, resolve.Errorf("flank-ar", "assault hits against a vehicle strike its flank armour: give --flank-ar")
	case enemy != vehicle && v.Has("flank-ar"):
		return nil, resolve.Errorf("flank-ar", "armour belongs to vehicles (--enemy vehicle)")
	case enemy != vehicle && v.Bool("open-topped"):
		return nil, resolve.Errorf("open-topped", "applies to vehicles (--enemy vehicle)")
	}
	p := &assaultPlan{
		tn: v.Int("assault") - v.Int("support"), quality: v.Int("quality"),
		teams: v.Int("teams"), enemies: v.Int("enemy-teams"),
		suppressed: v.Bool("suppressed"), vehicle: enemy == vehicle,
		rfc: newRFC(target{team: vehicle, cover: v.Int("cover"), openTopped: v.Bool("open-topped")}),
	}
	ar := v.Int("flank-ar")
	switch at := v.Int("at") + 1; {
	case !v.Has("at"):
		// No AT weapon: AT 1, rolled even if doubled by AR.
		p.ping, p.pen = min(1, ar), max(0, 1-ar)
	case ar >= 2*at:
		p.ineffective = true // "If AR is double AT, the weapon is ineffective"
	case at <= ar:
		p.ping = at
	default:
		p.pen = at - ar
	}
	p.grid = resolve.NewGrid(assaultOutcomes,
		resolve.Dim{Name: assaultStats[0], Size: p.enemies + 1, Count: true},
		resolve.Dim{Name: assaultStats[1], Size: p.teams + 1, Count: true})
	p.layout = p.grid.Layout()
	return p, nil
}

// enemyAfterCheck is an enemy vehicle's state by its received fire check
// (killed, suppressed, ready).
var enemyAfterCheck = [...]int{enemyDestroyed, enemySuppressed, unharmed}

// hit resolves a successful assault check on an enemy team: its new state.
func (p *assaultPlan) hit(s *dice.Stream) int {
	switch {
	case !p.vehicle:
		return enemyDestroyed
	case p.ineffective:
		return unharmed
	case p.pen > 0 && s.CountWith(sixes, p.pen) > 0:
		return enemyDestroyed // a pen 6
	}
	rfps := p.pen // pen dice 1-5 are RFPs
	if p.ping > 0 {
		rfps = s.CountWith(sixes, p.ping) // ping 6s are RFPs
	}
	return enemyAfterCheck[p.rfc.check(s, rfps)]
}

// Trial places team i against enemy team i mod M (closest to closest, so
// each enemy gets one team before any gets two) and resolves the teams in
// order. An enemy team is destroyed at most once: a team whose enemy is
// already destroyed has nothing left to fight here.
func (p *assaultPlan) Trial(s *dice.Stream) int {
	state := s.Buffer(p.enemies) // each enemy team's state; the stream's, not the plan's
	clear(state)
	lost := 0
	for i := range p.teams {
		if p.suppressed && s.D(6) < p.quality {
			lost++ // failed its rally check in contact: destroyed
			continue
		}
		e := &state[i%p.enemies]
		if *e == enemyDestroyed || s.D(6) < p.tn {
			continue
		}
		*e = max(*e, p.hit(s))
	}
	dead := 0
	for _, e := range state {
		dead += resolve.B2I(e == enemyDestroyed)
	}
	return p.grid.Cell(2-state[0], dead, lost)
}

func (p *assaultPlan) Run(s *dice.Stream, n int, counts []uint64) {
	for range n {
		counts[p.Trial(s)]++
	}
}

func (p *assaultPlan) Layout() *resolve.Layout { return p.layout }
