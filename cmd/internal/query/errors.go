package query

import (
	"context"
	"errors"
	"fmt"
	"strconv"

	"odds/resolve"
)

// Error is bad input to a query: the flag (or query field) at fault, if
// one is, and a hint at the likely fix. Callers read it with errors.As;
// its text is the CLI's message ("--hesa: ..."), which already names the
// flag.
type Error struct {
	Flag string // the parameter or option at fault, without dashes ("" if none)
	Hint string // a likely fix, or ""
	Err  error
}

func (e *Error) Error() string { return e.Err.Error() }
func (e *Error) Unwrap() error { return e.Err }

// errorf is an Error for flag (or none) with a hint; the text starts
// "--flag: " when there is a flag.
func errorf(flag, hint, format string, args ...any) error {
	if flag != "" {
		format = "--" + flag + ": " + format
	}
	return &Error{Flag: flag, Hint: hint, Err: fmt.Errorf(format, args...)}
}

// RunError is an engine error as a query reports it: an interrupt as
// such, anything else (an exact answer too large in work or in memory)
// as an Error naming the flags to change.
func RunError(ctx context.Context, err error) error {
	if ctx.Err() != nil {
		return ctx.Err()
	}
	hint := "raise --max-paths, or use --method mc"
	if errors.As(err, new(*resolve.MemoryError)) {
		hint = "use --method mc"
	}
	return &Error{Flag: "method", Hint: hint, Err: fmt.Errorf("--method exact: %w", err)}
}

// Group writes n with thousands separators: 1,000,000.
func Group(n int64) string {
	s := strconv.FormatInt(n, 10)
	for i := len(s) - 3; i > 0; i -= 3 {
		s = s[:i] + "," + s[i:]
	}
	return s
}

// flagOf is the parameter a rules package's error names, if it names one.
func flagOf(err error) string {
	var fe *resolve.FlagError
	if errors.As(err, &fe) {
		return fe.Flag
	}
	return ""
}

// CheckRollRows refuses a roll of more than MaxRollRows values (every
// value is an outcome row of every format), naming flag.
func CheckRollRows(flag, expr string, n int) error {
	if n <= MaxRollRows {
		return nil
	}
	return &Error{Flag: flag, Hint: "ask a question of the total instead, e.g. odds roll '(100d10000)>=500000', or roll fewer or smaller dice",
		Err: fmt.Errorf("roll: %s has %s values, more than the %s outcome rows odds lists", expr, Group(int64(n)), Group(MaxRollRows))}
}
