package cli

import (
	"fmt"
	"slices"
	"strings"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"

	"odds/resolve"
)

// CheckCommand catches a mistyped system or action before flags are
// parsed: "odds opossed fire --hesa 3" would otherwise be reported as an
// unknown --hesa. It finds the deepest command the words name and the
// first word after it; if that command has subcommands and the word names
// none of them, the error names the word and the nearest commands.
func CheckCommand(root *cobra.Command, args []string) error {
	root.InitDefaultHelpCmd()
	root.InitDefaultCompletionCmd()
	cmd, rest, err := root.Find(args)
	if err != nil || !cmd.HasSubCommands() {
		return nil
	}
	word := firstWord(cmd, rest)
	if word == "" || strings.HasPrefix(word, "__complete") {
		return nil // cobra's hidden completion command answers the shell
	}
	var names []string
	for _, c := range cmd.Commands() {
		if c.IsAvailableCommand() {
			names = append(names, c.Name())
		}
	}
	hint := "'" + cmd.CommandPath() + " --help' lists them"
	if near := resolve.Nearest(word, names, 3); len(near) > 0 {
		hint = "did you mean " + strings.Join(near, " or ") + "?"
	}
	if cmd == root {
		return Usagef(hint, "unknown command %q: want a system (%s) or a command (%s)", word,
			strings.Join(systemNames(root), ", "), strings.Join(otherNames(root), ", "))
	}
	return Usagef(hint, "unknown action %q for %s: want one of %s", word, cmd.Name(), strings.Join(names, ", "))
}

// systemNames are the commands of root that are rule systems.
func systemNames(root *cobra.Command) []string {
	var names []string
	for _, c := range root.Commands() {
		if c.Annotations["system"] != "" {
			names = append(names, c.Name())
		}
	}
	return names
}

// otherNames are the commands of root that are not rule systems.
func otherNames(root *cobra.Command) []string {
	var names []string
	for _, c := range root.Commands() {
		if c.Annotations["system"] == "" && c.IsAvailableCommand() {
			names = append(names, c.Name())
		}
	}
	return names
}

// firstWord is the first argument that is not a flag or a flag's value,
// or "" if a flag it does not know comes first (its value could be a word).
func firstWord(cmd *cobra.Command, args []string) string {
	flags := cmd.Flags()
	flags.AddFlagSet(cmd.InheritedFlags())
	for i := 0; i < len(args); i++ {
		arg := args[i]
		switch {
		case arg == "--":
			return ""
		case !strings.HasPrefix(arg, "-") || arg == "-":
			return arg
		}
		name, _, hasValue := strings.Cut(strings.TrimLeft(arg, "-"), "=")
		var f *pflag.Flag
		if strings.HasPrefix(arg, "--") {
			f = flags.Lookup(name)
		} else if len(name) == 1 {
			f = flags.ShorthandLookup(name)
		}
		if f == nil {
			return ""
		}
		if f.NoOptDefVal == "" && !hasValue {
			i++ // the flag's value
		}
	}
	return ""
}

// FlagHint suggests the nearest flags of cmd to an unknown one.
func FlagHint(cmd *cobra.Command, unknown string) string {
	var names []string
	add := func(f *pflag.Flag) {
		if !slices.Contains(names, f.Name) { // a parsed command's flags include the inherited ones
			names = append(names, f.Name)
		}
	}
	cmd.Flags().VisitAll(add)
	cmd.InheritedFlags().VisitAll(add)
	near := resolve.Nearest(unknown, names, 3)
	if len(near) == 0 {
		return ""
	}
	return "did you mean --" + strings.Join(near, " or --") + "?"
}

// UsageError is bad input; its hint, if any, is printed on a second line.
type UsageError struct {
	Err  error
	Hint string
}

func (e *UsageError) Error() string { return e.Err.Error() }
func (e *UsageError) Unwrap() error { return e.Err }

// Usagef is a UsageError of the message format makes, with hint.
func Usagef(hint, format string, args ...any) error {
	return &UsageError{Err: fmt.Errorf(format, args...), Hint: hint}
}
