package main

import (
	"strings"

	"github.com/spf13/cobra"

	"odds/cmd/internal/render"
)

// fitHelp makes cobra's help fit the width: flag usages and command
// summaries wrap, with their continuation lines indented under the text.
func (a *app) fitHelp(root *cobra.Command) {
	cobra.AddTemplateFunc("oddsWidth", func() int { return a.width })
	cobra.AddTemplateFunc("oddsShort", func(s string, pad int) string {
		return render.Wrap(strings.Fields(s), " ", a.width-pad-3, strings.Repeat(" ", pad+3))
	})
	t := root.UsageTemplate()
	t = strings.ReplaceAll(t, ".FlagUsages | trimTrailingWhitespaces", ".FlagUsagesWrapped oddsWidth | trimTrailingWhitespaces")
	t = strings.ReplaceAll(t, "{{rpad .Name .NamePadding }} {{.Short}}", "{{rpad .Name .NamePadding }} {{oddsShort .Short .NamePadding}}")
	root.SetUsageTemplate(t)
}

// paragraphs wraps each blank-line separated paragraph of s to the width;
// a paragraph whose lines are indented (commands, tables) is kept as it is.
func (a *app) paragraphs(s string) string {
	paras := strings.Split(s, "\n\n")
	for i, p := range paras {
		if strings.HasPrefix(p, " ") {
			continue
		}
		paras[i] = render.Wrap(strings.Fields(p), " ", a.width, "")
	}
	return strings.Join(paras, "\n\n")
}
