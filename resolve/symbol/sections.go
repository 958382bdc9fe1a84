package symbol

import "odds/resolve"

// sections are the sheets' (000, 001) grouping of each action's
// modifiers: the attack pool and what adds or removes its dice, the
// defence pool and the defender's terrain and markers, the spotting
// roll, damage, and the readings the sheets leave to the players
// (Rules).
var sections = map[string]resolve.Sections{
	"fire": {
		"Attack dice":   {"attack", "range", "attacker-experience", "attack-die-minus-1", "attacker-hidden", "half-strength", "extra-attack", "fsu", "fsu-half-strength", "fire-status"},
		"Defence dice":  {"defence", "impact", "target", "defender-experience", "terrain", "hindrances", "hindrance-die", "digging-in", "dug-in", "fast-action", "hidden", "hide-action", "extra-defence", "building", "blast"},
		"Indirect fire": {"indirect", "spotter"},
		"Spotting":      {"spot", "spot-failed", "out-of-arc", "attacker-type", "auto-spotted", "sneaky-trail", "ambush", "marker-modifiers"},
		"Damage":        {"target-status", "target-half-strength", "damage-capacity"},
		"Rules":         {"cancel", "suppressed-again"},
	},
	"spot": {
		"Spotting unit":  {"attacker-type", "out-of-arc", "hindered"},
		"Target":         {"terrain", "target", "terrain-bonus", "target-fire-status", "fast-action", "delayed-action", "adjacent"},
		"Target markers": {"hidden", "hide-action", "ambush", "sneaky-trail", "marker-modifiers"},
	},
	"close-combat": {
		"Assault unit": {"attacker-*", "barbed-wire", "outflanked", "fast-action"},
		"Defence unit": {"defender-*"},
		"Terrain":      {"terrain", "fortification", "side"},
		"Rules":        {"extra-rounds", "support-reroll", "max-rounds", "cancel", "suppressed-again"},
	},
	"air":     supportSections("Air support", "aa", "aa-range", "second-run"),
	"barrage": supportSections("Off-board artillery", "arrival"),
}

// supportSections are air's and barrage's: the mission, its accuracy,
// the target, an adjacent friendly unit, a building.
func supportSections(mission string, params ...string) resolve.Sections {
	return resolve.Sections{
		mission:         params,
		"Accuracy":      {"auto-spotted", "accuracy-modifier", "delayed-action"},
		"Target":        {"defence", "target", "defender-experience", "terrain", "digging-in", "dug-in", "fast-action", "hidden", "hide-action", "extra-defence", "target-status", "target-half-strength", "damage-capacity"},
		"Building":      {"building", "blast"},
		"Friendly unit": {"friendly-*"},
		"Rules":         {"cancel", "suppressed-again"},
	}
}
