package main

import (
	"strings"

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

func (a *app) systemNames() []string { return resolve.Names(a.systems) }

// writeSystems lists the systems (only, when not empty): in a table one
// line per action, for only each action in full; JSON, CSV and markdown
// give every field.
func (a *app) writeSystems(only string) error {
	list := render.SystemsOf(a.systems, only)
	if a.format.V == "table" {
		if only != "" {
			return a.writeBytes([]byte(render.SystemText(list[0], a.width)))
		}
		return a.writeBytes([]byte(render.SystemsText(list, a.width)))
	}
	header, rows := render.SystemRows(list, only == "")
	return a.writeListing(map[string]any{"systems": list}, header, rows)
}
