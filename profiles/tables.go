package profiles

import (
	"slices"
	"strings"

	"go.yaml.in/yaml/v3"

	"odds/resolve"
)

// Table is a table of a rule system given as data (System.Tables): rows by
// key, each with a cell per column as a flag would write a value.
type Table struct {
	Name, System, Note string
	Rows               map[string]map[string]string
	RowOrder           []string
	Pos                Pos
}

func (p *parser) table(n *yaml.Node, path string) *Table {
	t := &Table{Rows: map[string]map[string]string{}, Pos: p.pos(n)}
	var sys *resolve.System
	var schema *resolve.TableSchema
	if v := valueOf(n, "system"); v != nil {
		sys = p.system(v, join(path, "system"))
	}
	if v := valueOf(n, "name"); v != nil && sys != nil {
		var names []string
		for _, s := range sys.Tables {
			names = append(names, s.Name)
		}
		if len(names) == 0 {
			p.errf(v, join(path, "name"), "the %s system has no tables", sys.Name)
		} else if name, ok := p.choice(v, join(path, "name"), names); ok {
			schema = sys.Table(name)
		}
	}
	have := map[string]bool{}
	ok := true
	p.fields(n, path, func(key string, k, v *yaml.Node) bool {
		have[key] = true
		kp := join(path, key)
		switch key {
		case "name":
			t.Name, _ = p.name(v, kp)
		case "system", "note":
			if key == "note" {
				t.Note, _ = p.scalar(v, kp)
			}
		case "rows":
			if schema != nil {
				ok = p.rows(v, kp, schema, t) && ok
			}
		default:
			return false
		}
		return true
	}, "name, system, note, rows")
	if !p.required(n, path, have, "name", "system", "rows") || schema == nil || !ok {
		return nil
	}
	t.System = sys.Name
	return t
}

// rows parses a table's rows: each a mapping of every column to a cell.
func (p *parser) rows(n *yaml.Node, path string, schema *resolve.TableSchema, t *Table) bool {
	if n.Kind != yaml.MappingNode {
		p.errf(n, path, "want a mapping of row names to cells, found %s", describe(n))
		return false
	}
	ok := true
	p.fields(n, path, func(key string, k, v *yaml.Node) bool {
		rp := join(path, key)
		if _, good := p.name(k, rp); !good {
			ok = false
			return true
		}
		if v.Kind != yaml.MappingNode {
			p.errf(v, rp, "want a mapping of %s to cells, found %s", strings.Join(schema.Columns, ", "), describe(v))
			ok = false
			return true
		}
		row := map[string]string{}
		have := map[string]bool{}
		p.fields(v, rp, func(col string, ck, cv *yaml.Node) bool {
			if !slices.Contains(schema.Columns, col) {
				return false
			}
			have[col] = true
			cp := join(rp, col)
			if vals, good := p.value(cv, cp, &schema.Cell); good && len(vals) == 1 {
				row[col] = schema.Cell.Format(vals[0])
			} else {
				if good {
					p.errf(cv, cp, "want one value, found %d", len(vals))
				}
				ok = false
			}
			return true
		}, strings.Join(schema.Columns, ", "))
		ok = p.required(v, rp, have, schema.Columns...) && ok
		t.Rows[key] = row
		t.RowOrder = append(t.RowOrder, key)
		return true
	}, "row names")
	return ok
}

// resolveTable is the table as resolve reads it.
func (t *Table) resolveTable() *resolve.Table {
	return &resolve.Table{Name: t.Name, Rows: t.Rows, Note: t.Note}
}
