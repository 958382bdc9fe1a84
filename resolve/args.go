package resolve

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"odds/dice"
)

// Value is one parameter value: an integer (Int; Bool 0 or 1; Choice an
// index into Choices), a pool of custom dice (DicePool) or a name (Word).
type Value struct {
	N     int
	Terms []int // an Int parameter with Terms: each term (N is their total)
	Pool  PoolSpec
	Word  string
}

// Values holds parameter values by name: an action's (after defaults,
// cards and flags) or a unit card's. An Optional parameter not given is
// absent.
type Values map[string]Value

// Ints turns integer values into Values: for tests and hand-built values.
type Ints map[string]int

// Values returns the integers as Values.
func (m Ints) Values() Values {
	v := Values{}
	for k, n := range m {
		v[k] = Value{N: n}
	}
	return v
}

// Args are values read through the parameters that declare them, with the
// profile data in force (Env). Its accessors panic on a name the action or
// card does not declare: that is a programmer's error, found by any test
// that compiles the action.
type Args struct {
	vals   Values
	params []Param
	Env    *Env
}

func (a Args) check(name string) *Param {
	// By index, not slices.IndexFunc: its func takes each Param (a dozen
	// words) by value, a fifth of a streamed sweep's time.
	for i := range a.params {
		if a.params[i].Name == name {
			return &a.params[i]
		}
	}
	panic(fmt.Sprintf("resolve: %q is not a declared parameter", name))
}

// Takes reports whether the action (or card) declares the parameter:
// for code shared by actions whose parameters differ.
func (a Args) Takes(name string) bool {
	return slices.ContainsFunc(a.params, func(p Param) bool { return p.Name == name })
}

// Has reports whether the parameter was given (or has a default).
func (a Args) Has(name string) bool {
	a.check(name)
	_, ok := a.vals[name]
	return ok
}

// Int returns an Int, Bool or Choice parameter; 0 when absent.
func (a Args) Int(name string) int {
	if k := a.check(name).Kind; k == DicePool || k == Word {
		panic(fmt.Sprintf("resolve: %q is not an integer", name))
	}
	return a.vals[name].N
}

// Bool returns a Bool parameter.
func (a Args) Bool(name string) bool { return a.Int(name) != 0 }

// Terms returns the terms of an Int parameter written a+b+c (one term
// for a plain number); nil when absent.
func (a Args) Terms(name string) []int {
	if p := a.check(name); p.Kind != Int || !p.Terms {
		panic(fmt.Sprintf("resolve: %q does not take terms", name))
	}
	v, ok := a.vals[name]
	switch {
	case !ok:
		return nil
	case v.Terms == nil:
		return []int{v.N}
	}
	return v.Terms
}

// Word returns a Word parameter; "" when absent.
func (a Args) Word(name string) string {
	if a.check(name).Kind != Word {
		panic(fmt.Sprintf("resolve: %q is not a word", name))
	}
	return a.vals[name].Word
}

// Pool returns a DicePool parameter; nil when absent.
func (a Args) Pool(name string) PoolSpec {
	if a.check(name).Kind != DicePool {
		panic(fmt.Sprintf("resolve: %q is not a dice pool", name))
	}
	return a.vals[name].Pool
}

// PoolSpec is a pool of custom dice: how many of each colour, in the order
// written.
type PoolSpec []Dice

// Dice are n dice of one colour.
type Dice struct {
	Colour string
	N      int
}

// Size is the number of dice in the pool.
func (p PoolSpec) Size() int {
	n := 0
	for _, d := range p {
		n += d.N
	}
	return n
}

// String writes the pool as a flag takes it: green:2,blue:1 ("none" when
// empty).
func (p PoolSpec) String() string {
	if len(p) == 0 {
		return "none"
	}
	parts := make([]string, len(p))
	for i, d := range p {
		parts[i] = d.Colour + ":" + strconv.Itoa(d.N)
	}
	return strings.Join(parts, ",")
}

// MaxPool is the most dice one pool may hold: the dice kernel's bound.
const MaxPool = dice.MaxPoolDice

// ParsePool reads "green:2,blue:1" (a colour alone is one die; "none" is
// the empty pool). Colours are checked against the dice in force when the
// action compiles.
func ParsePool(s string) (PoolSpec, error) {
	s = strings.TrimSpace(s)
	if s == "none" {
		return PoolSpec{}, nil
	}
	var p PoolSpec
	for _, item := range strings.Split(s, ",") {
		item = strings.TrimSpace(item)
		colour, count, hasCount := strings.Cut(item, ":")
		n := 1
		if hasCount {
			var err error
			if n, err = strconv.Atoi(strings.TrimSpace(count)); err != nil || n < 0 {
				return nil, fmt.Errorf("want colour:count such as green:2, got %q", item)
			}
		}
		if !nameLike(colour) {
			return nil, fmt.Errorf("want a pool such as green:2,blue:1 (a colour, a colon, a count), got %q", item)
		}
		if i := slices.IndexFunc(p, func(d Dice) bool { return d.Colour == colour }); i >= 0 {
			p[i].N += n
		} else {
			p = append(p, Dice{Colour: colour, N: n})
		}
	}
	if p.Size() > MaxPool {
		return nil, fmt.Errorf("%d dice in one pool; at most %d", p.Size(), MaxPool)
	}
	return p, nil
}

func nameLike(s string) bool {
	if s == "" {
		return false
	}
	for _, r := range s {
		if !(r >= 'a' && r <= 'z' || r >= '0' && r <= '9' || r == '-') {
			return false
		}
	}
	return true
}
