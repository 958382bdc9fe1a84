package cohesion

import (
	"math"
	"odds/dice"
	"odds/resolve"
)

// Fire outcomes: the target unit's (no effect, concealment lost,
// disrupted, casualty) or the target vehicle's (shocked, destroyed).
var fireOutcomes = []string{"no-effect", "concealment-lost", "disrupted", "casualty", "shocked", "destroyed"}

const (
	noEffect = iota
	concealmentLost
	disrupted
	casualty
	shocked
	destroyed
)

// Numeric results of fire, each 0 or 1.
var fireDims = []resolve.Dim{
	{Name: "check-failed", Size: 2},      // the unit failed the cohesion check it had to take
	{Name: "riders-unload", Size: 2},     // riders (or riders and passengers) unload
	{Name: "vehicle-hit", Size: 2},       // a mortar 10 with MFA MV >= 2 hit a random vehicle of the hex
	{Name: "collateral-damage", Size: 2}, // the destroyed vehicle causes collateral damage (13.3.7)
}

// dimNames are the names of a grid's numeric results, for listings.
func dimNames(dims []resolve.Dim) []string {
	names := make([]string, len(dims))
	for i, d := range dims {
		names[i] = d.Name
	}
	return names
}

// maxRolls bounds the DRM rolls of one fire: a bound on input, not on
// work (the exact answer is a closed form, fireexact.go).
const maxRolls = 32

func fireAction() *resolve.Action {
	drm := func(name, usage string) resolve.Param {
		p := resolve.OptInt(name, -9, 12, usage)
		p.Terms = true
		return p
	}
	return &resolve.Action{
		Name:  "fire",
		Short: "small arms, mortar and anti-tank fire: a d10 per DRM, the highest FFAR against Cohesion or [E]AV",
		Sheet: "003: Small Arms, Mortar, Anti-Tank (13.1, 13.3); Shocked 13.3.5; Destroyed 13.3.6; Collateral Damage 13.3.7",
		Examples: []string{
			"odds cohesion fire --sa-drm 2 --cohesion 7",
			"odds cohesion fire --sa-drm 2+1 --mortar-drm 1 --defender japanese-squad",
			"odds cohesion fire --at-drm 3 --defender sherman --rear",
			"odds cohesion fire --sa-drm 2 --cohesion 7 --concealed --until casualty",
			"odds cohesion fire --sa-drm 2 --cohesion 7 --until casualty \\\n      --then 'assault --drm 1'",
		},
		Outcome: fireOutcomes,
		Stats:   dimNames(fireDims),
		Params: []resolve.Param{
			drm("sa-drm", "small-arms DRM: a d10 each; 2+1 is two DRMs of one attack"),
			drm("mortar-drm", "mortar DRM: a d10 each"),
			drm("at-drm", "anti-tank DRM at a vehicle: a d10 each; rolls of 2 or less are ignored"),
			resolve.IntParam("mv", 0, 6, 0, "the mortar's MFA MV: a mortar roll of 10 with MV 2+ unloads riders and hits a random vehicle"),
			resolve.IntParam("atv", -1, 12, -1, "the firing unit's ATV: a vehicle it destroys with ATV above 0 causes collateral damage"),
			resolve.OptInt("cohesion", 1, 10, "target unit's Cohesion"),
			{Name: "stack", Kind: resolve.Word, Cards: true, Optional: true,
				Usage: "the stack fired at, as cards: a+b:concealed+c:disrupted (statuses concealed, disrupted, rider); the target is chosen by priority (13.1.3)"},
			resolve.BoolParam("concealed", "the target unit is concealed: FFAR = Cohesion loses it"),
			resolve.BoolParam("disrupted", "the target unit is already disrupted: disrupting again is a casualty"),
			resolve.BoolParam("heroic", "the target unit is heroic: FFAR > Cohesion is a casualty"),
			resolve.ChoiceParam("nationality", nationalities, 0, "japanese or russian special morale: a casualty instead of disrupting, no cohesion check"),
			resolve.BoolParam("rider", "the target unit rides a vehicle: it unloads with the other riders"),
			resolve.OptInt("leader-cohesion", 1, 10, "stacked with its undisrupted platoon leader of this Cohesion: FFAR -1 if the leader's is higher"),
			resolve.OptInt("av", 0, 12, "target vehicle's armour value"),
			resolve.OptInt("eav", 0, 12, "target vehicle's enfilade armour value, used with --rear"),
			resolve.BoolParam("rear", "fired on from the rear arc: the enfilade armour value counts"),
			resolve.BoolParam("afv", "the target vehicle is an AFV: it can be shocked"),
		},
		Roles: []resolve.Role{
			{Name: "attacker", Usage: "firing unit's card (its MV and ATV)"},
			{Name: "defender", Usage: "target unit's card (Cohesion or armour, heroic, nationality)"},
		},
		FromCards: func(c resolve.Cards, _ resolve.Args) ([]resolve.Filled, error) {
			var f resolve.Fill
			if a := c["attacker"]; a != nil {
				f.Set("mv", a.Int("mv"), "attacker")
				f.Set("atv", a.Int("atv"), "attacker")
			}
			if d := c["defender"]; d != nil {
				if k := d.Int("kind"); k == kindAFV || k == kindCarrier {
					f.Set("av", d.Int("av"), "defender")
					f.Set("eav", d.Int("eav"), "defender")
					f.Set("afv", resolve.B2I(k == kindAFV), "defender")
				} else {
					f.Set("cohesion", d.Int("cohesion"), "defender")
					f.Set("heroic", d.Int("heroic"), "defender")
					f.Set("nationality", d.Int("nationality"), "defender")
				}
			}
			return f, nil
		},
		Compile: compileFire,
		Chain:   fireChain(),
	}
}

// firePlan is one fire resolution against one unit or one vehicle.
type firePlan struct {
	sa, mortar, at []int // DRMs, one d10 each
	vehicle        bool
	units          []unit // the unit fired at; several when the priority ties
	armour         int    // [E]AV
	afv            bool
	mortar10       bool    // MV 2+: a mortar roll of 10 counts
	mortarSpares   bool    // the lone target rides: mortar rolls do not count against it
	collateralATV  bool    // ATV above 0
	volleys        []int32 // the volley's outcomes tabled (dice.Joint), when they are few
	grid           *resolve.Grid
	layout         *resolve.Layout
}

// unit is a target unit as fire reads it.
type unit struct {
	cohesion      int  // FFAR against it
	leaderAdj     int  // 1 when stacked with a better platoon leader
	casualtyOver  bool // over its Cohesion is a casualty (heroic, marked, already disrupted)
	concealed     bool
	rider, checks bool // it rides; it takes cohesion checks
}

func compileFire(v resolve.Args) (resolve.Plan, error) {
	p := &firePlan{sa: v.Terms("sa-drm"), mortar: v.Terms("mortar-drm"), at: v.Terms("at-drm"),
		mortar10: v.Int("mv") >= 2, collateralATV: v.Int("atv") > 0}
	if v.Has("stack") {
		if err := p.fromStack(v); err != nil {
			return nil, err
		}
		p.compiled()
		return p, nil
	}
	isUnit, vehicle := v.Has("cohesion"), v.Has("av")
	switch {
	case isUnit && vehicle:
		return nil, resolve.Errorf("av", "give the target unit's --cohesion or the target vehicle's --av, not both")
	case !isUnit && !vehicle:
		return nil, resolve.Errorf("cohesion", "the target is needed: a unit's --cohesion C, a vehicle's --av N, a --stack, or --defender CARD")
	case len(p.sa)+len(p.mortar)+len(p.at) == 0:
		return nil, resolve.Errorf("sa-drm", "no fire: give --sa-drm, --mortar-drm or --at-drm")
	case len(p.sa)+len(p.mortar)+len(p.at) > maxRolls:
		return nil, resolve.Errorf(mostRolls(p), "%d DRM rolls in one fire (--sa-drm, --mortar-drm and --at-drm together); at most %d", len(p.sa)+len(p.mortar)+len(p.at), maxRolls)
	}
	if vehicle {
		switch {
		case len(p.sa) > 0:
			return nil, resolve.Errorf("sa-drm", "small-arms DRMs fire at units, not vehicles: give --at-drm")
		case v.Bool("rear") && !v.Has("eav"):
			return nil, resolve.Errorf("eav", "fire from the rear arc reads the enfilade armour value: give --eav")
		}
		for _, flag := range []string{"concealed", "disrupted", "heroic", "rider"} {
			if v.Bool(flag) {
				return nil, resolve.Errorf(flag, "applies to a unit target (--cohesion), not a vehicle")
			}
		}
		if v.Has("leader-cohesion") {
			return nil, resolve.Errorf("leader-cohesion", "the platoon leader's -1 applies to a unit target (--cohesion), not a vehicle")
		}
		p.vehicle, p.afv, p.armour = true, v.Bool("afv"), v.Int("av")
		if v.Bool("rear") {
			p.armour = v.Int("eav")
		}
	} else {
		switch {
		case len(p.at) > 0:
			return nil, resolve.Errorf("at-drm", "anti-tank DRMs fire at vehicles: give the target's --av")
		case v.Bool("afv") || v.Bool("rear") || v.Has("eav"):
			return nil, resolve.Errorf("afv", "--afv, --rear and --eav apply to a vehicle target (--av)")
		}
		u := unit{cohesion: v.Int("cohesion")}
		marked := v.Int("nationality") != 0
		if v.Has("leader-cohesion") && v.Int("leader-cohesion") > u.cohesion {
			u.leaderAdj = 1
		}
		u.casualtyOver = v.Bool("heroic") || marked || v.Bool("disrupted")
		u.concealed, u.rider, u.checks = v.Bool("concealed"), v.Bool("rider"), !marked
		// "exclude Riders/Passengers in case of MDRM": the mortar's
		// rolls never choose a rider, so only the small-arms rolls
		// count against one (the mortar 10 still unloads it).
		p.mortarSpares = u.rider
		p.units = []unit{u}
	}
	p.compiled()
	return p, nil
}

// compiled finishes a plan: its grid and, at a unit, the table of its
// volley when the volley's d10s have few enough outcomes.
func (p *firePlan) compiled() {
	p.grid = resolve.NewGrid(fireOutcomes, fireDims...)
	p.layout = p.grid.Layout()
	if outcomes := int(math.Pow10(len(p.sa) + len(p.mortar))); !p.vehicle && outcomes <= dice.MaxJoint {
		p.volleys, _ = dice.Joint(outcomes, func(s *dice.Stream) int {
			best, hit := p.volley(s)
			return (best+volleyBase)<<1 | resolve.B2I(hit)
		})
	}
}

// volleyBase keeps a tabled volley's best roll (from -100, no dice)
// positive.
const volleyBase = 128

// volley rolls a d10 per small-arms and mortar DRM: the highest modified
// roll, before the leader's adjustment, and whether a mortar rolled a 10
// that counts. Mortar rolls are rolled but left out of the highest when
// the target is a rider (mortarSpares).
func (p *firePlan) volley(s *dice.Stream) (best int, hit bool) {
	best = -100
	for _, d := range p.sa {
		best = max(best, s.D(10)+d)
	}
	for _, d := range p.mortar {
		r := s.D(10)
		hit = hit || (r == 10 && p.mortar10)
		if !p.mortarSpares {
			best = max(best, r+d)
		}
	}
	return best, hit
}

// Trial rolls a d10 per DRM and resolves the fire.
func (p *firePlan) Trial(s *dice.Stream) int {
	if p.vehicle {
		return p.atVehicle(s)
	}
	u := &p.units[0]
	if len(p.units) > 1 {
		u = &p.units[s.D(len(p.units))-1] // the priority ties: at random
	}
	var best int
	var hit bool
	if p.volleys != nil {
		v := s.Lookup(p.volleys)
		best, hit = v>>1-volleyBase, v&1 == 1
	} else {
		best, hit = p.volley(s)
	}
	out, unload, checks := u.effect(best, hit)
	check := 0
	if checks {
		check = resolve.B2I(s.D(10) > u.cohesion) // the cohesion check (interpretation 3)
	}
	return p.grid.Cell(out, check, unload, resolve.B2I(hit), 0)
}

// effect is what a volley whose highest result is best does to unit u,
// with or without a counting mortar 10 (hit): the outcome, whether its
// riders unload, and whether it takes a cohesion check. Trial rolls the
// check's d10; the exact answer spreads it out.
func (u *unit) effect(best int, hit bool) (out, unload int, checks bool) {
	ffar := best - u.leaderAdj
	out, unload = noEffect, resolve.B2I(hit)
	switch {
	case ffar > u.cohesion:
		out = disrupted
		if u.casualtyOver || ffar >= 10 {
			out = casualty
		}
		if u.rider {
			unload = 1
		}
		checks = u.checks
	case ffar == u.cohesion && u.concealed:
		out = concealmentLost
	}
	return out, unload, checks
}

// atVehicle resolves anti-tank (and mortar) fire at a vehicle: rolls of 2
// or less are ignored, the highest result counts; above the armour
// destroys; an AFV is shocked at the armour exactly, or when the highest
// result is a roll of 10 within 2 of it; a mortar 10 (MV 2+) destroys a vehicle, shocks an AFV.
func (p *firePlan) atVehicle(s *dice.Stream) int {
	best, roll10, mortarHit := -100, false, false
	for _, d := range p.at {
		r := s.D(10)
		if r <= 2 {
			continue
		}
		// "consider the single highest result per target": the shock
		// by a roll of 10 belongs to the die that gives the highest
		// result (on a tie, any of the tied dice; interpretation 10).
		switch {
		case r+d > best:
			best, roll10 = r+d, r == 10
		case r+d == best:
			roll10 = roll10 || r == 10
		}
	}
	roll10 = roll10 && best >= p.armour-2
	for range p.mortar {
		mortarHit = mortarHit || (s.D(10) == 10 && p.mortar10)
	}
	// "if by roll 10 & MFA >= 2 or ATV > 0: apply Collateral Damage once
	// at the end of fire resolution": a vehicle the mortar's 10 destroys
	// causes it whether or not an anti-tank die destroyed it too
	// (interpretation 11).
	atKills, mortarKills := best > p.armour, mortarHit && !p.afv
	out, collateral := noEffect, mortarKills || (atKills && p.collateralATV)
	switch {
	case atKills || mortarKills:
		out = destroyed
	case p.afv && (best == p.armour || roll10 || mortarHit):
		out = shocked
	}
	unload := resolve.B2I(out != noEffect || mortarHit)
	return p.grid.Cell(out, 0, unload, resolve.B2I(mortarHit), resolve.B2I(collateral))
}

func (p *firePlan) Run(s *dice.Stream, n int, counts []uint64) {
	for range n {
		counts[p.Trial(s)]++
	}
}

func (p *firePlan) Layout() *resolve.Layout { return p.layout }

// mostRolls names the DRM flag with the most rolls: the one to cut first
// when a fire has too many.
func mostRolls(p *firePlan) string {
	switch {
	case len(p.at) >= len(p.sa) && len(p.at) >= len(p.mortar):
		return "at-drm"
	case len(p.mortar) > len(p.sa):
		return "mortar-drm"
	}
	return "sa-drm"
}
