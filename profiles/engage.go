package profiles

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"go.yaml.in/yaml/v3"

	"odds/resolve"
)

// engageFields are an engagement matchup's fields.
const engageFields = "name, note, engage, a, b, first, rounds, ends, simultaneous, readings"

// engageMatchup parses an engagement matchup: engage holds its two
// attacks, A's on B and B's on A, as odds engage's arguments; a and b
// each side's card (--a, --b); first, rounds, ends and simultaneous as
// odds engage's flags, readings a mapping of its reading flags to true or
// false. Each attack's system, action and flags are
// checked here, so that a mistake is named at its line and column.
func (p *parser) engageMatchup(n *yaml.Node, path string) *Matchup {
	m := &Matchup{Cards: map[string]string{}, CardPos: map[string]Pos{}, Set: map[string][]resolve.Value{}, Pos: p.pos(n), Engage: &EngageMatchup{}}
	e := m.Engage
	have := map[string]bool{}
	var acts [2]*resolve.Action
	var syss [2]*resolve.System
	if v := valueOf(n, "engage"); v != nil {
		kp := join(path, "engage")
		if v.Kind != yaml.SequenceNode || len(v.Content) != 2 {
			p.errf(v, kp, "want its two attacks, A's on B and B's on A, as a list: [opposed fire --hesa 3, opposed fire --def 2], found %s", describe(v))
		} else {
			for i, it := range v.Content {
				ip := fmt.Sprintf("%s[%d]", kp, i)
				if text, ok := p.scalar(it, ip); ok {
					syss[i], acts[i] = p.attack(it, ip, text)
					e.Attacks[i], e.AttackPos[i] = text, p.pos(it)
				}
			}
		}
	}
	ok := true
	p.fields(n, path, func(key string, k, v *yaml.Node) bool {
		have[key] = true
		kp := join(path, key)
		switch key {
		case "name":
			m.Name, _ = p.name(v, kp)
		case "note":
			m.Note, _ = p.scalar(v, kp)
		case "engage":
		case "a", "b":
			if card, good := p.name(v, kp); good {
				m.Cards[key], m.CardPos[key] = card, p.pos(v)
			} else {
				ok = false
			}
		case "first":
			e.First, _ = p.choice(v, kp, []string{"a", "b"})
			ok = ok && e.First != ""
		case "rounds":
			r, err := strconv.Atoi(v.Value)
			if v.Kind != yaml.ScalarNode || err != nil || r < 1 || r > MaxEngageRounds {
				p.errf(v, kp, "want a number of rounds, 1..%d, found %s", MaxEngageRounds, describe(v))
				ok = false
			}
			e.Rounds = r
		case "ends":
			if s, good := p.scalar(v, kp); good && acts[0] != nil && acts[0].Engage != nil {
				if !slices.Contains(acts[0].Engage.Severity, s) {
					p.errf(v, kp, "want an outcome of %s %s (%s), found %s", syss[0].Name, acts[0].Name, strings.Join(acts[0].Engage.Severity, ", "), Quote(s))
					ok = false
				}
				e.Ends = s
			}
		case "simultaneous":
			b, err := strconv.ParseBool(v.Value)
			if v.Kind != yaml.ScalarNode || err != nil {
				p.errf(v, kp, "want true or false, found %s", describe(v))
				ok = false
			}
			e.Simultaneous = b
		case "readings":
			ok = p.readings(v, kp, acts, e) && ok
		default:
			return false
		}
		return true
	}, engageFields)
	if e.Simultaneous && e.First != "" {
		p.errf(valueOf(n, "first"), join(path, "first"), "not with simultaneous: no side fires first when both fire at once")
		ok = false
	}
	if !p.required(n, path, have, "name", "engage") || acts[0] == nil || acts[1] == nil || !ok || m.Name == "" {
		return nil
	}
	if syss[0] != syss[1] && len(m.Cards) > 0 {
		p.errf(n, path, "a and b are cards of one system: both attacks must be of it (A's is %s, B's %s)", syss[0].Name, syss[1].Name)
		return nil
	}
	m.System, m.Action = syss[0].Name, acts[0].Name
	return m
}

// attack checks one side's attack of an engagement matchup, 'SYSTEM
// ACTION FLAGS': its system, an action of it that engages, and its flags
// (an action's parameter with a value it takes, or a role's card).
func (p *parser) attack(n *yaml.Node, path, text string) (*resolve.System, *resolve.Action) {
	words := strings.Fields(text)
	if len(words) < 2 {
		p.errf(n, path, "want an attack, 'SYSTEM ACTION FLAGS' (such as opposed fire --hesa 3), found %s", Quote(text))
		return nil, nil
	}
	var sys *resolve.System
	var names []string
	for _, s := range p.systems {
		names = append(names, s.Name)
		if s.Name == words[0] {
			sys = s
		}
	}
	if sys == nil {
		p.errf(n, path, "want a system (%s), found %s", strings.Join(names, ", "), Quote(words[0]))
		return nil, nil
	}
	act := sys.Action(words[1])
	if act == nil || act.Engage == nil {
		var acts []string
		for _, a := range sys.Actions {
			if a.Engage != nil {
				acts = append(acts, a.Name)
			}
		}
		if len(acts) == 0 {
			p.errf(n, path, "%s has no action that engages (docs/rules/%s.md says why)", sys.Name, sys.Name)
		} else {
			p.errf(n, path, "want an action of %s that engages (%s), found %s", sys.Name, strings.Join(acts, ", "), Quote(words[1]))
		}
		return nil, nil
	}
	good := true
	for i := 2; i < len(words); i++ {
		w := words[i]
		name, value, hasValue := strings.Cut(strings.TrimPrefix(w, "--"), "=")
		if !strings.HasPrefix(w, "--") || name == "" {
			p.errf(n, path, "want a flag of %s %s, found %s", sys.Name, act.Name, Quote(w))
			return nil, nil
		}
		prm := act.Param(name)
		isRole := false
		for _, r := range act.Roles {
			isRole = isRole || r.Name == name
		}
		if prm == nil && !isRole {
			p.errf(n, path, "%s %s has no flag --%s", sys.Name, act.Name, name)
			return nil, nil
		}
		if !hasValue && (prm == nil || prm.Kind != resolve.Bool) {
			if i+1 == len(words) {
				p.errf(n, path, "--%s needs a value", name)
				return nil, nil
			}
			i++
			value = words[i]
		} else if !hasValue {
			value = "true"
		}
		if prm != nil {
			if _, err := resolve.ParseValues(prm, value); err != nil {
				p.errf(n, path, "--%s: %v", name, err)
				good = false
			}
		} else if !nameRE().MatchString(value) {
			p.errf(n, path, "--%s: want a card's name, found %s", name, Quote(value))
			good = false
		}
	}
	if !good {
		return nil, nil
	}
	return sys, act
}

// readings parses an engagement matchup's readings: a mapping of the
// readings of A's or B's action (resolve.Engage.Readings) to true or
// false.
func (p *parser) readings(n *yaml.Node, path string, acts [2]*resolve.Action, e *EngageMatchup) bool {
	if acts[0] == nil || acts[1] == nil {
		return true // reported with the attacks
	}
	if n.Kind != yaml.MappingNode {
		p.errf(n, path, "want a mapping of readings to true or false, found %s", describe(n))
		return false
	}
	var names []string
	for _, a := range acts {
		for _, r := range a.Engage.Readings {
			if !slices.Contains(names, r.Name) {
				names = append(names, r.Name)
			}
		}
	}
	want := strings.Join(names, ", ")
	if want == "" {
		want = "none: these actions have no readings"
	}
	ok := true
	p.fields(n, path, func(key string, k, v *yaml.Node) bool {
		if !slices.Contains(names, key) {
			return false
		}
		b, err := strconv.ParseBool(v.Value)
		if v.Kind != yaml.ScalarNode || err != nil {
			p.errf(v, join(path, key), "want true or false, found %s", describe(v))
			ok = false
			return true
		}
		if e.Readings == nil {
			e.Readings = resolve.Readings{}
		}
		e.Readings[key] = b
		return true
	}, want)
	return ok
}
