package answer

import (
	"slices"

	"odds/cmd/internal/query"
	"odds/profiles"
	"odds/resolve"
	"odds/sim"
)

// Catalog is what the page builds its controls from: every system, its
// actions and their parameters (names, kinds, bounds, defaults, the
// sheet's sections), the card fields and dice schema, and the unit
// cards and dice in force.
type Catalog struct {
	Version string                       `json:"version"`
	Systems []SystemDoc                  `json:"systems"`
	Cards   map[string][]CardDoc         `json:"cards"`
	Dice    map[string][]resolve.DieSpec `json:"dice"`
	Roll    RollInfo                     `json:"roll"`
	Runs    []ParamDoc                   `json:"run"`
}

// SystemDoc is one rule system.
type SystemDoc struct {
	Name    string             `json:"name"`
	Short   string             `json:"short"`
	Sheets  []string           `json:"sheets"`
	Actions []ActionDoc        `json:"actions"`
	Card    []ParamDoc         `json:"card"`
	Die     *resolve.DieSchema `json:"die,omitempty"`
}

// ActionDoc is one action of a system.
type ActionDoc struct {
	Name     string            `json:"name"`
	Short    string            `json:"short"`
	Sheet    string            `json:"sheet"`
	Roles    []RoleDoc         `json:"roles"`
	Params   []ParamDoc        `json:"params"`
	Outcomes []string          `json:"outcomes"`
	Stats    []string          `json:"stats"`
	Notes    map[string]string `json:"notes,omitempty"`
	Note     string            `json:"note,omitempty"` // what holds whatever the outcome
	// Until is what a repeated attack may wait for (until=OUTCOME), most
	// severe first: the action's chain's outcomes; absent where the sheet
	// does not say how the target's state carries (the API refuses until=).
	Until []string `json:"until,omitempty"`
	// Engage is how the action takes part in an engagement (the engage
	// op, odds engage); absent where it does not.
	Engage *EngageDoc `json:"engage,omitempty"`
}

// EngageDoc is what an engagement of an action may be asked: the
// outcomes it may end at (ends=OUTCOME), most severe first, the readings
// where its sheet is silent (each a boolean key), and whether its sheet
// resolves both sides at once (simultaneous).
type EngageDoc struct {
	Ends         []string  `json:"ends"`
	Readings     []RoleDoc `json:"readings,omitempty"`
	Simultaneous bool      `json:"simultaneous,omitempty"`
}

// RoleDoc is a card role of an action (its query key).
type RoleDoc struct {
	Name  string `json:"name"`
	Usage string `json:"usage"`
}

// ParamDoc is one parameter (its query key) as the page shows it. Its
// flags (optional, terms, cards, required) are given only when true: the
// page's catalog, sent on a first visit, is the smaller for it.
type ParamDoc struct {
	Name     string   `json:"name"`
	Kind     string   `json:"kind"` // int, bool, choice, word or dice
	Min      int      `json:"min"`
	Max      int      `json:"max"`
	Default  any      `json:"default"` // a number, a boolean, a string, or null (optional)
	Choices  []string `json:"choices,omitempty"`
	Usage    string   `json:"usage"`
	Section  string   `json:"section,omitempty"`
	Group    string   `json:"group,omitempty"`
	Optional bool     `json:"optional,omitempty"`
	Terms    bool     `json:"terms,omitempty"`
	Cards    bool     `json:"cards,omitempty"`
	Required bool     `json:"required,omitempty"` // a card field every card must give
}

// CardDoc is a unit card in force: its fields by name, as text.
type CardDoc struct {
	Name   string            `json:"name"`
	Note   string            `json:"note,omitempty"`
	Source string            `json:"source"`
	Fields map[string]string `json:"fields"`
}

// RollInfo describes the roll op: its one parameter.
type RollInfo struct {
	Params []ParamDoc `json:"params"`
}

var kindNames = map[resolve.Kind]string{resolve.Int: "int", resolve.Bool: "bool", resolve.Choice: "choice", resolve.DicePool: "dice", resolve.Word: "word"}

func paramDoc(p *resolve.Param) ParamDoc {
	d := ParamDoc{Name: p.Name, Kind: kindNames[p.Kind], Min: p.Min, Max: p.Max, Choices: p.Choices, Usage: p.Usage,
		Section: p.Section, Group: p.Group, Optional: p.Optional, Terms: p.Terms, Cards: p.Cards, Required: p.Required}
	if !p.Optional {
		switch p.Kind {
		case resolve.Int:
			d.Default = p.Default
		case resolve.Bool:
			d.Default = p.Default != 0
		case resolve.Choice:
			d.Default = p.Choices[p.Default]
		}
	}
	return d
}

func paramDocs(ps []resolve.Param) []ParamDoc {
	out := make([]ParamDoc, len(ps))
	for i := range ps {
		out[i] = paramDoc(&ps[i])
	}
	return out
}

// Describe is the catalog of the engine's systems and profiles; version
// is the odds version that answers.
func (e *Engine) Describe(version string) (*Catalog, error) {
	reg, err := e.registry()
	if err != nil {
		return nil, err
	}
	c := &Catalog{Version: version, Cards: map[string][]CardDoc{}, Dice: map[string][]resolve.DieSpec{}}
	for _, sys := range e.Systems {
		sd := SystemDoc{Name: sys.Name, Short: sys.Short, Sheets: sys.Sheets, Card: paramDocs(sys.Card), Die: sys.Die}
		for _, a := range sys.Actions {
			ad := ActionDoc{Name: a.Name, Short: a.Short, Sheet: a.Sheet, Roles: []RoleDoc{}, Params: paramDocs(a.Params),
				Outcomes: a.Outcome, Stats: a.Stats, Notes: a.Notes, Note: a.Note}
			if a.Chain != nil {
				ad.Until = a.Chain.Severity
			}
			if g := a.Engage; g != nil {
				ad.Engage = &EngageDoc{Ends: g.Severity, Simultaneous: g.Simultaneous}
				for _, r := range g.Readings {
					ad.Engage.Readings = append(ad.Engage.Readings, RoleDoc{Name: r.Name, Usage: r.Usage})
				}
			}
			for _, r := range a.Roles {
				ad.Roles = append(ad.Roles, RoleDoc{Name: r.Name, Usage: r.Usage})
			}
			sd.Actions = append(sd.Actions, ad)
		}
		c.Systems = append(c.Systems, sd)
		c.Cards[sys.Name] = cards(reg, sys)
		dice := reg.Env(sys.Name).Dice
		if dice == nil {
			dice = []resolve.DieSpec{} // JSON: [], not null
		}
		c.Dice[sys.Name] = dice
	}
	c.Roll = RollInfo{Params: []ParamDoc{{Name: "expr", Kind: "word", Usage: "a dice expression, e.g. 4d6kh3, 6d6>=4, d10+3 vs d10+1"}}}
	c.Runs = runDocs
	return c, nil
}

// runDocs are the run settings a query may give besides its action's
// parameters and card roles: the page's controls and what Question
// accepts.
var runDocs = []ParamDoc{
	{Name: "method", Kind: "choice", Choices: sim.Methods, Default: "auto", Usage: "exact where cheap, else Monte Carlo"},
	{Name: "trials", Kind: "int", Min: 1, Max: 1e12, Default: 1_000_000, Usage: "Monte Carlo trials per result"},
	{Name: "seed", Kind: "word", Optional: true, Usage: "the same seed gives the same answer"},
	{Name: "precision", Kind: "word", Optional: true, Usage: "Monte Carlo until every 95% half-width is at most this"},
	{Name: "vs", Kind: "word", Optional: true, Usage: "compare with a variant: flags changed, e.g. --smoke or --attacker tank"},
	{Name: "metric", Kind: "word", Optional: true, Usage: "the figure a roster matrix shows"},
	{Name: "until", Kind: "word", Optional: true, Usage: "repeat the attack until this outcome (or a more severe one): an action's until list"},
	{Name: "attacks", Kind: "int", Min: 1, Max: query.MaxAttacks, Default: query.DefaultAttacks, Usage: "with until: the most attacks"},
	{Name: "then", Kind: "word", Optional: true, Usage: "a sequence: the next attack on the same target, an action and its flags (given once a step, in order)"},
	{Name: "find", Kind: "word", Optional: true, Usage: "the condition to find, e.g. out-of-action>=0.5 or mean:margin<=2"},
	{Name: "vary", Kind: "word", Optional: true, Usage: "with find: the integer parameter to vary over its bounds"},
	{Name: "sensitivity", Kind: "word", Optional: true, Usage: "what matters most to this figure (first: the action's headline outcome)"},
}

func isRunSetting(name string) bool {
	return slices.ContainsFunc(runDocs, func(p ParamDoc) bool { return p.Name == name })
}

// cards are a system's unit cards in force, by name.
func cards(reg *profiles.Registry, sys *resolve.System) []CardDoc {
	out := []CardDoc{}
	for _, en := range reg.List(sys.Name) {
		if en.Kind != "unit" {
			continue
		}
		u, err := reg.Unit(en.Name, sys.Name)
		if err != nil {
			continue
		}
		out = append(out, cardDoc(sys, u, en.Source))
	}
	return out
}

func cardDoc(sys *resolve.System, u *profiles.Unit, source string) CardDoc {
	d := CardDoc{Name: u.Name, Note: u.Note, Source: source, Fields: map[string]string{}}
	for i := range sys.Card {
		p := &sys.Card[i]
		if v, ok := u.Stats[p.Name]; ok {
			d.Fields[p.Name] = p.Format(v)
		}
	}
	return d
}
