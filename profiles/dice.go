package profiles

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"go.yaml.in/yaml/v3"

	"odds/resolve"
)

// dieSystem is the rule system that rolls custom dice: its DieSchema says
// what a die may be.
func (p *parser) dieSystem() *resolve.System {
	for _, s := range p.systems {
		if s.Die != nil {
			return s
		}
	}
	return nil
}

// poolColours reports a pool colour that no die can have: the colours of
// the system that rolls custom dice.
func (p *parser) poolColours(n *yaml.Node, path string, v resolve.Value) bool {
	sys := p.dieSystem()
	if sys == nil {
		return true
	}
	for _, d := range v.Pool {
		if !slices.Contains(sys.Die.Colours, d.Colour) {
			p.errf(n, path, "want dice of %s, found %s", strings.Join(sys.Die.Colours, ", "), Quote(d.Colour))
			return false
		}
	}
	return true
}

func (p *parser) die(n *yaml.Node, path string) *DieEntry {
	sys := p.dieSystem()
	if sys == nil {
		p.errf(n, path, "no rule system rolls custom dice")
		return nil
	}
	schema := sys.Die
	d := &DieEntry{Pos: p.pos(n), System: sys.Name}
	have := map[string]bool{}
	ok := true
	p.fields(n, path, func(key string, k, v *yaml.Node) bool {
		have[key] = true
		kp := join(path, key)
		good := true
		switch key {
		case "name":
			d.Name, good = p.name(v, kp)
		case "note":
			d.Note, good = p.scalar(v, kp)
		case "colour":
			d.Colour, good = p.choice(v, kp, schema.Colours)
		case "role":
			d.Role, good = p.choice(v, kp, schema.Roles)
		case "strength":
			s, isScalar := p.scalar(v, kp)
			n, err := strconv.Atoi(s)
			if good = isScalar && err == nil && n >= 1 && n <= 20; isScalar && !good {
				p.errf(v, kp, "want an integer 1..20 (1 is the weakest colour), found %s", Quote(s))
			}
			d.Strength = n
		case "faces":
			d.Faces, good = p.faces(v, kp, schema)
		default:
			return false
		}
		ok = ok && good
		return true
	}, "name, note, role, colour, strength, faces")
	if !p.required(n, path, have, "name", "role", "colour", "strength", "faces") || !ok || d.Name == "" {
		return nil
	}
	return d
}

func (p *parser) choice(n *yaml.Node, path string, choices []string) (string, bool) {
	s, ok := p.scalar(n, path)
	if !ok {
		return "", false
	}
	for _, c := range choices {
		if c == s {
			return s, true
		}
	}
	p.errf(n, path, "want one of %s, found %s", strings.Join(choices, ", "), Quote(s))
	return "", false
}

// faces parses a die's faces: as many as the schema allows, each a list of
// at most MaxSymbols of its symbols ([] is a blank face).
func (p *parser) faces(n *yaml.Node, path string, schema *resolve.DieSchema) ([][]string, bool) {
	if n.Kind != yaml.SequenceNode || len(n.Content) < schema.MinFaces || len(n.Content) > schema.MaxFaces {
		p.errf(n, path, "want a list of %d to %d faces, found %s", schema.MinFaces, schema.MaxFaces, describeLen(n))
		return nil, false
	}
	ok := true
	faces := make([][]string, len(n.Content))
	for i, f := range n.Content {
		fp := fmt.Sprintf("%s[%d]", path, i)
		if f.Kind != yaml.SequenceNode || len(f.Content) > schema.MaxSymbols {
			p.errf(f, fp, "want a face: a list of at most %d symbols ([] is blank), found %s", schema.MaxSymbols, describeLen(f))
			ok = false
			continue
		}
		faces[i] = []string{} // a blank face is an empty list, not nothing
		for j, s := range f.Content {
			sym, good := p.choice(s, fmt.Sprintf("%s[%d]", fp, j), schema.Symbols)
			ok = ok && good
			faces[i] = append(faces[i], sym)
		}
	}
	return faces, ok
}

func describeLen(n *yaml.Node) string {
	if n.Kind == yaml.SequenceNode {
		return fmt.Sprintf("a list of %d", len(n.Content))
	}
	return describe(n)
}
