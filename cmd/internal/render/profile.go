package render

import (
	"maps"
	"slices"
	"strconv"
	"strings"

	"odds/profiles"
	"odds/resolve"
)

// ProfileOf lays a profile (a unit card, a die, a table or a matchup of
// profiles.Registry.Find) out as ordered fields, as odds profiles show
// writes it; systems are the rule systems the profiles are of.
func ProfileOf(systems []*resolve.System, p any) Profile {
	name, system, kind, fields := profileFields(systems, p)
	return Profile{Name: name, System: system, Kind: kind, Fields: fields}
}

func profileFields(systems []*resolve.System, p any) (name, system, kind string, fields []param) {
	sysOf := func(name string) *resolve.System { return resolve.Named(systems, name) }
	switch p := p.(type) {
	case *profiles.Unit:
		sys := sysOf(p.System)
		for _, f := range sys.Card {
			fields = append(fields, param{Name: f.Name, Value: f.Display(p.Stats[f.Name])})
		}
		if p.Points != nil {
			fields = append(fields, param{Name: "points", Value: *p.Points})
		}
		fields = append(fields, param{Name: "source", Value: p.Pos.String()})
		if p.Note != "" {
			fields = append(fields, param{Name: "note", Value: p.Note})
		}
		return p.Name, p.System, "unit", fields
	case *profiles.DieEntry:
		faces := make([]string, len(p.Faces))
		for i, f := range p.Faces {
			faces[i] = "[" + strings.Join(f, " + ") + "]"
		}
		fields = []param{{Name: "role", Value: p.Role}, {Name: "colour", Value: p.Colour},
			{Name: "strength", Value: p.Strength}, {Name: "faces", Value: strings.Join(faces, " ")},
			{Name: "source", Value: p.Pos.String()}}
		if p.Note != "" {
			fields = append(fields, param{Name: "note", Value: p.Note})
		}
		return p.Name, p.System, "die", fields
	case *profiles.Table:
		cols := sysOf(p.System).Table(p.Name).Columns
		for _, row := range p.RowOrder {
			cells := make([]string, len(cols))
			for i, c := range cols {
				cells[i] = c + " " + p.Rows[row][c]
			}
			fields = append(fields, param{Name: row, Value: strings.Join(cells, "; ")})
		}
		fields = append(fields, param{Name: "source", Value: p.Pos.String()})
		if p.Note != "" {
			fields = append(fields, param{Name: "note", Value: p.Note})
		}
		return p.Name, p.System, "table", fields
	case *profiles.Matchup:
		if e := p.Engage; e != nil { // an engagement: odds engage's arguments and flags
			fields = []param{{Name: "a-attack", Value: e.Attacks[0]}, {Name: "b-attack", Value: e.Attacks[1]}}
			for _, f := range [][2]string{{"--a", p.Cards["a"]}, {"--b", p.Cards["b"]}, {"--first", e.First}, {"--ends", e.Ends}} {
				if f[1] != "" {
					fields = append(fields, param{Name: f[0], Value: f[1]})
				}
			}
			if e.Rounds != 0 {
				fields = append(fields, param{Name: "--rounds", Value: strconv.Itoa(e.Rounds)})
			}
			if e.Simultaneous {
				fields = append(fields, param{Name: "--simultaneous", Value: "true"})
			}
			for _, k := range slices.Sorted(maps.Keys(e.Readings)) {
				fields = append(fields, param{Name: "--" + k, Value: strconv.FormatBool(e.Readings[k])})
			}
			fields = append(fields, param{Name: "source", Value: p.Pos.String()})
			return p.Name, p.System, "matchup", fields
		}
		fields = []param{{Name: "action", Value: p.Action}}
		for _, r := range sysOf(p.System).Action(p.Action).Roles {
			if c, ok := p.Cards[r.Name]; ok {
				fields = append(fields, param{Name: r.Name, Value: c})
			}
		}
		act := sysOf(p.System).Action(p.Action)
		for _, k := range p.SetOrder {
			prm := act.Param(k)
			vals := make([]string, len(p.Set[k]))
			for i, v := range p.Set[k] {
				vals[i] = prm.Format(v)
			}
			fields = append(fields, param{Name: "--" + k, Value: strings.Join(vals, ",")})
		}
		fields = append(fields, param{Name: "source", Value: p.Pos.String()})
		return p.Name, p.System, "matchup", fields
	}
	return "", "", "", nil
}
