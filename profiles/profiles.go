package profiles

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"regexp"
	"strconv"
	"strings"
	"sync"

	"go.yaml.in/yaml/v3"

	"odds/resolve"
)

// Pos is a place in a profile file.
type Pos struct {
	File      string
	Line, Col int
}

// String is file:line:col, the file as fileName shows it.
func (p Pos) String() string { return fmt.Sprintf("%s:%d:%d", fileName(p.File), p.Line, p.Col) }

// Unit is a unit card: its stats are keyed by the system's card fields.
type Unit struct {
	Name, System, Note string
	Stats              resolve.Values
	// Points is the card's points value (what it costs in an army), nil
	// if the card gives none: engagements report the points each side
	// expects to lose and the points traded.
	Points *int
	Pos    Pos
}

// DieEntry is a custom die of the system that rolls them (System.Die): each
// face shows a few of its symbols.
type DieEntry struct {
	Name, Note   string
	System       string
	Role, Colour string
	Strength     int // order among colours: 1 is the weakest
	Faces        [][]string
	Pos          Pos
}

// Matchup is a named situation: an action, cards by role and the values
// of other parameters (lists and ranges make a sweep).
type Matchup struct {
	Name, System, Action, Note string
	Cards                      map[string]string // role → unit name
	CardPos                    map[string]Pos
	Set                        map[string][]resolve.Value // parameter → values
	SetOrder                   []string
	Pos                        Pos
	// Then are a sequence's steps after the action, each an action of the
	// system and its flags as --then takes them; Until its goal.
	Then  []string
	Until string
	// Engage, if set, makes the matchup an engagement (odds engage): its
	// System and Action are A's attack's, its Cards "a" and "b" each
	// side's card (--a, --b).
	Engage *EngageMatchup
}

// EngageMatchup is an engagement matchup's exchange, as odds engage's
// arguments and flags give it.
type EngageMatchup struct {
	// Attacks are A's attack on B and B's on A, each 'SYSTEM ACTION
	// FLAGS' as odds engage takes them (their flags checked as it reads
	// them); AttackPos where each is.
	Attacks      [2]string
	AttackPos    [2]Pos
	First        string // "", a or b
	Rounds       int    // 0: odds engage's default
	Ends         string
	Simultaneous bool
	// Readings are the readings chosen where a sheet is silent, by name
	// (odds engage's reading flags), each of A's or B's action.
	Readings resolve.Readings
}

// MaxEngageRounds is the most rounds an engagement runs (odds engage's
// --rounds).
const MaxEngageRounds = 100

// File is one parsed profile file.
type File struct {
	Name     string
	Units    []*Unit
	Dice     []*DieEntry
	Tables   []*Table
	Matchups []*Matchup
}

// Error is one problem at a place in a file.
type Error struct {
	Pos  Pos
	Path string
	Msg  string
}

// Error is the problem as one line: its message and path are clipped
// again here (a no-op for those the parser built), so that no Error, from
// wherever its text came, can print a second line or an escape sequence.
func (e *Error) Error() string {
	if e.Path == "" {
		return fmt.Sprintf("%s: %s", e.Pos, clip(e.Msg))
	}
	return fmt.Sprintf("%s: %s: %s", e.Pos, clip(e.Path), clip(e.Msg))
}

// Errors are all the problems found in one or more files.
type Errors []*Error

func (es Errors) Error() string {
	lines := make([]string, len(es))
	for i, e := range es {
		lines[i] = e.Error()
	}
	return strings.Join(lines, "\n")
}

// parser walks one file's node tree and collects its problems: the
// first MaxErrors+1 (the last says where the ones left out begin), and a
// count of the rest.
type parser struct {
	ctx     context.Context // stops a long list when done
	file    string
	systems []*resolve.System
	errs    Errors
	more    int
}

func (p *parser) errf(n *yaml.Node, path, format string, args ...any) {
	if len(p.errs) > MaxErrors {
		p.more++
		return
	}
	p.errs = append(p.errs, &Error{Pos: p.pos(n), Path: path, Msg: clip(fmt.Sprintf(format, args...))})
}

func (p *parser) pos(n *yaml.Node) Pos { return Pos{File: p.file, Line: n.Line, Col: n.Column} }

// yamlLine is the yaml decoder's message: "yaml: line N: what".
var yamlLine = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`^yaml: (?:line (\d+): )?(.*)$`) })

// MaxErrors is the most problems reported for one file; a line then says
// how many more there were.
const MaxErrors = 50

// Parse parses one profile file. It returns every problem found (at most
// MaxErrors), and the entries that are sound in themselves, so that the
// registry can check what they refer to in the same pass.
func Parse(name string, data []byte, systems []*resolve.System) (*File, Errors) {
	f, errs, more := parseFile(context.Background(), name, data, systems)
	if len(errs) == 0 {
		return f, nil
	}
	return f, capErrors(errs, map[string]int{name: more})
}

// parseFile parses one file: it returns the first MaxErrors+1 problems
// and how many more there were, for Load to add the card names that the
// file's matchups get wrong before capping.
func parseFile(ctx context.Context, name string, data []byte, systems []*resolve.System) (*File, Errors, int) {
	p := &parser{ctx: ctx, file: name, systems: systems}
	f := &File{Name: name}
	var doc yaml.Node
	dec := yaml.NewDecoder(bytes.NewReader(data))
	if err := dec.Decode(&doc); err != nil && err != io.EOF {
		line, msg := 1, err.Error()
		if m := yamlLine().FindStringSubmatch(strings.SplitN(msg, "\n", 2)[0]); m != nil {
			if m[1] != "" {
				line, _ = strconv.Atoi(m[1])
			}
			msg = m[2]
		}
		return nil, Errors{{Pos: Pos{File: name, Line: line, Col: 1}, Msg: clip("not valid YAML: " + msg)}}, 0
	}
	var second yaml.Node
	if err := dec.Decode(&second); err != io.EOF {
		at := Pos{File: name, Line: second.Line, Col: second.Column}
		if err != nil || at.Line == 0 {
			at = Pos{File: name, Line: 1, Col: 1}
		}
		return nil, Errors{{Pos: at, Msg: "a second YAML document (after ---): put every entry in one document, or in files of their own"}}, 0
	}
	if len(doc.Content) == 0 {
		return f, nil, 0 // an empty file holds nothing
	}
	root := doc.Content[0]
	if root.Kind != yaml.MappingNode {
		p.errf(root, "", "want a mapping with units, dice, tables and/or matchups, found %s", describe(root))
		return nil, p.errs, p.more
	}
	seen := map[string]map[string]bool{"units": {}, "dice": {}, "tables": {}, "matchups": {}, "colours": {}}
	p.fields(root, "", func(key string, k, v *yaml.Node) bool {
		switch key {
		case "units":
			p.list(v, key, func(i int, n *yaml.Node, path string) {
				if u := p.unit(n, path); u != nil && p.unique(seen[key], u.System+"/"+u.Name, n, path, "unit") {
					f.Units = append(f.Units, u)
				}
			})
		case "dice":
			p.list(v, key, func(i int, n *yaml.Node, path string) {
				if d := p.die(n, path); d != nil && p.unique(seen[key], d.Name, n, path, "die") {
					if k := d.Role + " " + d.Colour; seen["colours"][k] {
						p.errf(n, path, "a second %s die in this file", k)
					} else {
						seen["colours"][k] = true
						f.Dice = append(f.Dice, d)
					}
				}
			})
		case "tables":
			p.list(v, key, func(i int, n *yaml.Node, path string) {
				if t := p.table(n, path); t != nil && p.unique(seen[key], t.System+"/"+t.Name, n, path, "table") {
					f.Tables = append(f.Tables, t)
				}
			})
		case "matchups":
			p.list(v, key, func(i int, n *yaml.Node, path string) {
				if m := p.matchup(n, path); m != nil && p.unique(seen[key], m.Name, n, path, "matchup") {
					f.Matchups = append(f.Matchups, m)
				}
			})
		default:
			return false
		}
		return true
	}, "units, dice, tables or matchups")
	return f, p.errs, p.more
}

func (p *parser) unique(seen map[string]bool, key string, n *yaml.Node, path, kind string) bool {
	if seen[key] {
		p.errf(n, path, "a second %s named %s in this file", kind, Quote(key[strings.LastIndex(key, "/")+1:]))
		return false
	}
	seen[key] = true
	return true
}

// describe names what a node is, for "found …" in messages.
func describe(n *yaml.Node) string {
	switch n.Kind {
	case yaml.MappingNode:
		return "a mapping"
	case yaml.SequenceNode:
		return "a list"
	case yaml.AliasNode:
		return "an alias"
	}
	if n.Tag == "!!null" {
		return "nothing"
	}
	return Quote(n.Value)
}

// fields walks a mapping, calling visit for each key; visit returns false
// for an unknown key, which is reported with the keys it could have been.
func (p *parser) fields(n *yaml.Node, path string, visit func(key string, k, v *yaml.Node) bool, want string) {
	seen := map[string]bool{}
	for i := 0; i+1 < len(n.Content); i += 2 {
		k, v := n.Content[i], n.Content[i+1]
		key := k.Value
		kp := join(path, key)
		if k.Tag == "!!merge" {
			p.errf(k, kp, "merge keys (<<) are not supported: write the fields out")
			continue
		}
		if seen[key] {
			p.errf(k, kp, "given twice")
			continue
		}
		seen[key] = true
		if !visit(key, k, v) {
			p.errf(k, kp, "unknown field: want %s", want)
		}
	}
}

// join adds a mapping key to a path, as pathKey shows it.
func join(path, key string) string {
	if path == "" {
		return pathKey(key)
	}
	return path + "." + pathKey(key)
}

// valueOf returns the value of key in mapping n, or nil. A key given twice
// is reported by fields; this finds the first.
func valueOf(n *yaml.Node, key string) *yaml.Node {
	for i := 0; i+1 < len(n.Content); i += 2 {
		if n.Content[i].Value == key {
			return n.Content[i+1]
		}
	}
	return nil
}

// list walks a sequence of mappings.
func (p *parser) list(n *yaml.Node, path string, item func(i int, n *yaml.Node, path string)) {
	if n.Kind != yaml.SequenceNode {
		p.errf(n, path, "want a list, found %s", describe(n))
		return
	}
	for i, c := range n.Content {
		if i%1024 == 0 && p.ctx.Err() != nil {
			return // LoadContext returns ctx.Err()
		}
		ip := fmt.Sprintf("%s[%d]", path, i)
		if c.Kind != yaml.MappingNode {
			p.errf(c, ip, "want a mapping, found %s", describe(c))
			continue
		}
		item(i, c, ip)
	}
}

// nameRE is a name of a card, a die or a matchup.
var nameRE = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`^[a-z0-9][a-z0-9-]*$`) })

// scalar returns a string scalar's value.
func (p *parser) scalar(n *yaml.Node, path string) (string, bool) {
	if n.Kind != yaml.ScalarNode || n.Tag == "!!null" {
		p.errf(n, path, "want a string, found %s", describe(n))
		return "", false
	}
	return n.Value, true
}

func (p *parser) name(n *yaml.Node, path string) (string, bool) {
	s, ok := p.scalar(n, path)
	if ok && !nameRE().MatchString(s) {
		p.errf(n, path, "want lower-case letters, digits and dashes (such as rifle-section), found %s", Quote(s))
		return "", false
	}
	return s, ok
}

func (p *parser) system(n *yaml.Node, path string) *resolve.System {
	s, ok := p.scalar(n, path)
	if !ok {
		return nil
	}
	var names []string
	for _, sys := range p.systems {
		if sys.Name == s {
			return sys
		}
		names = append(names, sys.Name)
	}
	p.errf(n, path, "want one of %s, found %s", strings.Join(names, ", "), Quote(s))
	return nil
}

// value parses a scalar as a value of param.
func (p *parser) value(n *yaml.Node, path string, param *resolve.Param) ([]resolve.Value, bool) {
	if n.Kind != yaml.ScalarNode || n.Tag == "!!null" {
		p.errf(n, path, "want %s, found %s", want(param), describe(n))
		return nil, false
	}
	vals, err := resolve.ParseValues(param, n.Value)
	if err != nil {
		p.errf(n, path, "%v", err)
		return nil, false
	}
	for _, v := range vals {
		if !p.poolColours(n, path, v) {
			return nil, false
		}
	}
	return vals, true
}

// required reports the required keys a mapping lacks.
func (p *parser) required(n *yaml.Node, path string, have map[string]bool, keys ...string) bool {
	ok := true
	for _, k := range keys {
		if !have[k] {
			p.errf(n, path, "missing %s", k)
			ok = false
		}
	}
	return ok
}
