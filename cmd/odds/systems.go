package main

import (
	"fmt"
	"strings"
	"unicode/utf8"

	"github.com/spf13/cobra"

	"odds/cmd/internal/render"
	"odds/resolve"
)

func (a *app) systemsCommand() *cobra.Command {
	return &cobra.Command{
		Use:   "systems [NAME]",
		Short: "list the rule systems and their actions; NAME: one system's actions in full",
		Args:  cobra.MaximumNArgs(1),
		ValidArgsFunction: func(cmd *cobra.Command, args []string, _ string) ([]string, cobra.ShellCompDirective) {
			if len(args) > 0 {
				return nil, cobra.ShellCompDirectiveNoFileComp
			}
			return a.systemNames(), cobra.ShellCompDirectiveNoFileComp
		},
		RunE: func(cmd *cobra.Command, args []string) error {
			if len(args) == 0 {
				return a.writeSystems("")
			}
			if a.system(args[0]) == nil {
				hint := "'odds systems' lists them"
				if near := resolve.Nearest(args[0], a.systemNames(), 3); len(near) > 0 {
					hint = "did you mean " + strings.Join(near, " or ") + "?"
				}
				return usagef(hint, "systems: unknown system %q: want one of %s", args[0], strings.Join(a.systemNames(), ", "))
			}
			return a.writeSystems(args[0])
		},
	}
}

func (a *app) systemNames() []string {
	names := make([]string, len(a.systems))
	for i, s := range a.systems {
		names[i] = s.Name
	}
	return names
}

// systemDoc is a system as odds systems lists it (the JSON keys are a
// contract).
type systemDoc struct {
	Name    string      `json:"name"`
	Summary string      `json:"summary"`
	Sheets  []string    `json:"sheets"`
	Actions []actionDoc `json:"actions"`
}

type actionDoc struct {
	Name     string   `json:"name"`
	Summary  string   `json:"summary"`
	Sheet    string   `json:"sheet"`
	Outcomes []string `json:"outcomes"`
	Stats    []string `json:"stats"`
	// Until is what --until accepts, most severe first: set only for
	// an action that repeats on one target, its state carried.
	Until []string `json:"until,omitempty"`
	// Engages says two units exchange it (odds engage); Readings are the
	// engagement's flags where the sheet is silent.
	Engages  bool     `json:"engages,omitempty"`
	Readings []string `json:"readings,omitempty"`
}

// writeSystems lists the systems (only, when not empty): in a table one
// line per action, for only each action in full; JSON, CSV and markdown
// give every field.
func (a *app) writeSystems(only string) error {
	var list []systemDoc
	for _, s := range a.systems {
		if only != "" && s.Name != only {
			continue
		}
		sys := systemDoc{Name: s.Name, Summary: s.Short, Sheets: s.Sheets}
		for _, act := range s.Actions {
			var until []string
			if act.Chain != nil {
				until = act.Chain.Severity
			}
			doc := actionDoc{Name: act.Name, Summary: act.Short, Sheet: act.Sheet, Outcomes: act.Outcome, Stats: act.Stats, Until: until}
			if act.Engage != nil {
				doc.Engages = true
				for _, r := range act.Engage.Readings {
					doc.Readings = append(doc.Readings, r.Name)
				}
			}
			sys.Actions = append(sys.Actions, doc)
		}
		list = append(list, sys)
	}
	if a.format.V == "table" {
		if only != "" {
			return a.writeBytes([]byte(a.systemText(list[0])))
		}
		return a.writeBytes([]byte(a.systemsText(list)))
	}
	var rows [][]string
	for _, s := range list {
		for _, act := range s.Actions {
			name := act.Name
			var marks []string
			if act.Until != nil {
				marks = append(marks, "repeats") // takes --until
			}
			if act.Engages {
				marks = append(marks, "engages") // odds engage takes it
			}
			if len(marks) > 0 {
				name += " (" + strings.Join(marks, ", ") + ")"
			}
			rows = append(rows, []string{s.Name, name, act.Sheet, strings.Join(act.Outcomes, ", ")})
		}
	}
	if only == "" {
		rows = append(rows, []string{"roll", "-", "generic dice expressions", "the values"})
	}
	return a.writeListing(map[string]any{"systems": list}, []string{"system", "action", "sheet", "results"}, rows)
}

// systemsText is the overview: one line per action, its summary cut to
// the width, and where the rest is.
func (a *app) systemsText(list []systemDoc) string {
	rows := [][]string{{"system", "action", "sheet", "summary"}}
	for _, s := range list {
		for _, act := range s.Actions {
			sheet, _, _ := strings.Cut(act.Sheet, ":")
			rows = append(rows, []string{s.Name, act.Name, sheet, act.Summary})
		}
	}
	rows = append(rows, []string{"roll", "-", "-", "generic dice expressions: odds roll --help"})
	var w [3]int
	for _, r := range rows {
		for i := range w {
			w[i] = max(w[i], utf8.RuneCountInString(r[i]))
		}
	}
	var b strings.Builder
	for _, r := range rows {
		line := fmt.Sprintf("%-*s  %-*s  %-*s  ", w[0], r[0], w[1], r[1], w[2], r[2])
		// A cut summary ends in "…", three bytes: the line stays within the
		// width counted in bytes too, as byte-counting tools (awk, wc -c) see it.
		fmt.Fprintln(&b, line+cut(r[3], a.width-utf8.RuneCountInString(line)-2))
	}
	b.WriteString("\n" + a.paragraphs("Each system's actions in full: odds systems NAME. An action's flags: odds SYSTEM ACTION --help.") + "\n")
	return b.String()
}

// cut shortens s to n columns, ending it with an ellipsis if it was cut.
func cut(s string, n int) string {
	if utf8.RuneCountInString(s) <= n {
		return s
	}
	r := []rune(s)
	return strings.TrimRight(string(r[:max(n-1, 0)]), " ,;:") + "…"
}

// systemText is one system in full: each action's summary, sheet,
// results, numbers and whether it repeats (--until).
func (a *app) systemText(s systemDoc) string {
	var b strings.Builder
	b.WriteString(a.paragraphs(s.Name+": "+s.Summary+" (sheet "+strings.Join(s.Sheets, ", ")+").") + "\n")
	field := func(name, text string) {
		if text == "" {
			return
		}
		const pad = "             "
		words := strings.Fields(text)
		words[0] = pad + words[0]
		fmt.Fprintf(&b, "  %-9s  %s\n", name, strings.TrimPrefix(render.Wrap(words, " ", a.width, pad), pad))
	}
	for _, act := range s.Actions {
		fmt.Fprintf(&b, "\n%s\n", a.paragraphs(act.Name+": "+act.Summary))
		field("sheet", act.Sheet)
		field("results", strings.Join(act.Outcomes, ", "))
		field("numbers", strings.Join(act.Stats, ", "))
		if act.Until != nil {
			field("repeats", "on one target with --until OUTCOME: "+strings.Join(act.Until, ", "))
		}
		if act.Engages {
			text := "two units exchange it: odds engage '" + s.Name + " " + act.Name + " …' '" + s.Name + " " + act.Name + " …'"
			if len(act.Readings) > 0 {
				text += "; where the sheet is silent: --" + strings.Join(act.Readings, ", --")
			}
			field("engages", text)
		}
		field("flags", "odds "+s.Name+" "+act.Name+" --help")
	}
	return b.String()
}
