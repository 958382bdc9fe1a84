package cohesion

import "odds/resolve"

// sections are sheet 003's grouping of each action's modifiers: the
// fire's DRMs and the target (unit or vehicle), the assault's cohesion
// difference, its DRM lines and the cases resolved at once, and the
// destruction attempt's friendly-unit and vehicle lines.
var sections = map[string]resolve.Sections{
	"fire": {
		"Fire":           {"sa-drm", "mortar-drm", "at-drm", "mv", "atv"},
		"Target unit":    {"cohesion", "stack", "concealed", "disrupted", "heroic", "nationality", "rider", "leader-cohesion"},
		"Target vehicle": {"av", "eav", "rear", "afv"},
	},
	"assault": {
		"Cohesion difference": {"drm", "attacker-cohesion", "defender-cohesion", "no-combat-unit"},
		"Assault DRMs":        {"urban", "uphill", "concealed", "ip", "fragmented", "vehicle-in-motion", "regrouping", "heroic-vs-fp", "envelopment", "latw", "ft"},
		"Resolved at once":    {"immediate", "attacker-atv", "defender-atv"},
	},
	"vehicle-destruction": {
		"Total DRM":     {"drm"},
		"Friendly unit": {"squad", "anti-tank", "heroic-or-armoured"},
		"Vehicle":       {"cover", "carrier-or-shocked", "sunken-road", "in-motion"},
	},
}
