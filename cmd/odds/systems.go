package main

import (
	"strings"

	"github.com/spf13/cobra"
)

func (a *app) systemsCommand() *cobra.Command {
	return &cobra.Command{
		Use:   "systems",
		Short: "list the rule systems, their actions and the sheet each models",
		Args:  cobra.NoArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			return a.writeSystems()
		},
	}
}

func (a *app) writeSystems() error {
	type action struct {
		Name     string   `json:"name"`
		Summary  string   `json:"summary"`
		Sheet    string   `json:"sheet"`
		Outcomes []string `json:"outcomes"`
		Stats    []string `json:"stats"`
		// Until is what --until accepts, most severe first: set only for
		// an action that repeats on one target, its state carried.
		Until []string `json:"until,omitempty"`
	}
	type system struct {
		Name    string   `json:"name"`
		Summary string   `json:"summary"`
		Sheets  []string `json:"sheets"`
		Actions []action `json:"actions"`
	}
	var list []system
	for _, s := range a.systems {
		sys := system{Name: s.Name, Summary: s.Short, Sheets: s.Sheets}
		for _, act := range s.Actions {
			var until []string
			if act.Chain != nil {
				until = act.Chain.Severity
			}
			sys.Actions = append(sys.Actions, action{act.Name, act.Short, act.Sheet, act.Outcome, act.Stats, until})
		}
		list = append(list, sys)
	}
	var rows [][]string
	for _, s := range list {
		for _, act := range s.Actions {
			name := act.Name
			if act.Until != nil {
				name += " (repeats)" // takes --until: the table's one mark of it
			}
			rows = append(rows, []string{s.Name, name, act.Sheet, strings.Join(act.Outcomes, ", ")})
		}
	}
	rows = append(rows, []string{"roll", "-", "generic dice expressions", "the values"})
	return a.writeListing(map[string]any{"systems": list}, []string{"system", "action", "sheet", "results"}, rows)
}
