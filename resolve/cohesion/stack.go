package cohesion

import (
	"slices"
	"strings"

	"odds/resolve"
)

// member is one unit of a stack: its card and its status.
type member struct {
	name                       string
	card                       resolve.Args
	concealed, disrupted, rode bool
}

// Statuses a stack member may be written with (name:status).
var memberStatuses = []string{"concealed", "disrupted", "rider"}

// parseStack reads "a+b:concealed+c" against the system's cards.
func parseStack(env *resolve.Env, stack string) ([]member, error) {
	var out []member
	for _, item := range strings.Split(stack, "+") {
		parts := strings.Split(item, ":")
		m := member{name: parts[0]}
		var vals resolve.Values
		ok := env != nil
		if ok {
			vals, ok = env.Units[m.name]
		}
		if !ok {
			var names []string
			if env != nil {
				for n := range env.Units {
					names = append(names, n)
				}
			}
			return nil, resolve.Errorf("stack", "no cohesion unit card %q%s", m.name, resolve.Closest(m.name, names, ""))
		}
		m.card = System().CardArgs(vals)
		for _, st := range parts[1:] {
			switch st {
			case "concealed":
				m.concealed = true
			case "disrupted":
				m.disrupted = true
			case "rider":
				m.rode = true
			default:
				return nil, resolve.Errorf("stack", "%s: want a status among %s, got %q", item, strings.Join(memberStatuses, ", "), st)
			}
		}
		out = append(out, m)
	}
	return out, nil
}

// priority is a member's rank for small-arms and mortar fire (13.1.3),
// lower first: unconcealed undisrupted combat units, concealed undisrupted
// combat units, disrupted combat units, non-combat units. Vehicles are
// not chosen (anti-tank fire names its vehicle), nor riders and passengers
// under mortar fire: -1.
func (m member) priority(mortar bool) int {
	switch k := m.card.Int("kind"); {
	case k == kindAFV || k == kindCarrier || (mortar && m.rode):
		return -1
	case k != kindCombat && k != kindTowedGun:
		return 3
	case m.disrupted:
		return 2
	case m.concealed:
		return 1
	}
	return 0
}

// fromStack chooses the target of small-arms and mortar fire in a stack:
// the best priority, then the best Cohesion, then the best assault value,
// then the best SAV, then at random among those still tied.
func (p *firePlan) fromStack(v resolve.Args) error {
	for _, flag := range []string{"cohesion", "av", "eav", "leader-cohesion"} {
		if v.Has(flag) {
			return resolve.Errorf(flag, "give the --stack or one target's flags, not both")
		}
	}
	for _, flag := range []string{"concealed", "disrupted", "heroic", "rider", "afv", "rear"} {
		if v.Bool(flag) {
			return resolve.Errorf(flag, "give the --stack or one target's flags, not both (a member's status: name:%s)", flag)
		}
	}
	if v.Int("nationality") != 0 {
		return resolve.Errorf("nationality", "a stack's nationalities come from its cards")
	}
	if len(p.at) > 0 {
		return resolve.Errorf("at-drm", "anti-tank fire names its vehicle: give its --av (or --defender CARD), not a --stack")
	}
	stack, err := parseStack(v.Env, v.Word("stack"))
	if err != nil {
		return err
	}
	key := func(m member) [4]int {
		return [4]int{m.priority(len(p.mortar) > 0), -m.card.Int("cohesion"), -m.card.Int("assault-value"), -m.card.Int("sav")}
	}
	var best []member
	var top [4]int
	for _, m := range stack {
		if m.priority(len(p.mortar) > 0) < 0 {
			continue
		}
		switch k := key(m); {
		case len(best) == 0 || slices.Compare(k[:], top[:]) < 0:
			best, top = []member{m}, k
		case slices.Compare(k[:], top[:]) == 0:
			best = append(best, m)
		}
	}
	if len(best) == 0 {
		return resolve.Errorf("stack", "no unit of the stack can be chosen: vehicles take anti-tank fire, riders are not chosen by mortars")
	}
	for _, m := range best {
		marked := m.card.Int("nationality") != 0
		u := unit{cohesion: m.card.Int("cohesion"), concealed: m.concealed, rider: m.rode, checks: !marked,
			casualtyOver: m.card.Bool("heroic") || marked || m.disrupted}
		// FFAR -1 if stacked with its undisrupted platoon leader of
		// higher Cohesion.
		for _, l := range stack {
			if l.card.Int("kind") == kindLeader && !l.disrupted && l.card.Int("cohesion") > u.cohesion {
				u.leaderAdj = 1
			}
		}
		p.units = append(p.units, u)
	}
	return nil
}
