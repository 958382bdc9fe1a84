package cli

import (
	"errors"
	"fmt"
	"io"
	"os"
	"strconv"
	"strings"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"
	"golang.org/x/term"
)

// MinWidth is the narrowest layout odds attempts.
const MinWidth = 40

// Width is the width of the terminal w writes to, else $COLUMNS, else
// 80; at least MinWidth.
func Width(w io.Writer) int {
	if f, ok := w.(*os.File); ok && term.IsTerminal(int(f.Fd())) {
		if cols, _, err := term.GetSize(int(f.Fd())); err == nil && cols > 0 {
			return max(cols, MinWidth)
		}
	}
	if cols, err := strconv.Atoi(os.Getenv("COLUMNS")); err == nil && cols > 0 {
		return max(cols, MinWidth)
	}
	return 80
}

// FlagError rewrites pflag's errors into "--flag: what is wrong".
func FlagError(cmd *cobra.Command, err error) error {
	var iv *pflag.InvalidValueError
	if errors.As(err, &iv) {
		return &UsageError{Err: fmt.Errorf("--%s: %v", iv.GetFlag().Name, errors.Unwrap(iv))}
	}
	hint := fmt.Sprintf("'%s --help' lists the flags", cmd.CommandPath())
	if name, ok := strings.CutPrefix(err.Error(), "unknown flag: --"); ok {
		if h := FlagHint(cmd, name); h != "" {
			hint = h
		}
	}
	return &UsageError{Err: err, Hint: hint}
}
