package profiles

import (
	"fmt"
	"strconv"
	"strings"

	"go.yaml.in/yaml/v3"
)

func (p *parser) die(n *yaml.Node, path string) *Die {
	d := &Die{Pos: p.pos(n)}
	have := map[string]bool{}
	ok := true
	p.fields(n, path, func(key string, k, v *yaml.Node) bool {
		have[key] = true
		kp := join(path, key)
		switch key {
		case "name":
			d.Name, _ = p.name(v, kp)
		case "note":
			d.Note, _ = p.scalar(v, kp)
		case "colour":
			d.Colour, _ = p.name(v, kp)
		case "role":
			r, good := p.choice(v, kp, DieRoles)
			d.Role, ok = r, ok && good
		case "strength":
			s, good := p.scalar(v, kp)
			n, err := strconv.Atoi(s)
			if good && (err != nil || n < 1 || n > 20) {
				p.errf(v, kp, "want an integer 1..20 (1 is the weakest colour), found %q", s)
				good = false
			}
			d.Strength, ok = n, ok && good
		case "faces":
			f, good := p.faces(v, kp)
			d.Faces, ok = f, ok && good
		default:
			return false
		}
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
	p.errf(n, path, "want one of %s, found %q", strings.Join(choices, ", "), s)
	return "", false
}

// faces parses a die's faces: 1..20 faces, each a list of at most two
// symbols ([] is a blank face).
func (p *parser) faces(n *yaml.Node, path string) ([][]string, bool) {
	if n.Kind != yaml.SequenceNode || len(n.Content) == 0 || len(n.Content) > 20 {
		p.errf(n, path, "want a list of 1 to 20 faces, found %s", describeLen(n))
		return nil, false
	}
	ok := true
	faces := make([][]string, len(n.Content))
	for i, f := range n.Content {
		fp := fmt.Sprintf("%s[%d]", path, i)
		if f.Kind != yaml.SequenceNode || len(f.Content) > 2 {
			p.errf(f, fp, "want a face: a list of at most two symbols ([] is blank), found %s", describeLen(f))
			ok = false
			continue
		}
		for j, s := range f.Content {
			sym, good := p.choice(s, fmt.Sprintf("%s[%d]", fp, j), Symbols)
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
