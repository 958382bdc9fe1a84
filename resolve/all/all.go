// Package all is the registry of rule systems: the one place that lists
// them. A duplicate system or action name is a programmer error and panics
// at start-up.
package all

import (
	"odds/resolve"
	"odds/resolve/cohesion"
	"odds/resolve/opposed"
	"odds/resolve/rof"
	"odds/resolve/symbol"
)

// Systems returns every rule system, in the order odds lists them.
func Systems() []*resolve.System {
	systems := []*resolve.System{
		opposed.System(),
		rof.System(),
		symbol.System(),
		cohesion.System(),
	}
	seen := map[string]bool{}
	for _, s := range systems {
		if seen[s.Name] {
			panic("all: duplicate system " + s.Name)
		}
		seen[s.Name] = true
		actions := map[string]bool{}
		for _, a := range s.Actions {
			if actions[a.Name] {
				panic("all: duplicate action " + s.Name + " " + a.Name)
			}
			actions[a.Name] = true
		}
	}
	return systems
}
