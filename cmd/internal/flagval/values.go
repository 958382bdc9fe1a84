package flagval

import (
	"strconv"
	"strings"
)

// Count is a positive count (a pflag Value) that also reads 1e6 and 1_000_000.
type Count struct {
	N        int64
	Min, Max int64
	Given    bool // set by Set: the user gave one
}

func (c *Count) String() string { return strconv.FormatInt(c.N, 10) }
func (c *Count) Type() string   { return "N" }

func (c *Count) Set(s string) error {
	n, err := ParseCount(s, c.Min, c.Max)
	if err != nil {
		return err
	}
	c.N, c.Given = n, true
	return nil
}

// Seed is a uint64 seed; Given records whether the user gave one.
type Seed struct {
	V     uint64
	Given bool
}

func (s *Seed) String() string {
	if !s.Given {
		return "random"
	}
	return strconv.FormatUint(s.V, 10)
}
func (s *Seed) Type() string { return "S" }

func (s *Seed) Set(v string) error {
	n, err := ParseSeed(v)
	if err != nil {
		return err
	}
	s.V, s.Given = n, true
	return nil
}

// Choice is one of a fixed set of words.
type Choice struct {
	V       string
	Choices []string
}

func (c *Choice) String() string { return c.V }
func (c *Choice) Type() string   { return strings.Join(c.Choices, "|") }

func (c *Choice) Set(s string) error {
	v, err := ParseChoice(s, c.Choices)
	if err != nil {
		return err
	}
	c.V = v
	return nil
}

// Prob is a probability half-width in (0, 0.5).
type Prob struct{ V float64 }

func (p *Prob) String() string {
	if p.V == 0 {
		return "off"
	}
	return strconv.FormatFloat(p.V, 'g', -1, 64)
}
func (p *Prob) Type() string { return "P" }

func (p *Prob) Set(s string) error {
	v, err := ParseProb(s)
	if err != nil {
		return err
	}
	p.V = v
	return nil
}
