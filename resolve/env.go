package resolve

// Env is what Compile may read besides the values: the profile data in
// force, supplied by the caller so that resolve never imports profiles.
// A nil Env has no custom dice, no tables and no cards.
type Env struct {
	Dice   []DieSpec         // custom symbol dice
	Tables map[string]*Table // by name; a system's built-ins unless a profile replaces them
	Units  map[string]Values // the system's unit cards by name (a stack names several)
}

// DieSpec is a custom die: a colour with faces, each face zero or more
// symbols (the symbol system's; see System.Die). Profiles hold them
// (profiles.DieEntry) and the page's catalog lists them, as this JSON.
type DieSpec struct {
	Name     string     `json:"name"`
	Role     string     `json:"role"`
	Colour   string     `json:"colour"`
	Strength int        `json:"strength"` // order among colours: 1 is the weakest
	Faces    [][]string `json:"faces"`
}

// Die returns the die of a role and colour, or nil.
func (e *Env) Die(role, colour string) *DieSpec {
	if e == nil {
		return nil
	}
	for i := range e.Dice {
		if d := &e.Dice[i]; d.Role == role && d.Colour == colour {
			return d
		}
	}
	return nil
}

// Table is a table of a rule system given as data (a terrain chart, a
// spotting table): rows by key, each a cell per column, written as a flag
// would take a value of the table's Cell parameter.
type Table struct {
	Name string
	Rows map[string]map[string]string
	Note string
}
