package main

import (
	"odds/cmd/internal/flagval"
	"strconv"
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

// countValue is a positive count that also reads 1e6 and 1_000_000.
type countValue struct {
	n        int64
	min, max int64
	set      bool
}

func (c *countValue) String() string { return strconv.FormatInt(c.n, 10) }
func (c *countValue) Type() string   { return "N" }

func (c *countValue) Set(s string) error {
	n, err := flagval.Count(s, c.min, c.max)
	if err != nil {
		return err
	}
	c.n, c.set = n, true
	return nil
}

// seedValue is a uint64 seed; set records whether the user gave one.
type seedValue struct {
	v   uint64
	set bool
}

func (s *seedValue) String() string {
	if !s.set {
		return "random"
	}
	return strconv.FormatUint(s.v, 10)
}
func (s *seedValue) Type() string { return "S" }

func (s *seedValue) Set(v string) error {
	n, err := flagval.Seed(v)
	if err != nil {
		return err
	}
	s.v, s.set = n, true
	return nil
}

// choiceValue is one of a fixed set of words.
type choiceValue struct {
	v       string
	choices []string
}

func (c *choiceValue) String() string { return c.v }
func (c *choiceValue) Type() string   { return strings.Join(c.choices, "|") }

func (c *choiceValue) Set(s string) error {
	v, err := flagval.Choice(s, c.choices)
	if err != nil {
		return err
	}
	c.v = v
	return nil
}

// probValue is a probability half-width in (0, 0.5).
type probValue struct{ v float64 }

func (p *probValue) String() string {
	if p.v == 0 {
		return "off"
	}
	return strconv.FormatFloat(p.v, 'g', -1, 64)
}
func (p *probValue) Type() string { return "P" }

func (p *probValue) Set(s string) error {
	v, err := flagval.Prob(s)
	if err != nil {
		return err
	}
	p.v = v
	return nil
}
