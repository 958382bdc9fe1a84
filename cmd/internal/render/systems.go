package render

import (
	"fmt"
	"strings"
	"unicode/utf8"

	"odds/resolve"
)

// odds systems: the rule systems and their actions, as a listing (JSON,
// CSV, markdown: SystemDoc) and as text (an overview a line an action,
// or one system in full).

// SystemDoc is a system as odds systems lists it (the JSON keys are a
// contract).
type SystemDoc struct {
	Name    string      `json:"name"`
	Summary string      `json:"summary"`
	Sheets  []string    `json:"sheets"`
	Actions []ActionDoc `json:"actions"`
}

// ActionDoc is an action as odds systems lists it.
type ActionDoc struct {
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

// SystemsOf are the systems (only the one named only, when not empty)
// as odds systems lists them.
func SystemsOf(systems []*resolve.System, only string) []SystemDoc {
	var list []SystemDoc
	for _, s := range systems {
		if only != "" && s.Name != only {
			continue
		}
		sys := SystemDoc{Name: s.Name, Summary: s.Short, Sheets: s.Sheets}
		for _, act := range s.Actions {
			var until []string
			if act.Chain != nil {
				until = act.Chain.Severity
			}
			doc := ActionDoc{Name: act.Name, Summary: act.Short, Sheet: act.Sheet, Outcomes: act.Outcome, Stats: act.Stats, Until: until}
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
	return list
}

// Paragraphs wraps each blank-line separated paragraph of s to width; a
// paragraph whose lines are indented (commands, tables) is kept as it is.
func Paragraphs(width int, s string) string {
	paras := strings.Split(s, "\n\n")
	for i, p := range paras {
		if strings.HasPrefix(p, " ") {
			continue
		}
		paras[i] = Wrap(strings.Fields(p), " ", width, "")
	}
	return strings.Join(paras, "\n\n")
}

// SystemsText is the overview: one line per action, its summary cut to
// the width, and where the rest is.
func SystemsText(list []SystemDoc, width int) string {
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
		fmt.Fprintln(&b, line+cut(r[3], width-utf8.RuneCountInString(line)-2))
	}
	b.WriteString("\n" + Paragraphs(width, "Each system's actions in full: odds systems NAME. An action's flags: odds SYSTEM ACTION --help.") + "\n")
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

// SystemText is one system in full: each action's summary, sheet,
// results, numbers and whether it repeats (--until).
func SystemText(s SystemDoc, width int) string {
	var b strings.Builder
	b.WriteString(Paragraphs(width, s.Name+": "+s.Summary+" (sheet "+strings.Join(s.Sheets, ", ")+").") + "\n")
	field := func(name, text string) {
		if text == "" {
			return
		}
		const pad = "             "
		words := strings.Fields(text)
		words[0] = pad + words[0]
		fmt.Fprintf(&b, "  %-9s  %s\n", name, strings.TrimPrefix(Wrap(words, " ", width, pad), pad))
	}
	for _, act := range s.Actions {
		fmt.Fprintf(&b, "\n%s\n", Paragraphs(width, act.Name+": "+act.Summary))
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

// SystemRows are the systems' listing as CSV and markdown give it: a row
// an action, marked where it repeats (--until) or engages (odds engage),
// with its sheet and results; withRoll adds odds roll's line.
func SystemRows(list []SystemDoc, withRoll bool) (header []string, rows [][]string) {
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
	if withRoll {
		rows = append(rows, []string{"roll", "-", "generic dice expressions", "the values"})
	}
	return []string{"system", "action", "sheet", "results"}, rows
}
