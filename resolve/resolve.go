package resolve

import (
	"context"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"odds/dice"
)

// Plan is a compiled, validated matchup. Trials return a cell: an index into
// a histogram of Layout().Cells entries. A cell stands for one combination of
// outcome and numeric results, so classification happens once per cell on
// the finished histogram, never per trial.
type Plan interface {
	// Trial resolves one attack on s and returns its cell.
	Trial(s *dice.Stream) int
	// Run resolves n trials on s and adds one to counts[cell] for each. It
	// is Trial in a loop, written out by each plan so that the loop calls
	// Trial directly (no interface call per trial).
	Run(s *dice.Stream, n int, counts []uint64)
	// Layout describes the cells.
	Layout() *Layout
}

// Exacter is implemented by plans that compute their distribution
// directly (by convolution, say) rather than by enumerating paths. It
// returns the probability of each cell, or ok=false if the plan is too
// large for it (budget is the dice paths the caller would enumerate).
// Every plan that implements it says so at compile time in its package's
// plans.go (var _ resolve.Exacter = (*firePlan)(nil)), so a changed
// signature cannot silently drop a plan back to enumeration. It looks at
// ctx between units of its work (a defence die, a round, a state) and
// returns ok=false once ctx has ended: the caller reads ctx.Err().
type Exacter interface {
	Plan
	Exact(ctx context.Context, budget int64) (prob []float64, ok bool)
}

// ExactSizer is implemented by Exacters whose tables can be large (a
// roll's kept dice: gigabytes at a thousand dice). ExactBytes is about
// the most Exact would hold, read from the plan before any table is
// made: the exact driver refuses a plan over MaxExactBytes with a
// *MemoryError instead of calling Exact.
type ExactSizer interface {
	Exacter
	ExactBytes() int64
}

// MaxExactBytes bounds the tables of one exact computation: 1 GiB, the
// bound on a run's compiled tables. A variable so that tests may lower
// it.
var MaxExactBytes int64 = 1 << 30

// MemoryError is an exact computation refused before it began: its
// tables would hold Bytes, more than Limit.
type MemoryError struct{ Bytes, Limit int64 }

func (e *MemoryError) Error() string {
	return fmt.Sprintf("the exact answer would hold about %d MB of tables, more than the %d MB one run may use", e.Bytes>>20, e.Limit>>20)
}

// ExactMethod is implemented by an Exacter whose Exact is not a
// convolution of dice distributions: it names its method as results
// report it ("markov-chain" for close combat's chain over the units'
// states).
type ExactMethod interface {
	ExactMethod() string
}

// Shared is implemented by plans whose histogram does not depend on all of
// their parameters: plans with the same DiceKey draw the same dice in the
// same way and return the same cells, and only their layouts read the
// cells differently. The opposed duels are such plans (d10 against d10,
// the modifiers shift the margin each cell stands for), so a sweep over
// their modifiers runs its dice once and reads the one histogram per cell.
type Shared interface {
	Plan
	// DiceKey names the dice and cells; keys are unique across systems.
	DiceKey() string
}

// Layout maps histogram cells to outcomes and numeric results.
type Layout struct {
	Outcomes []string // outcome names, kebab-case, in the sheet's order
	Stats    []string // numeric result names, kebab-case
	// Counts names the stats that count things (teams killed: 0, 1, 2, …),
	// whose summaries add P(at least k) for every k.
	Counts  []string
	Cells   int
	Outcome []int       // Outcome[cell]: index into Outcomes
	Values  [][]float64 // Values[stat][cell]: the numeric result
}

// Kind is the type of a parameter.
type Kind int

const (
	Int      Kind = iota // an integer within [Min, Max]
	Bool                 // true or false
	Choice               // one of Choices
	DicePool             // custom dice by colour, "green:2,blue:1" (not swept)
	Word                 // a name from data (a terrain type): lower-case, digits, dashes
)

// Param describes one input of an action. Its Name is the flag name: the
// sheet's own words in kebab-case.
type Param struct {
	Name     string
	Kind     Kind
	Default  int // for Bool 0 or 1; for Choice an index into Choices
	Optional bool
	Min, Max int
	Choices  []string
	Usage    string
	// Section is the sheet's grouping of the parameter ("Firer",
	// "Target", "Terrain"): the page groups its controls by it.
	Section string
	// Required marks a unit card field that every card must give (cards
	// only; an action parameter is required when it is not Optional).
	Required bool
	// Group names a set of alternative parameters (fire's hesa and ap):
	// giving one of them by flag discards what cards filled in for all.
	Group string
	// Terms lets an Int value be written as terms a+b+c, each within
	// Min..Max: several of a kind in one action, not a sweep (rof's
	// "--rof 4+2+2", teams of different RoF firing together; cohesion's
	// "--sa-drm 2+1", one roll per DRM). N is the total; Args.Terms gives
	// each. Compile bounds the total and the count.
	Terms bool
	// Cards marks a Word parameter whose value names unit cards (Env.Units),
	// several written a+b+c (cohesion's --stack).
	Cards bool
}

// Format renders a value of p for people and for JSON-like output.
func (p *Param) Format(v Value) string {
	switch p.Kind {
	case Bool:
		return strconv.FormatBool(v.N != 0)
	case Choice:
		return p.Choices[v.N]
	case DicePool:
		return v.Pool.String()
	case Word:
		return v.Word
	}
	if len(v.Terms) > 1 {
		parts := make([]string, len(v.Terms))
		for i, t := range v.Terms {
			parts[i] = strconv.Itoa(t)
		}
		return strings.Join(parts, "+")
	}
	return strconv.Itoa(v.N)
}

// Display is a value of p as JSON shows it: a number, a boolean or a
// string.
func (p *Param) Display(v Value) any {
	switch p.Kind {
	case Bool:
		return v.N != 0
	case Choice, DicePool, Word:
		return p.Format(v)
	}
	if len(v.Terms) > 1 {
		return p.Format(v) // "4+2+2"
	}
	return v.N
}

// Action is one thing a player can ask of a system.
type Action struct {
	Name    string
	Short   string
	Sheet   string // where on the sheet the rules are
	Params  []Param
	Outcome []string // outcome names, for listings
	Stats   []string // numeric result names, for listings
	// Notes say what an outcome means where its name cannot (a table row
	// named by its range), by outcome name; tables show them beside it.
	Notes map[string]string
	// Note says what holds whatever the outcome (a table's cells that
	// span all its rows); tables show it once, under the outcomes' notes.
	Note string
	// Examples are whole command lines that run as they are, shown in the
	// action's help (a test runs every one).
	Examples []string
	// Compile validates the arguments (already within each Param's
	// bounds) and returns the plan. Its errors name the flags at fault.
	Compile func(a Args) (Plan, error)
	// Bytes, if set, estimates from the arguments what the compiled plan
	// will hold, without compiling it (0: no estimate, or arguments
	// Compile will refuse): the run's memory bound refuses a point that
	// would not fit before its tables are made.
	Bytes func(a Args) int64
	// Chain, if set, says how the target's state carries into the next
	// attack on it (--until, --attacks: chain.go).
	Chain *Chain
	// Engage, if set, says how the two sides of an engagement carry their
	// states (odds engage: engage.go).
	Engage *Engage
	// Headline lists the outcomes a player asks about first, in order:
	// the sheet's most severe result for the target first (for a rally,
	// its success). Every default figure (sensitivity, sweep plots, heat
	// maps, matrices) is the first of them that can happen (HeadlineOf).
	// nil: the Chain's severity order, else the outcomes in order.
	Headline []string
	// Roles are the unit cards the action takes (--attacker NAME, …), and
	// FromCards turns the cards given into parameter values. given holds
	// the values given by flag or matchup for the grid cell being filled,
	// so that a card can be read by them (fire's --target); a card that
	// cannot be read without one more flag is an error naming that flag.
	Roles     []Role
	FromCards func(c Cards, given Args) ([]Filled, error)
}

// HeadlineOf is the action's headline outcome where its outcomes have
// probabilities p: the first of Headline (or the Chain's severity order)
// that can happen (p > 0), else the first outcome that can; an outcome
// that cannot happen is never the default while one can.
func (a *Action) HeadlineOf(outcomes []string, p []float64) string {
	order := a.Headline
	if order == nil && a.Chain != nil {
		order = a.Chain.Severity
	}
	for _, name := range order {
		if i := slices.Index(outcomes, name); i >= 0 && p[i] > 0 {
			return name
		}
	}
	for i, name := range outcomes {
		if p[i] > 0 {
			return name
		}
	}
	if len(order) > 0 && slices.Contains(outcomes, order[0]) {
		return order[0]
	}
	return outcomes[0]
}

// Role is a unit card an action takes: its name is the flag (attacker,
// defender or unit).
type Role struct {
	Name  string
	Usage string
}

// Cards are the unit cards of one matchup by role, read through the
// system's card fields (System.Card).
type Cards map[string]*Args

// Filled is a parameter value taken from the card of a role.
type Filled struct {
	Param string
	Value Value
	Role  string
}

// CardField returns the named unit card field of s, or nil.
func (s *System) CardField(name string) *Param {
	for i := range s.Card {
		if s.Card[i].Name == name {
			return &s.Card[i]
		}
	}
	return nil
}

// Param returns the parameter with the given name, or nil.
func (a *Action) Param(name string) *Param {
	i := slices.IndexFunc(a.Params, func(p Param) bool { return p.Name == name })
	if i < 0 {
		return nil
	}
	return &a.Params[i]
}

// Defaults returns the values of every non-optional parameter at its default.
func (a *Action) Defaults() Values {
	v := Values{}
	for _, p := range a.Params {
		if !p.Optional {
			v[p.Name] = Value{N: p.Default}
		}
	}
	return v
}

// Args returns v read through the action's parameters, with env.
func (a *Action) Args(v Values, env *Env) Args { return Args{vals: v, params: a.Params, Env: env} }

// System is a rule system: a set of actions modelled from one or more sheets.
type System struct {
	Name    string
	Short   string
	Sheets  []string
	Actions []*Action
	// Card lists the fields of this system's unit cards, with their kinds
	// and bounds; Required ones must be given, the rest take Default.
	Card []Param
	// Die describes the system's custom dice, if it rolls any: profiles
	// hold the dice and check them against it.
	Die *DieSchema
	// Tables are the tables of the system's sheets given as data
	// (profiles hold them, built-in and user-edited).
	Tables []TableSchema
}

// DieSchema describes a system's custom dice.
type DieSchema struct {
	Symbols            []string // what a face may show, strongest first
	Roles              []string // what a die is for (attack, defence)
	Colours            []string // the colours dice come in
	MinFaces, MaxFaces int
	MaxSymbols         int // on one face
}

// TableSchema describes a table given as data: its rows are keyed by
// names (terrain types, unit types), each row has a cell per column, and
// every cell reads as a value of Cell.
type TableSchema struct {
	Name    string
	Usage   string
	Columns []string
	Cell    Param
}

// Table returns the schema of the named table, or nil.
func (s *System) Table(name string) *TableSchema {
	for i := range s.Tables {
		if s.Tables[i].Name == name {
			return &s.Tables[i]
		}
	}
	return nil
}

// CardArgs returns a card's values read through the system's card fields.
func (s *System) CardArgs(v Values) Args { return Args{vals: v, params: s.Card} }

// Action returns the action with the given name, or nil.
func (s *System) Action(name string) *Action {
	for _, a := range s.Actions {
		if a.Name == name {
			return a
		}
	}
	return nil
}

// FlagError is an error in the value of one parameter. Its message reads
// "--name: msg".
type FlagError struct {
	Flag string
	Msg  string
}

func (e *FlagError) Error() string { return "--" + e.Flag + ": " + e.Msg }

// Errorf returns a FlagError for the named flag.
func Errorf(flag, format string, args ...any) error {
	return &FlagError{Flag: flag, Msg: fmt.Sprintf(format, args...)}
}

// NewLayout builds a Layout of n cells. classify is called once per cell
// with a zeroed slice to fill with that cell's numeric results (one per
// stat) and returns the cell's outcome index.
func NewLayout(outcomes, stats []string, n int, classify func(cell int, values []float64) int) *Layout {
	l := &Layout{Outcomes: outcomes, Stats: stats, Cells: n, Outcome: make([]int, n), Values: make([][]float64, len(stats))}
	for i := range l.Values {
		l.Values[i] = make([]float64, n)
	}
	vals := make([]float64, len(stats))
	for c := range n {
		clear(vals) // a classifier that sets only some values leaves the rest 0
		l.Outcome[c] = classify(c, vals)
		for i, v := range vals {
			l.Values[i][c] = v
		}
	}
	return l
}

// NewPlan returns the plan whose Trial is trial over layout's cells; its
// Run is Trial in a loop. Plans with a batch kernel (a whole Run in one
// dice call) or their own exact method write their own type instead.
func NewPlan(layout *Layout, trial func(s *dice.Stream) int) Plan {
	return &funcPlan{trial: trial, layout: layout}
}

type funcPlan struct {
	trial  func(s *dice.Stream) int
	layout *Layout
}

func (p *funcPlan) Trial(s *dice.Stream) int { return p.trial(s) }

func (p *funcPlan) Run(s *dice.Stream, n int, counts []uint64) {
	t := p.trial
	for range n {
		counts[t(s)]++
	}
}

func (p *funcPlan) Layout() *Layout { return p.layout }

// IntNames names integer outcomes lo..hi by their values.
func IntNames(lo, hi int) []string {
	n := make([]string, 0, hi-lo+1)
	for v := lo; v <= hi; v++ {
		n = append(n, strconv.Itoa(v))
	}
	return n
}
