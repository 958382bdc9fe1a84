package resolve

// Engage says how the two sides of an engagement (odds engage: two units
// exchange attacks until one breaks) carry their states. A side's state
// changes both how it is hit (it is the target of the other's attack)
// and how it attacks (it is the firer of its own). Each system declares
// it beside its action, from its sheet; state codes are the system's,
// shared by its actions that engage, so that one side may fire and the
// other hunt tanks.
type Engage struct {
	// Severity is the action's outcomes, most severe first: --ends
	// OUTCOME is reached by an attack whose outcome is OUTCOME or one
	// listed before it.
	Severity []string
	// Start is a side's state before the first attack, read from the
	// attack it makes (own: its firer's marks) and the attack it receives
	// (hit: its target's marks). Its error names the flag, one of hit's
	// (what the attack on the side says of it).
	Start func(own, hit Args, rd Readings) (int, error)
	// Attack compiles the attack of a firer in state firer on a target in
	// state target, and returns for every cell of the plan's layout the
	// target's state after an attack that ends in it. A nil plan: a firer
	// in that state may not attack.
	Attack func(a Args, firer, target int, rd Readings) (Plan, []int, error)
	// Activate, if set, is what happens to a side in state s as its
	// activation begins (a rally check), before it attacks: a plan whose
	// cells give its state after. A nil plan: nothing happens. own and
	// hit are as Start's.
	Activate func(own, hit Args, s int, rd Readings) (Plan, []int, error)
	// Name names a state; End says the side is out of the fight.
	Name func(s int) string
	End  func(s int) bool
	// Readings are the choices where the sheet is silent and players may
	// disagree, each a boolean flag of odds engage (off: the default
	// reading, said in docs/rules).
	Readings []Reading
	// Simultaneous says the sheet resolves both sides' attacks at once
	// (close combat): --simultaneous is allowed.
	Simultaneous bool
}

// Reading is a choice of an engagement where the sheet is silent: its
// flag's name and what it says.
type Reading struct{ Name, Usage string }

// Readings are the readings chosen for an engagement, by name.
type Readings map[string]bool
