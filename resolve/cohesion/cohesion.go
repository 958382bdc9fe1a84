package cohesion

import "odds/resolve"

// System returns the d10 cohesion system.
func System() *resolve.System {
	return &resolve.System{
		Name:    "cohesion",
		Short:   "d10 + DRM vs Cohesion or armour: small arms, mortar and anti-tank fire, assault, vehicle destruction",
		Sheets:  []string{"003"},
		Actions: resolve.SectionedAll(sections, fireAction(), assaultAction(), destructionAction()),
		Card:    cardFields,
	}
}

// Nationalities with special morale: the sheet's filled circle (Japanese)
// and star (Russian). Both read the same on this sheet.
var nationalities = []string{"other", "japanese", "russian"}

// Unit kinds of a card.
var kinds = []string{"combat", "leader", "latw", "ft", "towed-gun", "non-combat", "afv", "carrier"}

const (
	kindCombat   = 0
	kindLeader   = 1
	kindTowedGun = 4
	kindAFV      = 6
	kindCarrier  = 7
)

var cardFields = []resolve.Param{
	{Name: "kind", Kind: resolve.Choice, Choices: kinds, Required: true, Usage: "unit kind"},
	{Name: "cohesion", Kind: resolve.Int, Min: 0, Max: 10, Usage: "Cohesion (units on foot; 0 for vehicles)"},
	{Name: "av", Kind: resolve.Int, Min: 0, Max: 12, Usage: "armour value (vehicles)"},
	{Name: "eav", Kind: resolve.Int, Min: 0, Max: 12, Usage: "enfilade (rear-arc) armour value (vehicles)"},
	{Name: "atv", Kind: resolve.Int, Min: -1, Max: 12, Default: -1, Usage: "anti-tank value (-1: none)"},
	{Name: "sav", Kind: resolve.Int, Min: 0, Max: 12, Usage: "small-arms value"},
	{Name: "assault-value", Kind: resolve.Int, Min: 0, Max: 12, Usage: "assault value (breaks ties of the target priority)"},
	{Name: "mv", Kind: resolve.Int, Min: 0, Max: 6, Usage: "mortar value (MFA MV)"},
	{Name: "heroic", Kind: resolve.Bool, Usage: "a heroic unit"},
	{Name: "nationality", Kind: resolve.Choice, Choices: nationalities, Usage: "special morale: japanese (filled circle) or russian (star)"},
}
