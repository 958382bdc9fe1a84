package resolve

import "strings"

// Sections are the sheet's grouping of an action's parameters, by
// section title: each title lists the parameters under it, a name ending
// in "*" standing for every parameter with that prefix that no other
// entry names. The page groups its controls by section. Where an
// action's parameters are written in place, InSection sets them there
// (opposed); a table of Sections suits systems whose actions share
// parameter builders (rof's target team, symbol's defender and friendly
// unit), where one builder's parameters fall in other sections per action.
type Sections map[string][]string

// Sectioned sets the Section of each parameter of a from s and returns
// a. A name that is not a parameter of a, or a parameter in two sections,
// is a programmer error: it panics (the registry's tests build every
// system).
func Sectioned(a *Action, s Sections) *Action {
	n := 0
	for _, names := range s {
		n += len(names)
	}
	exact := make(map[string]string, n)
	type prefix struct{ p, title string }
	var prefixes []prefix
	for title, names := range s {
		for _, n := range names {
			if p, ok := strings.CutSuffix(n, "*"); ok {
				prefixes = append(prefixes, prefix{p, title})
				continue
			}
			if t, dup := exact[n]; dup {
				panic("resolve: " + a.Name + " " + n + " in sections " + t + " and " + title)
			}
			exact[n] = title
		}
	}
	// Each parameter looks its name up, rather than each name searching
	// the parameters: every system is built at start-up.
	named := 0
	for i := range a.Params {
		p := &a.Params[i]
		if t, ok := exact[p.Name]; ok {
			p.Section = t
			named++
			continue
		}
		for _, x := range prefixes {
			if strings.HasPrefix(p.Name, x.p) {
				if p.Section != "" && p.Section != x.title {
					panic("resolve: " + a.Name + " " + p.Name + " in sections " + p.Section + " and " + x.title)
				}
				p.Section = x.title
			}
		}
	}
	if named != len(exact) {
		for n, title := range exact {
			if a.Param(n) == nil {
				panic("resolve: section " + title + " of " + a.Name + ": no parameter " + n)
			}
		}
	}
	return a
}

// SectionedAll sets each action's sections from table, by action name,
// and returns the actions: a system's registry writes its actions through
// it with the table of its sheet's headings.
func SectionedAll(table map[string]Sections, as ...*Action) []*Action {
	for _, a := range as {
		Sectioned(a, table[a.Name])
	}
	return as
}
