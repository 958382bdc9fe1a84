package main

import (
	"github.com/spf13/cobra"

	"odds/cmd/internal/cli"
	"odds/cmd/internal/render"
	"odds/resolve"
)

// fitHelp lays root's help out to the width (cli.Help): an action's
// flags in its sheet's sections (resolve.Param.Section, as the page
// groups them), the global flags by name, and 'odds help flags'
// describing them all.
func (a *app) fitHelp(root *cobra.Command) {
	h := &cli.Help{Width: a.width, Action: a.helpAction, Topic: "flags",
		Global: []string{"trials", "seed", "method", "format", "out", "plot", "precision"}}
	h.Install(root)
	root.AddCommand(h.TopicCommand(root))
}

// paragraphs wraps each paragraph of s to the width (render.Paragraphs).
func (a *app) paragraphs(s string) string { return render.Paragraphs(a.width, s) }

// helpAction is the action cmd runs, or nil for any other command.
func (a *app) helpAction(cmd *cobra.Command) *resolve.Action {
	p := cmd.Parent()
	if p == nil {
		return nil
	}
	if s := a.system(p.Annotations["system"]); s != nil {
		return s.Action(cmd.Name())
	}
	return nil
}
