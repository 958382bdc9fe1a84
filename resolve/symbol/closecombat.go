package symbol

import (
	"strconv"
	"strings"

	"odds/resolve"
)

// Close combat (sheet 001, Close Combat Aid 11.0): rounds of crosswise
// rolls between the assault unit (--attacker) and the defence unit
// (--defender) until one is eliminated, falls back or withdraws, or the
// round cap is reached.

var ccOutcomes = []string{"attacker-holds", "defender-holds", "attacker-withdrew", "defender-withdrew", "both-eliminated", "both-leave", "both-remain"}

const (
	attackerHolds = iota
	defenderHolds
	attackerWithdrew
	defenderWithdrew
	bothEliminated
	bothLeave
	bothRemain
)

var ccStats = []string{"rounds", "attacker-damage", "defender-damage"}

// Sides attacked from (11.1.3: a fortification's bonus, a vehicle's area
// of attack 11.3).
var sides = []string{"front", "flank", "rear"}

// When a support re-roll may be used (11.1.2, 11.1.3: "once").
var supportRerolls = []string{"once", "every-round"}

// When the extra dice of command cards and special abilities are rolled.
var extraRounds = []string{"every-round", "initial"}

const maxRoundsCap = 50

func closeCombatAction() *resolve.Action {
	pool := func(name, usage string) resolve.Param {
		return resolve.Param{Name: name, Kind: resolve.DicePool, Optional: true, Usage: usage}
	}
	withdraw := func(side string) resolve.Param {
		return resolve.Param{Name: side + "-withdraw", Kind: resolve.Word, Optional: true,
			Usage: "when the " + side + " withdraws: never (unless given), when-losing (more of its damage capacity lost than the enemy), after-N (after round N)"}
	}
	return &resolve.Action{
		Name:  "close-combat",
		Short: "close combat: crosswise attack and defence rolls, round after round, until one side is gone",
		Sheet: "001: Close Combat Aid (11.0): round procedure, attack dice (11.1.2), defense dice (11.1.3)",
		Examples: []string{
			"odds symbol close-combat --attacker rifle-squad --defender mg-team",
			"odds symbol close-combat --attacker tank --defender mg-team --outflanked",
			"odds symbol close-combat --attacker mg-team --defender at-gun --terrain hill",
			"odds symbol close-combat --attacker tank --defender tank --max-rounds 3",
		},
		Outcome: ccOutcomes,
		Stats:   ccStats,
		Notes: map[string]string{
			"attacker-holds":    "the defence unit eliminated or fell back",
			"defender-holds":    "the assault unit eliminated or fell back",
			"both-leave":        "both gone, at least one by a fallback",
			"both-remain":       "undecided at --max-rounds: the mass beyond the cap",
			"attacker-withdrew": "the assault unit withdrew (--attacker-withdraw)",
			"defender-withdrew": "the defence unit withdrew (--defender-withdraw)",
		},
		Params: []resolve.Param{
			pool("attacker-attack", "the assault unit's attack dice (else its card's close-range dice)"),
			pool("attacker-defence", "the assault unit's defence dice (else its card's front dice)"),
			resolve.OptChoice("attacker-type", unitTypes, "the assault unit's type (else its card's)"),
			resolve.ChoiceParam("attacker-experience", experience, regular, "veteran and elite: a blue attack die; hardened and up: a blue defence die"),
			resolve.IntParam("attacker-capacity", 1, 6, 1, "damage points that flip the assault unit to half strength (twice that eliminate it)"),
			resolve.BoolParam("attacker-half-strength", "the assault unit starts at half strength: a double face counts its strongest symbol only"),
			resolve.BoolParam("attacker-supported", "the assault unit is supported: it re-rolls its weakest attack die"),
			resolve.BoolParam("barbed-wire", "the assault crosses barbed wire or a stone wall: the weakest attack die is lost in round one"),
			resolve.BoolParam("outflanked", "the assault comes from outside the defender's arc of fire: one attack re-roll in round one"),
			resolve.BoolParam("fast-action", "the assault unit moved in with fast action: its weakest defence die is lost in round one (keeps one)"),
			pool("attacker-extra-attack", "attack dice the assault unit's command card or special ability adds"),
			pool("attacker-extra-defence", "defence dice the assault unit's command card or special ability adds"),
			pool("defender-attack", "the defence unit's attack dice (else its card's close-range dice)"),
			pool("defender-defence", "the defence unit's defence dice (else its card's, for --side if a vehicle, front otherwise)"),
			resolve.OptChoice("defender-type", unitTypes, "the defence unit's type (else its card's)"),
			resolve.ChoiceParam("defender-experience", experience, regular, "veteran and elite: a blue attack die; hardened and up: a blue defence die"),
			resolve.IntParam("defender-capacity", 1, 6, 1, "damage points that flip the defence unit to half strength (twice that eliminate it)"),
			resolve.BoolParam("defender-half-strength", "the defence unit starts at half strength"),
			resolve.BoolParam("defender-supported", "the defence unit is supported: it re-rolls its weakest defence die"),
			resolve.BoolParam("defender-activated", "the defence unit was already activated: half its success symbols count in round one (half strength: also its weakest attack die is lost)"),
			resolve.BoolParam("defender-hide-action", "the defence unit's action marker is a hide action: no activated penalty"),
			resolve.BoolParam("defender-suppressed", "the defence unit is suppressed: it cannot attack in round one"),
			pool("defender-extra-attack", "attack dice the defence unit's command card or special ability adds"),
			pool("defender-extra-defence", "defence dice the defence unit's command card or special ability adds"),
			resolve.ChoiceParam("extra-rounds", extraRounds, 0, "the --*-extra-* dice are rolled in every round, or in the initial round only"),
			resolve.BoolParam("defender-immobilized", "the defence unit is an immobilized vehicle: the assault unit re-rolls a die every round and outflanks it"),
			{Name: "terrain", Kind: resolve.Word, Optional: true, Usage: "the target hex's terrain: a row of the terrain table"},
			{Name: "fortification", Kind: resolve.Word, Optional: true, Usage: "the defender's fortification: a row of the fortification table"},
			resolve.ChoiceParam("side", sides, 0, "the side the assault comes from: a fortification's bonus, a vehicle defender's dice"),
			resolve.ChoiceParam("support-reroll", supportRerolls, 0, "a support re-roll is used once (round one) or in every round"),
			withdraw("attacker"),
			withdraw("defender"),
			resolve.IntParam("max-rounds", 1, maxRoundsCap, 20, "rounds before the fight is called undecided (both-remain)"),
			resolve.ChoiceParam("cancel", cancelRules, sameKind, "how defence symbols cancel: same-kind, or kind-or-weaker"),
			resolve.ChoiceParam("suppressed-again", []string{"fallback", "stays"}, 0, "a suppressed unit suppressed again falls back, or stays suppressed"),
		},
		Roles: []resolve.Role{
			{Name: "attacker", Usage: "assault unit's card"},
			{Name: "defender", Usage: "defence unit's card"},
		},
		FromCards: ccFromCards,
		Compile:   compileCloseCombat,
		Chain:     closeCombatChain(),
	}
}

func ccFromCards(c resolve.Cards, given resolve.Args) ([]resolve.Filled, error) {
	var f resolve.Fill
	for _, role := range []string{"attacker", "defender"} {
		u := c[role]
		if u == nil {
			continue
		}
		f.SetPool(role+"-attack", u.Pool("attack-close"), role)
		impact := "front"
		if role == "defender" && u.Int("type") == vehicle {
			impact = sides[given.Int("side")] // 11.3: a vehicle's area of attack
		}
		f.SetPool(role+"-defence", u.Pool("defence-"+impact), role)
		f.Set(role+"-type", u.Int("type"), role)
		f.Set(role+"-experience", u.Int("experience"), role)
		f.Set(role+"-capacity", u.Int("damage-capacity"), role)
	}
	return f, nil
}

// policy is a withdraw policy: never (-1), when losing (0), or after
// round N (N > 0).
type policy int

const (
	never      policy = -1
	whenLosing policy = 0
)

func parsePolicy(v resolve.Args, flag string) (policy, error) {
	w := v.Word(flag)
	switch {
	case w == "" || w == "never":
		return never, nil
	case w == "when-losing":
		return whenLosing, nil
	case strings.HasPrefix(w, "after-"):
		n, err := strconv.Atoi(strings.TrimPrefix(w, "after-"))
		if err == nil && n >= 1 && n <= maxRoundsCap {
			return policy(n), nil
		}
	}
	return 0, resolve.Errorf(flag, "want never, when-losing or after-N (N 1..%d), got %q", maxRoundsCap, w)
}

// withdraws reports whether a side with policy p, in state own against
// other, leaves after the given round.
func (p policy) withdraws(round int, own state, ownT target, other state, otherT target) bool {
	switch {
	case p == never:
		return false
	case p == whenLosing:
		return own.hits*otherT.capacity > other.hits*ownT.capacity
	}
	return round >= int(p)
}
