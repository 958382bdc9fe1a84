package resolve

// Constructors for the parameters systems declare.

// IntParam is an integer parameter lo..hi with a default.
func IntParam(name string, lo, hi, def int, usage string) Param {
	return Param{Name: name, Kind: Int, Min: lo, Max: hi, Default: def, Usage: usage}
}

// OptInt is an optional integer parameter lo..hi: absent unless given.
func OptInt(name string, lo, hi int, usage string) Param {
	return Param{Name: name, Kind: Int, Min: lo, Max: hi, Optional: true, Usage: usage}
}

// BoolParam is a boolean parameter, false by default.
func BoolParam(name, usage string) Param {
	return Param{Name: name, Kind: Bool, Usage: usage}
}

// ChoiceParam is one of choices, choices[def] by default.
func ChoiceParam(name string, choices []string, def int, usage string) Param {
	return Param{Name: name, Kind: Choice, Choices: choices, Default: def, Usage: usage}
}

// OptChoice is an optional choice: absent unless given.
func OptChoice(name string, choices []string, usage string) Param {
	return Param{Name: name, Kind: Choice, Choices: choices, Optional: true, Usage: usage}
}

// B2I is 1 for true and 0 for false.
func B2I(b bool) int {
	if b {
		return 1
	}
	return 0
}

// Fill collects parameter values taken from cards (Action.FromCards).
type Fill []Filled

// Set records that param takes v from the card of role.
func (f *Fill) Set(param string, v int, role string) {
	*f = append(*f, Filled{Param: param, Value: Value{N: v}, Role: role})
}

// SetPool records that param takes the pool p from the card of role.
func (f *Fill) SetPool(param string, p PoolSpec, role string) {
	*f = append(*f, Filled{Param: param, Value: Value{Pool: p}, Role: role})
}

// InSection puts parameters in a section of the sheet (Param.Section):
// the sheet's own grouping of its modifiers, which the page follows.
func InSection(section string, ps ...Param) []Param {
	for i := range ps {
		ps[i].Section = section
	}
	return ps
}
