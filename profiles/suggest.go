package profiles

import (
	"context"
	"fmt"
	"slices"
	"sort"
	"strings"

	"odds/resolve"
)

// "Did you mean" compares a name with every known name by edit distance:
// answering every misspelt card of a file of thousands that way was
// quadratic (52 s of CPU, deaf to Ctrl-C). These bound it.
const (
	// MaxSuggest is how many unknown card names one check answers with
	// the closest known names; the rest are named without them.
	MaxSuggest = 5
	// suggestWork bounds one suggestion's edit-distance work: the sum
	// over the candidate names of len(name)·len(candidate), the cells
	// of the distance tables (4 Mi cells: a few milliseconds). Past it
	// the message lists known names instead of the closest.
	suggestWork = 4 << 20
)

// closest is the "did you mean" tail of a message about an unknown name:
// "; closest: " and up to three nearest known names (resolve.Nearest's
// rule), else "; known: " and the first six in order. Each name is
// offered once (a name may stand for cards of several systems, and Find
// lists them all). Only names that can pass Nearest's rule are compared:
// an edit distance is at least the difference of the lengths, so a name
// whose length differs by more than the distance allowed can only match
// by containing the unknown one. A name over MaxEcho characters is
// neither looked for nor offered.
func closest(name string, known []string) string {
	known = slices.Compact(slices.Sorted(slices.Values(known)))
	known = slices.DeleteFunc(known, func(k string) bool { return len(k) > MaxEcho })
	if len(known) == 0 {
		return ""
	}
	var cands []string
	work := 0
	if len(name) <= MaxEcho {
		allowed := max(1, len(name)/3)
		for _, k := range known {
			if d := len(k) - len(name); (d <= allowed && -d <= allowed) || strings.Contains(k, name) {
				cands = append(cands, k)
				work += len(name) * len(k)
			}
		}
	}
	if work <= suggestWork {
		if near := resolve.Nearest(name, cands, 3); len(near) > 0 {
			return "; closest: " + strings.Join(near, ", ")
		}
	}
	return "; known: " + strings.Join(known[:min(len(known), 6)], ", ")
}

// unknownUnit is the error for a card name that system has no card for.
// With suggest it looks for the closest names (a pass over every card);
// without, it costs a lookup per system.
func (r *Registry) unknownUnit(name, system string, suggest bool) error {
	var elsewhere []string
	for _, s := range r.systems {
		if _, ok := r.units[s.Name+"/"+name]; ok && s.Name != system {
			elsewhere = append(elsewhere, s.Name)
		}
	}
	sort.Strings(elsewhere)
	tail := ""
	if suggest {
		var names []string
		for _, u := range r.units {
			if u.System == system {
				names = append(names, u.Name)
			}
		}
		tail = closest(name, names)
	}
	if len(elsewhere) > 0 {
		return fmt.Errorf("no %s unit card %s (there is one for %s)%s", system, Quote(name), strings.Join(elsewhere, ", "), tail)
	}
	return fmt.Errorf("no %s unit card %s%s", system, Quote(name), tail)
}

// Check verifies what files cannot check alone: every card a matchup
// names exists and belongs to the matchup's system. Only the first
// MaxSuggest unknown names get the closest known ones; at most MaxErrors
// problems are listed a file, then a count.
func (r *Registry) Check() error {
	more := map[string]int{}
	if errs, _ := r.check(context.Background(), map[string]int{}, more); len(errs) > 0 {
		return capErrors(errs, more)
	}
	return nil
}

// check finds the card names that matchups get wrong. kept counts the
// problems already found in each file: a file's problems past MaxErrors+1
// are only counted, in more, and cost no message.
func (r *Registry) check(ctx context.Context, kept, more map[string]int) (Errors, error) {
	var errs Errors
	for i, name := range sortedKeys(r.matchups) {
		if i%1024 == 0 && ctx.Err() != nil {
			return nil, ctx.Err()
		}
		m := r.matchups[name]
		for _, role := range sortedKeys(m.Cards) {
			card, at := m.Cards[role], m.CardPos[role]
			if _, ok := r.units[m.System+"/"+card]; ok {
				continue
			}
			if kept[at.File] > MaxErrors {
				more[at.File]++
				continue
			}
			kept[at.File]++
			err := r.unknownUnit(card, m.System, len(errs) < MaxSuggest)
			errs = append(errs, &Error{Pos: at, Path: "matchup " + m.Name + "." + role, Msg: clip(err.Error())})
		}
	}
	return errs, nil
}

// capErrors keeps at most MaxErrors problems of each file, in the order
// found (its own, then the card names its matchups get wrong), grouped by
// file in the order the files first appear; a line at the first problem
// left out then says how many more that file had. more counts problems
// of a file that its parser found past the MaxErrors+1 it keeps.
func capErrors(errs Errors, more map[string]int) Errors {
	var files []string
	byFile := map[string]Errors{}
	for _, e := range errs {
		if _, ok := byFile[e.Pos.File]; !ok {
			files = append(files, e.Pos.File)
		}
		byFile[e.Pos.File] = append(byFile[e.Pos.File], e)
	}
	var out Errors
	for _, f := range files {
		es := byFile[f]
		if len(es) <= MaxErrors {
			out = append(out, es...)
			continue
		}
		extra := more[f] + len(es) - MaxErrors
		out = append(out, es[:MaxErrors]...)
		out = append(out, &Error{Pos: es[MaxErrors].Pos, Msg: fmt.Sprintf("and %d more problems in this file", extra)})
	}
	return out
}
