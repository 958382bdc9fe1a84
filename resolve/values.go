package resolve

import (
	"fmt"
	"strconv"
	"strings"
)

// ParseValues parses a value of p as written on the command line or in a
// profile: one value, a comma-separated list, a range lo..hi (Int), both
// (Bool) or all (Choice); a DicePool is one pool (its commas separate
// colours). Errors say what was expected and what was found, without
// naming the flag.
func ParseValues(p *Param, s string) ([]Value, error) {
	if p.Kind == DicePool {
		pool, err := ParsePool(s)
		if err != nil {
			return nil, err
		}
		return []Value{{Pool: pool}}, nil
	}
	if p.Kind == Word {
		var out []Value
		for _, item := range strings.Split(s, ",") {
			item = strings.TrimSpace(item)
			words := []string{item}
			if p.Cards { // cards a+b:status+c
				words = strings.FieldsFunc(item, func(r rune) bool { return r == '+' || r == ':' })
				if len(words) == 0 || strings.Contains(item, "++") || strings.HasSuffix(item, "+") || strings.HasSuffix(item, ":") {
					return nil, fmt.Errorf("want cards such as rifle-squad+platoon-leader:concealed, got %q", item)
				}
			}
			for _, w := range words {
				if !nameLike(w) {
					return nil, fmt.Errorf("want a name such as light-forest (lower-case letters, digits, dashes), got %q", w)
				}
			}
			out = append(out, Value{Word: item})
		}
		return out, nil
	}
	if p.Terms {
		return parseTerms(p, s)
	}
	ints, err := parseInts(p, s)
	out := make([]Value, len(ints))
	for i, n := range ints {
		out[i] = Value{N: n}
	}
	return out, err
}

// parseTerms reads a list whose items may be terms a+b+c (one value each)
// or plain numbers and ranges (swept).
func parseTerms(p *Param, s string) ([]Value, error) {
	var out []Value
	for _, item := range strings.Split(s, ",") {
		item = strings.TrimSpace(item)
		if !strings.Contains(strings.TrimPrefix(item, "-"), "+") {
			ints, err := parseInts(p, item)
			if err != nil {
				return nil, err
			}
			for _, n := range ints {
				out = append(out, Value{N: n, Terms: []int{n}})
			}
			continue
		}
		v := Value{}
		for _, term := range strings.Split(item, "+") {
			n, err := parseInt(p, term)
			if err != nil {
				return nil, fmt.Errorf("in %s: %v", item, err)
			}
			v.N += n
			v.Terms = append(v.Terms, n)
		}
		out = append(out, v)
	}
	return out, nil
}

func parseInts(p *Param, s string) ([]int, error) {
	var out []int
	for _, item := range strings.Split(s, ",") {
		item = strings.TrimSpace(item)
		if item == "" {
			return nil, fmt.Errorf("empty item in list %q", s)
		}
		vals, err := parseItem(p, item)
		if err != nil {
			return nil, err
		}
		out = append(out, vals...)
	}
	return out, nil
}

func parseItem(p *Param, item string) ([]int, error) {
	switch p.Kind {
	case Bool:
		switch strings.ToLower(item) {
		case "true", "yes", "1":
			return []int{1}, nil
		case "false", "no", "0":
			return []int{0}, nil
		case "both":
			return []int{0, 1}, nil
		}
		return nil, fmt.Errorf("want true, false or both, got %q", item)
	case Choice:
		if item == "all" {
			all := make([]int, len(p.Choices))
			for i := range all {
				all[i] = i
			}
			return all, nil
		}
		for i, c := range p.Choices {
			if strings.EqualFold(c, item) {
				return []int{i}, nil
			}
		}
		return nil, fmt.Errorf("want one of %s (or all), got %q", strings.Join(p.Choices, ", "), item)
	}
	lo, hi, isRange := strings.Cut(item, "..")
	a, err := parseInt(p, lo)
	if err != nil || !isRange {
		return []int{a}, err
	}
	b, err := parseInt(p, hi)
	if err != nil {
		return nil, err
	}
	if b < a {
		return nil, fmt.Errorf("range %s runs backwards: want low..high", item)
	}
	vals := make([]int, 0, b-a+1)
	for v := a; v <= b; v++ {
		vals = append(vals, v)
	}
	return vals, nil
}

func parseInt(p *Param, s string) (int, error) {
	v, err := strconv.Atoi(strings.TrimSpace(s))
	if err != nil {
		return 0, fmt.Errorf("want an integer, a list (0,2,4) or a range (1..6), got %q", s)
	}
	if v < p.Min || v > p.Max {
		return 0, fmt.Errorf("want %d..%d, got %d", p.Min, p.Max, v)
	}
	return v, nil
}
