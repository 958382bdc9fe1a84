package opposed

// Hand-to-Hand Combat; Tank Overrun; the Close Combat Result table.

import (
	"strings"

	"odds/resolve"
)

// combatBand is the Close Combat Result table applied to whichever side
// loses; a tie is a draw.
func combatBand(m int) int {
	switch {
	case m <= -5:
		return 0
	case m <= -3:
		return 1
	case m <= -1:
		return 2
	case m == 0:
		return 3
	case m <= 2:
		return 4
	case m <= 4:
		return 5
	}
	return 6
}

// fighter is one side of a close combat: its HESA (or 4 for CSW and Cmd
// elements), commander and quality, and +2 for engineers where the table
// has that line (hand-to-hand, not the tank overrun's defender).
func fighter(v resolve.Args, side string, engineers bool) (int, error) {
	elem := v.Int(side + "-element")
	hesaFlag := side + "-hesa"
	score := 4
	switch {
	case elem == elemCSW || elem == elemCmd:
		if v.Has(hesaFlag) {
			return 0, resolve.Errorf(hesaFlag, "a %s element fights at 4, not its HESA (drop --%s or change --%s-element)",
				elementChoices[elem], hesaFlag, side)
		}
	case !v.Has(hesaFlag):
		return 0, resolve.Errorf(hesaFlag, "the %s needs its HESA (or --%s-element csw|cmd, which fight at 4)", side, side)
	default:
		score = v.Int(hesaFlag)
	}
	score += v.Int(side+"-quality") + resolve.B2I(v.Bool(side+"-commander"))
	if engineers && elem == elemEng {
		score += 2
	}
	return score, nil
}

// sideParams are one side of a close combat; elements says what the
// element types do in this table.
func sideParams(side, elements string) []resolve.Param {
	return resolve.InSection(strings.ToUpper(side[:1])+side[1:], // the sheet's "The attacker rolls 1d10 and adds"
		resolve.OptInt(side+"-hesa", 0, maxStat, side+"'s HESA value (not for csw or cmd elements, which use 4)"),
		resolve.ChoiceParam(side+"-element", elementChoices, elemInf, side+"'s element type: "+elements),
		resolve.BoolParam(side+"-commander", "a commander within 4 of the "+side+" (+1)"),
		qualityParam(side+"-quality", side),
	)
}

func meleeAction() *resolve.Action {
	params := append(sideParams("attacker", "inf, eng (+2), cav (+2 initiating), csw or cmd (fight at 4), other"),
		sideParams("defender", "inf, eng (+2), cav, csw or cmd (fight at 4), other")...)
	params = append(params, resolve.InSection("Attacker",
		resolve.BoolParam("smoke", "an inf or eng attacker attacks through smoke (+1 attacker)"))...)
	params = append(params, resolve.InSection("Defender",
		resolve.ChoiceParam("cover", coverChoices, coverNone, "defender's cover: soft (+1) or hard (+2)"))...)
	return &resolve.Action{
		Name: "melee",
		Examples: []string{
			"odds opposed melee --attacker-hesa 3 --defender-hesa 2 --cover soft",
			"odds opposed melee --attacker engineer-section --defender company-hq --smoke",
			"odds opposed fire --hesa 3 --def 1 --until out-of-action \\\n      --then 'melee --attacker-hesa 3 --defender-hesa 1'",
			"odds opposed fire --hesa 3 --def 1 --then 'fire --hesa 2 --def 1' \\\n      --then 'overrun --defender-hesa 1' --until out-of-action",
		},
		Short:    "hand-to-hand combat: attacker d10+HESA vs defender d10+HESA",
		Sheet:    "004: Hand-to-Hand Combat; Close Combat Result",
		Outcome:  combatOutcomes,
		Headline: combatHeadline,
		Stats:    marginStats,
		Params:   params,
		Compile:  compileMelee,
		Chain:    independentChain(compileMelee, combatSeverity, "defender-out-of-action"),
		Roles:    twoRoles,
		FromCards: func(c resolve.Cards, _ resolve.Args) ([]resolve.Filled, error) {
			var f fill
			f.fighterFromCard(c["attacker"], "attacker")
			f.fighterFromCard(c["defender"], "defender")
			return f.Fill, nil
		},
	}
}

func overrunAction() *resolve.Action {
	params := append(resolve.InSection("Attacker", qualityParam("attacker-quality", "overrunning tank")),
		sideParams("defender", "csw or cmd fight at 4, the rest at their HESA (engineers get no +2 here)")...)
	return &resolve.Action{
		Name: "overrun",
		Examples: []string{
			"odds opposed overrun --defender-hesa 3 --defender-commander",
			"odds opposed overrun --attacker medium-tank --defender mg-team",
		},
		Short:    "tank overrun: attacker d10+8 vs defender d10+HESA",
		Sheet:    "004: Tank Overrun; Close Combat Result",
		Outcome:  combatOutcomes,
		Headline: combatHeadline,
		Stats:    marginStats,
		Params:   params,
		Compile:  compileOverrun,
		Chain:    independentChain(compileOverrun, combatSeverity, "defender-out-of-action"),
		Roles:    twoRoles,
		FromCards: func(c resolve.Cards, _ resolve.Args) ([]resolve.Filled, error) {
			var f fill
			if a, ok := c["attacker"]; ok {
				f.Set("attacker-quality", a.Int("quality"), "attacker")
			}
			f.fighterFromCard(c["defender"], "defender")
			return f.Fill, nil
		},
	}
}

// compileMelee is hand-to-hand combat.
func compileMelee(v resolve.Args) (resolve.Plan, error) {
	att, err := fighter(v, "attacker", true)
	if err != nil {
		return nil, err
	}
	def, err := fighter(v, "defender", true)
	if err != nil {
		return nil, err
	}
	switch elem := v.Int("attacker-element"); {
	case elem == elemCav:
		att += 2 // cavalry that initiate close combat
	case v.Bool("smoke") && (elem == elemInf || elem == elemEng):
		att++
	}
	def += v.Int("cover") // soft +1, hard +2: the choice index is the bonus
	return sharedDuel(combatOutcomes, 0, att-def, combatBand), nil
}

// compileOverrun is a tank overrun.
func compileOverrun(v resolve.Args) (resolve.Plan, error) {
	def, err := fighter(v, "defender", false) // no engineer line in the overrun table
	if err != nil {
		return nil, err
	}
	att := 8 + v.Int("attacker-quality")
	return sharedDuel(combatOutcomes, 0, att-def, combatBand), nil
}

// combatSeverity is a close combat's outcomes for the defender (the
// target of a chain), most severe first.
var combatSeverity = []string{"defender-out-of-action", "defender-suppressed", "defender-fall-back", "draw",
	"attacker-fall-back", "attacker-suppressed", "attacker-out-of-action"}
