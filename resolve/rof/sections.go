package rof

import "odds/resolve"

// sections are sheet 002's headings over each action's modifiers
// (Firing, Firing Modifiers, Armored Targets, Received Fire Checks,
// Moving, Artillery, Assaults, Rally Check, Leaders).
var sections = map[string]resolve.Sections{
	"fire": {
		"Firing":               {"rof", "firing-teams", "leader"},
		"Firing modifiers":     {"concealed", "long-range"},
		"Allocating hits":      {"target-teams", "small-teams", "target-small"},
		"Armored targets":      {"at", "ar"},
		"Received fire checks": {"team", "cover", "moving", "suppressed", "open-topped"},
		"Rally check":          {"rally-quality"},
	},
	"rfc": {
		"Received fire checks": {"rfp", "team", "cover", "moving", "open-topped"},
		"Suppression":          {"suppressed"},
	},
	"move": {
		"Movement distances": {"team", "distance", "leader"},
		"Road bonus":         {"drive", "road"},
		"Terrain checks":     {"terrain", "quality"},
	},
	"orders": {},
	"artillery": {
		"Artillery":            {"battery", "radius", "turns", "mortar-observing", "flank-ar"},
		"Received fire checks": {"team", "cover", "moving", "suppressed", "open-topped"},
	},
	"assault": {
		"Assaults":    {"assault", "support", "teams", "enemy-teams", "enemy", "at", "flank-ar", "cover", "open-topped"},
		"Rally check": {"suppressed", "quality", "enemy-quality"},
	},
	"rally": {
		"Rally check": {"quality", "out-of-sight"},
		"Leaders":     {"leader"},
	},
}
