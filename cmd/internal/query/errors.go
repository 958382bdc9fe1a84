package query

import "fmt"

// Error is bad input to a query: the flag (or query field) at fault, if
// one is, and a hint at the likely fix. Callers read it with errors.As;
// its text is the CLI's message ("--hesa: ...").
type Error struct {
	Flag string // the parameter or option at fault, without dashes ("" if none)
	Hint string // a likely fix, or ""
	Err  error
}

func (e *Error) Error() string {
	if e.Flag == "" {
		return e.Err.Error()
	}
	return "--" + e.Flag + ": " + e.Err.Error()
}

func (e *Error) Unwrap() error { return e.Err }

// errorf is an Error for flag (or none) with a hint.
func errorf(flag, hint, format string, args ...any) error {
	return &Error{Flag: flag, Hint: hint, Err: fmt.Errorf(format, args...)}
}
