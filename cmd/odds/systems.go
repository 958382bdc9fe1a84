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
			sys.Actions = append(sys.Actions, action{act.Name, act.Short, act.Sheet, act.Outcome, act.Stats})
		}
		list = append(list, sys)
	}
	var rows [][]string
	for _, s := range list {
		for _, act := range s.Actions {
			rows = append(rows, []string{s.Name, act.Name, act.Sheet, strings.Join(act.Outcomes, ", ")})
		}
	}
	rows = append(rows, []string{"roll", "-", "generic dice expressions", "the values"})
	return a.writeListing(map[string]any{"systems": list}, []string{"system", "action", "sheet", "results"}, rows)
}
