package profiles

import (
	"strings"

	"go.yaml.in/yaml/v3"

	"odds/resolve"
)

func (p *parser) matchup(n *yaml.Node, path string) *Matchup {
	if valueOf(n, "engage") != nil {
		return p.engageMatchup(n, path)
	}
	m := &Matchup{Cards: map[string]string{}, CardPos: map[string]Pos{}, Set: map[string][]resolve.Value{}, Pos: p.pos(n)}
	have := map[string]bool{}
	var sys *resolve.System
	var act *resolve.Action
	// The system and action decide which fields exist: find them first.
	if v := valueOf(n, "system"); v != nil {
		sys = p.system(v, join(path, "system"))
	}
	if v := valueOf(n, "action"); v != nil && sys != nil {
		var names []string
		for _, a := range sys.Actions {
			names = append(names, a.Name)
		}
		if name, ok := p.choice(v, join(path, "action"), names); ok {
			act = sys.Action(name)
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
		case "system", "action":
		case "until":
			m.Until, _ = p.scalar(v, kp)
		case "then":
			if sys != nil {
				ok = p.steps(v, kp, sys, m) && ok
			}
		case "set":
			if act != nil {
				ok = p.set(v, kp, act, m) && ok
			}
		default:
			if act == nil {
				return true // reported with the action
			}
			for _, r := range act.Roles {
				if r.Name == key {
					if card, good := p.name(v, kp); good {
						m.Cards[key], m.CardPos[key] = card, p.pos(v)
					}
					return true
				}
			}
			return false
		}
		return true
	}, matchupWant(act))
	if !p.required(n, path, have, "name", "system", "action") || sys == nil || act == nil || !ok || m.Name == "" {
		return nil
	}
	if m.Until != "" && len(m.Then) == 0 {
		p.errf(valueOf(n, "until"), join(path, "until"), "a matchup's until is its sequence's goal: give its steps in then too")
		return nil
	}
	m.System, m.Action = sys.Name, act.Name
	return m
}

func matchupWant(act *resolve.Action) string {
	names := []string{"name", "system", "action", "note", "set"}
	if act != nil {
		for _, r := range act.Roles {
			names = append(names, r.Name)
		}
	}
	names = append(names, "then", "until", "engage")
	return strings.Join(names, ", ")
}

// set parses a matchup's parameter values: each a scalar (as a flag would
// take it: 3, 1..6, both, soft) or a list of them.
func (p *parser) set(n *yaml.Node, path string, act *resolve.Action, m *Matchup) bool {
	if n.Kind != yaml.MappingNode {
		p.errf(n, path, "want a mapping of parameters to values, found %s", describe(n))
		return false
	}
	var names []string
	for _, prm := range act.Params {
		names = append(names, prm.Name)
	}
	ok := true
	p.fields(n, path, func(key string, k, v *yaml.Node) bool {
		prm := act.Param(key)
		if prm == nil {
			return false
		}
		kp := join(path, key)
		items := []*yaml.Node{v}
		if v.Kind == yaml.SequenceNode {
			items = v.Content
		}
		for _, it := range items {
			vals, good := p.value(it, kp, prm)
			ok = ok && good
			m.Set[key] = append(m.Set[key], vals...)
		}
		m.SetOrder = append(m.SetOrder, key)
		return true
	}, strings.Join(names, ", "))
	return ok
}

// steps parses a matchup's sequence steps: a list of an action of the
// system and its flags, as --then takes each (the flags are read when the
// matchup runs).
func (p *parser) steps(n *yaml.Node, path string, sys *resolve.System, m *Matchup) bool {
	items := []*yaml.Node{n}
	if n.Kind == yaml.SequenceNode {
		items = n.Content
	}
	ok := true
	for _, it := range items {
		text, good := p.scalar(it, path)
		if !good {
			ok = false
			continue
		}
		words := strings.Fields(text)
		if len(words) == 0 || sys.Action(words[0]) == nil {
			var names []string
			for _, a := range sys.Actions {
				if a.Chain != nil {
					names = append(names, a.Name)
				}
			}
			p.errf(it, path, "want a step: an action of %s (%s) and its flags, found %q", sys.Name, strings.Join(names, ", "), text)
			ok = false
			continue
		}
		m.Then = append(m.Then, text)
	}
	return ok
}
