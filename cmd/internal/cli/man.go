package cli

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"
)

// The man pages of odds, written in roff with the man macros: a page per
// command (odds-opposed-fire.1) from its help. Written here rather than by
// cobra/doc, whose markdown converter (blackfriday) cost every start of
// odds 0.8 ms of package initialisation for a command seldom run.

// WriteMan writes the man page of cmd and of each of its commands into
// dir, source naming the program and version in their headers.
func WriteMan(cmd *cobra.Command, dir, source string) error {
	for _, c := range cmd.Commands() {
		if !c.IsAvailableCommand() || c.IsAdditionalHelpTopicCommand() {
			continue
		}
		if err := WriteMan(c, dir, source); err != nil {
			return err
		}
	}
	name := manName(cmd)
	return os.WriteFile(filepath.Join(dir, name+".1"), []byte(manPage(cmd, source)), 0o644)
}

func manName(cmd *cobra.Command) string { return strings.ReplaceAll(cmd.CommandPath(), " ", "-") }

// manPage is the roff of one command's page.
func manPage(cmd *cobra.Command, source string) string {
	var b strings.Builder
	name := manName(cmd)
	fmt.Fprintf(&b, ".TH %q \"1\" \"\" %q \"\"\n", strings.ToUpper(name), source)
	fmt.Fprintf(&b, ".SH NAME\n%s \\- %s\n", name, roff(cmd.Short))
	fmt.Fprintf(&b, ".SH SYNOPSIS\n.B %s\n", roff(cmd.UseLine()))
	b.WriteString(".SH DESCRIPTION\n")
	long := cmd.Long
	if long == "" {
		long = cmd.Short
	}
	// Help text is laid out by hand (lists, tables of dice syntax):
	// keep its lines as they are.
	fmt.Fprintf(&b, ".nf\n%s\n.fi\n", roffLines(long))
	manFlags(&b, "OPTIONS", cmd.NonInheritedFlags())
	manFlags(&b, "OPTIONS INHERITED FROM PARENT COMMANDS", cmd.InheritedFlags())
	if cmd.Example != "" {
		fmt.Fprintf(&b, ".SH EXAMPLE\n.nf\n%s\n.fi\n", roffLines(cmd.Example))
	}
	var see []string
	if p := cmd.Parent(); p != nil {
		see = append(see, fmt.Sprintf("\\fB%s\\fP(1)", manName(p)))
	}
	for _, c := range cmd.Commands() {
		if c.IsAvailableCommand() && !c.IsAdditionalHelpTopicCommand() {
			see = append(see, fmt.Sprintf("\\fB%s\\fP(1)", manName(c)))
		}
	}
	if len(see) > 0 {
		fmt.Fprintf(&b, ".SH SEE ALSO\n%s\n", strings.Join(see, ", "))
	}
	return b.String()
}

// manFlags lists a set of flags under a heading, if it has any.
func manFlags(b *strings.Builder, heading string, fs *pflag.FlagSet) {
	first := true
	fs.VisitAll(func(f *pflag.Flag) {
		if f.Hidden {
			return
		}
		if first {
			fmt.Fprintf(b, ".SH %s\n", heading)
			first = false
		}
		arg, usage := pflag.UnquoteUsage(f)
		head := "\\fB\\-\\-" + roff(f.Name) + "\\fP"
		if f.Shorthand != "" {
			head = "\\fB\\-" + f.Shorthand + "\\fP, " + head
		}
		if arg != "" {
			head += " \\fI" + roff(arg) + "\\fP"
		}
		switch f.DefValue { // as --help: pflag shows a default unless zero
		case "", "false", "0", "[]", "<nil>":
		default:
			usage += " (default " + f.DefValue + ")"
		}
		fmt.Fprintf(b, ".TP\n%s\n%s\n", head, roffLines(usage))
	})
}

// roff escapes text for one line of roff: backslashes and dashes.
func roff(s string) string {
	return strings.ReplaceAll(strings.ReplaceAll(s, `\`, `\e`), "-", `\-`)
}

// roffLines escapes text of several lines, so that none starts a request.
func roffLines(s string) string {
	lines := strings.Split(strings.TrimRight(s, "\n"), "\n")
	for i, l := range lines {
		l = roff(l)
		if strings.HasPrefix(l, ".") || strings.HasPrefix(l, "'") {
			l = `\&` + l
		}
		lines[i] = l
	}
	return strings.Join(lines, "\n")
}
