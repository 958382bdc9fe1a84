package profiles

import (
	"fmt"
	"strconv"
	"strings"

	"go.yaml.in/yaml/v3"

	"odds/resolve"
)

// MaxPoints bounds a card's points.
const MaxPoints = 1_000_000

func (p *parser) unit(n *yaml.Node, path string) *Unit {
	u := &Unit{Stats: resolve.Values{}, Pos: p.pos(n)}
	have := map[string]bool{}
	var sys *resolve.System
	// The system decides which fields exist: find it first.
	if v := valueOf(n, "system"); v != nil {
		sys = p.system(v, join(path, "system"))
	}
	if sys != nil && len(sys.Card) == 0 {
		p.errf(n, join(path, "system"), "the %s system has no unit cards", sys.Name)
		return nil
	}
	ok := true
	p.fields(n, path, func(key string, k, v *yaml.Node) bool {
		have[key] = true
		switch key {
		case "name":
			u.Name, _ = p.name(v, join(path, key))
		case "system":
			if sys != nil {
				u.System = sys.Name
			}
		case "note":
			u.Note, _ = p.scalar(v, join(path, key))
		case "points":
			x, err := strconv.Atoi(v.Value)
			if v.Kind != yaml.ScalarNode || v.Tag == "!!null" || err != nil || x < 0 || x > MaxPoints {
				p.errf(v, join(path, key), "want an integer 0..%d, found %s", MaxPoints, describe(v))
				ok = false
				return true
			}
			u.Points = &x
		default:
			if sys == nil {
				return true // reported with the system
			}
			f := sys.CardField(key)
			if f == nil {
				return false
			}
			x, good := p.cardValue(v, join(path, key), f)
			u.Stats[key], ok = x, ok && good
		}
		return true
	}, cardWant(sys))
	if !p.required(n, path, have, "name", "system") || sys == nil || !ok {
		return nil
	}
	var req []string
	for _, f := range sys.Card {
		if _, given := u.Stats[f.Name]; given {
			continue
		}
		if f.Required {
			req = append(req, f.Name)
		} else {
			u.Stats[f.Name] = resolve.Value{N: f.Default}
		}
	}
	if !p.required(n, path, have, "name", "system") || !p.required(n, path, have, req...) || u.Name == "" {
		return nil
	}
	return u
}

func cardWant(sys *resolve.System) string {
	names := []string{"name", "system", "note", "points"}
	if sys != nil {
		for _, f := range sys.Card {
			names = append(names, f.Name)
		}
	}
	return strings.Join(names, ", ")
}

// cardValue parses one card field: a single value, no lists or ranges.
func (p *parser) cardValue(n *yaml.Node, path string, f *resolve.Param) (resolve.Value, bool) {
	bad := func() (resolve.Value, bool) {
		p.errf(n, path, "want %s, found %s", want(f), describe(n))
		return resolve.Value{}, false
	}
	if n.Kind != yaml.ScalarNode || n.Tag == "!!null" {
		return bad()
	}
	switch f.Kind {
	case resolve.Bool:
		switch n.Value {
		case "true":
			return resolve.Value{N: 1}, true
		case "false":
			return resolve.Value{}, true
		}
		return bad()
	case resolve.Choice:
		for i, c := range f.Choices {
			if c == n.Value {
				return resolve.Value{N: i}, true
			}
		}
		return bad()
	case resolve.DicePool:
		pool, err := resolve.ParsePool(n.Value)
		if err != nil {
			p.errf(n, path, "%v", err)
			return resolve.Value{}, false
		}
		v := resolve.Value{Pool: pool}
		return v, p.poolColours(n, path, v)
	}
	v, err := strconv.Atoi(n.Value)
	if err != nil || v < f.Min || v > f.Max {
		return bad()
	}
	return resolve.Value{N: v}, true
}

// want says what a parameter takes.
func want(p *resolve.Param) string {
	switch p.Kind {
	case resolve.DicePool:
		return "dice such as green:2,blue:1"
	case resolve.Bool:
		return "true or false"
	case resolve.Choice:
		return "one of " + strings.Join(p.Choices, ", ")
	}
	return fmt.Sprintf("an integer %d..%d", p.Min, p.Max)
}
