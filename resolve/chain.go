package resolve

// Chain says how an action's target carries its state from one attack to
// the next, for repeated attacks on the same target (--until OUTCOME
// --attacks N). Each system declares it beside its action, from its
// sheet; an action without one cannot be repeated, and Start refuses the
// arguments whose carrying the sheet leaves undefined.
type Chain struct {
	// Severity is the action's outcomes, most severe first: --until
	// OUTCOME is reached by an attack whose outcome is OUTCOME or one
	// listed before it.
	Severity []string
	// Start checks that the arguments can be chained and returns the
	// target's state before the first attack: a code of the system's
	// choosing. Its error names the flag and says what the sheet leaves
	// undefined.
	Start func(a Args) (int, error)
	// Attack compiles the attack on a target in state s (the arguments
	// with the state's marks set) and returns, for every cell of the
	// plan's layout, the target's state after an attack that ends in it.
	Attack func(a Args, s int) (Plan, []int, error)
	// Name names a state; End says no further attack is made on a target
	// in it (eliminated, out of action, a casualty taken).
	Name func(s int) string
	End  func(s int) bool
}

// MaxChainStates bounds the states a chain may reach: each is a plan
// compiled and, for exact answers, run.
const MaxChainStates = 64

// With returns a copy of a with parameter name set to v (a state's marks
// for the next attack of a chain).
func (a Args) With(name string, v Value) Args {
	a.check(name)
	vals := make(Values, len(a.vals)+1)
	for k, x := range a.vals {
		vals[k] = x
	}
	vals[name] = v
	a.vals = vals
	return a
}

// Without returns a copy of a with parameter name not given.
func (a Args) Without(name string) Args {
	a.check(name)
	vals := make(Values, len(a.vals))
	for k, x := range a.vals {
		if k != name {
			vals[k] = x
		}
	}
	a.vals = vals
	return a
}
