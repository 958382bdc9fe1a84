package rof

import (
	"odds/dice"
	"odds/resolve"
)

// Fire outcomes for the target team; destroyed comes only from a pen 6.
var fireOutcomes = []string{"target-team-destroyed", "target-team-killed", "target-team-suppressed", "target-team-ready"}

var fireStats = []string{"hits", "rfps", "teams-killed"} // the grid's dims, in order

func fireAction() *resolve.Action {
	return &resolve.Action{
		Name: "fire",
		Examples: []string{
			"odds rof fire --rof 4 --leader --concealed --target-teams 2",
			"odds rof fire --rof 4+2+2 --target-teams 3 --small-teams 1 --target-small",
			"odds rof fire --attacker at-gun --defender medium-tank",
			"odds rof fire --rof 4 --rally-quality 4 --until target-team-killed",
			"odds rof fire --rof 3 --rally-quality 4 --until target-team-destroyed \\\n      --then 'assault --assault 4 --enemy-quality 4'",
			"odds engage 'rof fire --rof 3 --rally-quality 4' \\\n      'rof fire --rof 2 --cover hard --rally-quality 4'",
		},
		Short:   "RoF dice to hit (4+), hits allocated evenly, ping/pen dice, then the received fire check",
		Sheet:   "002: Firing; Firing Modifiers; Armored Targets; Ping Dice; Pen Dice; Received Fire Checks; Leaders",
		Outcome: fireOutcomes,
		Stats:   fireStats,
		Params: append([]resolve.Param{
			withTerms(resolve.OptInt("rof", 1, maxRoF, "RoF of the firing team: d6 rolled to hit; teams of different RoF firing together add up: 4+2+2")),
			resolve.IntParam("firing-teams", 1, maxTeams, 1, "identical firing teams, each rolling --rof"),
			resolve.BoolParam("leader", "a leader directs the fire: one more die"),
			resolve.BoolParam("concealed", "target concealed from all firing teams (+1 to hit)"),
			resolve.BoolParam("long-range", "target at long range, up to 2x range (+1 to hit)"),
			resolve.IntParam("target-teams", 1, maxTeams, 1, "valid target teams sharing the hits, the target first"),
			resolve.IntParam("small-teams", 0, maxTeams, 0, "how many of the target teams are leaders or small teams: hit after the others"),
			resolve.BoolParam("target-small", "the target team is a leader or small team (one of --small-teams): hit after the other teams"),
			resolve.OptInt("at", 0, maxArmour, "firing weapon's AT, against armoured targets"),
			resolve.OptInt("ar", 0, maxArmour, "target's armour: makes it an armoured (vehicle) target"),
			resolve.OptInt("rally-quality", 2, 6, "with --until: the target team's quality for the rally check it rolls at its activation when suppressed without RFPs (passes on a d6 of at least this)"),
		}, targetParams()...),
		Roles: []resolve.Role{attacker, defender},
		FromCards: func(c resolve.Cards, _ resolve.Args) ([]resolve.Filled, error) {
			var f resolve.Fill
			d := c["defender"]
			if a, ok := c["attacker"]; ok {
				f.Set("rof", a.Int("rof"), "attacker")
				if d != nil && d.Int("team") == vehicle {
					f.Set("at", a.Int("at"), "attacker")
				}
			}
			if d != nil {
				f.Set("team", d.Int("team"), "defender")
				if d.Int("team") == vehicle {
					f.Set("ar", d.Int("ar"), "defender")
				}
			}
			return f, nil
		},
		Compile: compileFire,
		Chain:   fireChain(),
		Engage:  fireEngage(),
	}
}

func withTerms(p resolve.Param) resolve.Param {
	p.Terms = true
	return p
}

// firePlan is one activation's fire at K target teams.
type firePlan struct {
	dice, toHit, teams int
	hit                *dice.Counter // dice showing toHit or more
	targetAt           int           // the target's place in the allocation order
	armoured           bool
	ineffective        bool // AR at least double AT
	ping, pen          int  // dice per hit: AT ping dice, or AT-AR pen dice
	maxRFP             int  // the most RFPs an activation can cause
	rfc                rfc
	grid               *resolve.Grid
	layout             *resolve.Layout
}

func compileFire(v resolve.Args) (resolve.Plan, error) {
	if !v.Has("rof") {
		return nil, resolve.Errorf("rof", "the firing team's RoF is needed (or --attacker CARD)")
	}
	armoured := v.Has("ar")
	t, err := targetOf(v, armoured)
	if err != nil {
		return nil, err
	}
	switch {
	case armoured && t.team != vehicle:
		return nil, resolve.Errorf("ar", "armour belongs to vehicle targets (--team vehicle)")
	case t.team == vehicle && !armoured:
		return nil, resolve.Errorf("ar", "a vehicle target needs its armour (--ar N)")
	case armoured && !v.Has("at"):
		return nil, resolve.Errorf("at", "armoured targets can only be affected by AT weapons: give the weapon's --at")
	}
	teams, small := v.Int("target-teams"), v.Int("small-teams")
	switch {
	case small > teams:
		return nil, resolve.Errorf("small-teams", "%d small teams among %d --target-teams", small, teams)
	case v.Bool("target-small") && small == 0:
		return nil, resolve.Errorf("target-small", "the target is one of the --small-teams: give --small-teams 1 or more")
	case small == teams && !v.Bool("target-small"):
		// Every target team is small, so the target is: refuse the
		// contradiction, as --target-small without small teams is.
		return nil, resolve.Errorf("small-teams", "all %d --target-teams are small, so the target is one of them: add --target-small (or give fewer --small-teams)", teams)
	}
	p := &firePlan{
		dice:     v.Int("rof")*v.Int("firing-teams") + resolve.B2I(v.Bool("leader")),
		toHit:    4 + resolve.B2I(v.Bool("concealed")) + resolve.B2I(v.Bool("long-range")),
		teams:    teams,
		armoured: armoured,
		rfc:      newRFC(t),
	}
	p.hit = dice.NewCounter(6, p.toHit, 6)
	// Hits go evenly, first to the target, then to the other teams; leaders
	// and small teams come after all the others, even as the target. The
	// teams are alike apart from that, so only the target's place matters.
	if v.Bool("target-small") {
		p.targetAt = teams - small
	}
	if p.dice > maxDice {
		return nil, resolve.Errorf("rof", "%d dice in one activation; at most %d", p.dice, maxDice)
	}
	maxRFP := min(p.dice, p.teams)
	if armoured {
		at, ar := v.Int("at"), v.Int("ar")
		switch {
		case ar >= 2*at:
			p.ineffective = true
		case at <= ar:
			p.ping = at
		default:
			p.pen = at - ar
		}
		maxRFP = p.dice * max(p.ping, p.pen)
	}
	p.maxRFP = maxRFP
	p.grid = resolve.NewGrid(fireOutcomes,
		resolve.Dim{Name: fireStats[0], Size: p.dice + 1},
		resolve.Dim{Name: fireStats[1], Size: maxRFP + 1},
		resolve.Dim{Name: fireStats[2], Size: p.teams + 1, Count: true})
	p.layout = p.grid.Layout()
	return p, nil
}

// team resolves the hits allocated to one target team and returns its
// outcome (an index into fireOutcomes) and the RFPs it suffered: none
// when a pen 6 destroys it.
func (p *firePlan) team(s *dice.Stream, hits int) (outcome, rfps int) {
	switch {
	case hits == 0 || p.ineffective:
		return 1 + ready, 0
	case !p.armoured:
		rfps = 1 // a non-vehicle team takes at most one hit: one RFP
	case p.pen > 0:
		m := hits * p.pen
		if s.CountWith(sixes, m) > 0 {
			return 0, 0 // a pen 6 destroys: the team suffers nothing more
		}
		rfps = m
	default:
		rfps = s.CountWith(sixes, hits*p.ping) // ping 6s are RFPs
	}
	return 1 + p.rfc.check(s, rfps), rfps
}

// Trial rolls the to-hit dice, allocates the hits evenly over the target
// teams in allocation order (non-vehicles at most one each, the excess is
// lost) and resolves each team. The outcome is the target team's.
func (p *firePlan) Trial(s *dice.Stream) int {
	hits := s.CountWith(p.hit, p.dice)
	outcome, rfps, dead := 0, 0, 0
	each, extra := hits/p.teams, hits%p.teams
	for i := range p.teams {
		n := each + resolve.B2I(i < extra)
		if !p.armoured {
			n = resolve.B2I(i < hits)
		}
		o, r := p.team(s, n)
		if i == p.targetAt {
			outcome = o
		}
		rfps += r
		dead += resolve.B2I(o <= 1) // destroyed or killed
	}
	return p.grid.Cell(outcome, hits, rfps, dead)
}

func (p *firePlan) Run(s *dice.Stream, n int, counts []uint64) {
	for range n {
		counts[p.Trial(s)]++
	}
}

func (p *firePlan) Layout() *resolve.Layout { return p.layout }
