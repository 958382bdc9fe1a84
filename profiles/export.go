package profiles

import (
	"fmt"
	"strconv"

	"go.yaml.in/yaml/v3"

	"odds/resolve"
)

// Export writes entries (units, dice and matchups, as Find returns them) as
// one profile file: a template to copy and edit, which Parse reads back to
// the same entries. Unit fields follow the system's card order.
func (r *Registry) Export(entries []any) ([]byte, error) {
	var units, dice, tables, matchups []*yaml.Node
	for _, e := range entries {
		switch e := e.(type) {
		case *Unit:
			units = append(units, r.unitNode(e))
		case *DieEntry:
			dice = append(dice, dieNode(e))
		case *Table:
			tables = append(tables, tableNode(e, r.system(e.System).Table(e.Name).Columns))
		case *Matchup:
			n, err := r.matchupNode(e)
			if err != nil {
				return nil, err
			}
			matchups = append(matchups, n)
		}
	}
	root := &yaml.Node{Kind: yaml.MappingNode, HeadComment: "Profiles written by 'odds profiles export'. The built-ins' stats and faces are\nillustrative: edit them to your game's cards, then 'odds profiles validate'."}
	for _, part := range []struct {
		key   string
		items []*yaml.Node
	}{{"units", units}, {"dice", dice}, {"tables", tables}, {"matchups", matchups}} {
		if len(part.items) > 0 {
			root.Content = append(root.Content, scalar(part.key), &yaml.Node{Kind: yaml.SequenceNode, Content: part.items})
		}
	}
	return yaml.Marshal(&yaml.Node{Kind: yaml.DocumentNode, Content: []*yaml.Node{root}})
}

func scalar(s string) *yaml.Node { return &yaml.Node{Kind: yaml.ScalarNode, Value: s} }

// mapping builds a mapping from key, value pairs, leaving out empty values.
func mapping(kv ...string) *yaml.Node {
	n := &yaml.Node{Kind: yaml.MappingNode}
	for i := 0; i+1 < len(kv); i += 2 {
		if kv[i+1] != "" {
			n.Content = append(n.Content, scalar(kv[i]), scalar(kv[i+1]))
		}
	}
	return n
}

func (r *Registry) system(name string) *resolve.System {
	for _, s := range r.systems {
		if s.Name == name {
			return s
		}
	}
	return nil
}

func (r *Registry) unitNode(u *Unit) *yaml.Node {
	n := mapping("name", u.Name, "system", u.System, "note", u.Note)
	if u.Points != nil {
		n.Content = append(n.Content, scalar("points"), scalar(strconv.Itoa(*u.Points)))
	}
	for _, f := range r.system(u.System).Card {
		n.Content = append(n.Content, scalar(f.Name), scalar(f.Format(u.Stats[f.Name])))
	}
	return n
}

func dieNode(d *DieEntry) *yaml.Node {
	n := mapping("name", d.Name, "note", d.Note, "role", d.Role, "colour", d.Colour, "strength", strconv.Itoa(d.Strength))
	faces := &yaml.Node{Kind: yaml.SequenceNode, Style: yaml.FlowStyle}
	for _, f := range d.Faces {
		face := &yaml.Node{Kind: yaml.SequenceNode, Style: yaml.FlowStyle}
		for _, sym := range f {
			face.Content = append(face.Content, scalar(sym))
		}
		faces.Content = append(faces.Content, face)
	}
	n.Content = append(n.Content, scalar("faces"), faces)
	return n
}

func tableNode(t *Table, columns []string) *yaml.Node {
	n := mapping("name", t.Name, "system", t.System, "note", t.Note)
	rows := &yaml.Node{Kind: yaml.MappingNode}
	for _, key := range t.RowOrder {
		row := &yaml.Node{Kind: yaml.MappingNode, Style: yaml.FlowStyle}
		for _, col := range columns {
			row.Content = append(row.Content, scalar(col), scalar(t.Rows[key][col]))
		}
		rows.Content = append(rows.Content, scalar(key), row)
	}
	n.Content = append(n.Content, scalar("rows"), rows)
	return n
}

func (r *Registry) matchupNode(m *Matchup) (*yaml.Node, error) {
	if e := m.Engage; e != nil {
		attacks := &yaml.Node{Kind: yaml.SequenceNode}
		for _, a := range e.Attacks {
			attacks.Content = append(attacks.Content, scalar(a))
		}
		n := mapping("name", m.Name, "note", m.Note)
		n.Content = append(n.Content, scalar("engage"), attacks)
		for _, side := range []string{"a", "b"} {
			if card, ok := m.Cards[side]; ok {
				n.Content = append(n.Content, scalar(side), scalar(card))
			}
		}
		if e.First != "" {
			n.Content = append(n.Content, scalar("first"), scalar(e.First))
		}
		if e.Rounds != 0 {
			n.Content = append(n.Content, scalar("rounds"), scalar(strconv.Itoa(e.Rounds)))
		}
		if e.Ends != "" {
			n.Content = append(n.Content, scalar("ends"), scalar(e.Ends))
		}
		if e.Simultaneous {
			n.Content = append(n.Content, scalar("simultaneous"), scalar("true"))
		}
		if len(e.Readings) > 0 {
			rd := &yaml.Node{Kind: yaml.MappingNode, Style: yaml.FlowStyle}
			for _, k := range sortedKeys(e.Readings) {
				rd.Content = append(rd.Content, scalar(k), scalar(strconv.FormatBool(e.Readings[k])))
			}
			n.Content = append(n.Content, scalar("readings"), rd)
		}
		return n, nil
	}
	sys := r.system(m.System)
	act := sys.Action(m.Action)
	if act == nil {
		return nil, fmt.Errorf("matchup %s: no action %s %s", m.Name, m.System, m.Action)
	}
	n := mapping("name", m.Name, "system", m.System, "action", m.Action, "note", m.Note)
	for _, role := range act.Roles {
		if card, ok := m.Cards[role.Name]; ok {
			n.Content = append(n.Content, scalar(role.Name), scalar(card))
		}
	}
	if len(m.SetOrder) > 0 {
		set := &yaml.Node{Kind: yaml.MappingNode, Style: yaml.FlowStyle}
		for _, k := range m.SetOrder {
			p := act.Param(k)
			vals := &yaml.Node{Kind: yaml.SequenceNode, Style: yaml.FlowStyle}
			for _, v := range m.Set[k] {
				vals.Content = append(vals.Content, scalar(p.Format(v)))
			}
			if len(vals.Content) == 1 {
				vals = vals.Content[0]
			}
			set.Content = append(set.Content, scalar(k), vals)
		}
		n.Content = append(n.Content, scalar("set"), set)
	}
	if len(m.Then) > 0 {
		steps := &yaml.Node{Kind: yaml.SequenceNode}
		for _, t := range m.Then {
			steps.Content = append(steps.Content, scalar(t))
		}
		n.Content = append(n.Content, scalar("then"), steps)
	}
	if m.Until != "" {
		n.Content = append(n.Content, scalar("until"), scalar(m.Until))
	}
	return n, nil
}
