package main

import (
	"strings"

	"odds/resolve"
)

// paramFlag is the flag of one action parameter. It takes one value, a
// comma-separated list, or a range lo..hi (ints), or both (bools); several
// values make a sweep. Repeating the flag adds to the list.
type paramFlag struct {
	p    *resolve.Param
	vals []resolve.Value
}

func (f *paramFlag) String() string {
	if len(f.vals) == 0 {
		if f.p.Optional {
			return ""
		}
		return f.p.Format(resolve.Value{N: f.p.Default})
	}
	s := make([]string, len(f.vals))
	for i, v := range f.vals {
		s[i] = f.p.Format(v)
	}
	return strings.Join(s, ",")
}

func (f *paramFlag) Type() string {
	switch f.p.Kind {
	case resolve.Bool:
		return "bool"
	case resolve.Choice:
		if long(f.p) {
			return "CHOICE" // the usage lists them
		}
		return strings.Join(f.p.Choices, "|")
	case resolve.DicePool:
		return "POOL"
	case resolve.Word:
		return "NAME"
	}
	return "N"
}

// long reports whether a choice's words are too long to show as the flag's
// type: the usage lists them instead, so that help fits the width.
func long(p *resolve.Param) bool {
	return len(strings.Join(p.Choices, "|")) > 24
}

func (f *paramFlag) Set(s string) error {
	vals, err := resolve.ParseValues(f.p, s)
	if err != nil {
		return err
	}
	f.vals = append(f.vals, vals...)
	return nil
}
