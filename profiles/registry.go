package profiles

import (
	"embed"
	"fmt"
	"maps"
	"path"
	"reflect"
	"slices"
	"sort"

	"odds/resolve"
)

//go:embed builtin/*.yaml
var builtinFS embed.FS

// Registry is every profile in force: the built-ins, then user files in
// the order given; a later entry with an earlier one's name shadows it.
type Registry struct {
	systems  []*resolve.System
	units    map[string]*Unit     // by system/name: each system has its own cards
	dice     map[string]*DieEntry // by name
	byColour map[string]*DieEntry // by system/role/colour: the die in force
	tables   map[string]*Table    // by system/name
	matchups map[string]*Matchup
	builtin  map[string]bool // kind/name of entries that are built in
	files    map[string]*File
	// Warnings say which entries shadow others.
	Warnings []string
}

// Entry is one profile in a listing.
type Entry struct {
	Name   string `json:"name"`
	System string `json:"system"`
	Kind   string `json:"kind"` // unit, die, table or matchup
	Source string `json:"source"`
	Note   string `json:"note,omitempty"`
}

// New returns a registry holding the built-in profiles.
func New(systems []*resolve.System) (*Registry, error) {
	r := &Registry{systems: systems, units: map[string]*Unit{}, dice: map[string]*DieEntry{}, byColour: map[string]*DieEntry{},
		tables: map[string]*Table{}, matchups: map[string]*Matchup{}, builtin: map[string]bool{}, files: map[string]*File{}}
	names, _ := builtinFS.ReadDir("builtin")
	for _, e := range names {
		data, err := builtinFS.ReadFile("builtin/" + e.Name())
		if err != nil {
			return nil, err
		}
		f, errs := Parse("builtin/"+e.Name(), data, systems)
		if len(errs) > 0 {
			return nil, errs // a broken built-in is a programmer error; tests catch it
		}
		r.add(f, true)
	}
	return r, r.Check()
}

// Builtins returns the embedded profile files by name, for tests and fuzzing.
func Builtins() map[string][]byte {
	out := map[string][]byte{}
	names, _ := builtinFS.ReadDir("builtin")
	for _, e := range names {
		out[e.Name()], _ = builtinFS.ReadFile("builtin/" + e.Name())
	}
	return out
}

// Limits on what Load reads: a profile file is a page of cards, not a
// data set, and a hostile or mistaken path (/dev/zero) must not take the
// machine's memory.
const (
	MaxFileSize  = 4 << 20  // bytes in one profile file
	MaxTotalSize = 32 << 20 // bytes of all the files together
	MaxFiles     = 1000     // files from all the paths together
)

// clone returns a registry holding what r holds, for Load to fill and
// check before anything is kept.
func (r *Registry) clone() *Registry {
	c := *r
	c.units, c.dice, c.matchups = maps.Clone(r.units), maps.Clone(r.dice), maps.Clone(r.matchups)
	c.byColour, c.tables = maps.Clone(r.byColour), maps.Clone(r.tables)
	c.builtin, c.files = maps.Clone(r.builtin), maps.Clone(r.files)
	c.Warnings = slices.Clone(r.Warnings)
	return &c
}

// File returns the loaded file with the given path, or an empty File.
func (r *Registry) File(path string) *File {
	if f, ok := r.files[path]; ok {
		return f
	}
	return &File{Name: path}
}

func (r *Registry) add(f *File, builtin bool) {
	r.files[f.Name] = f
	// shadow warns when an entry replaces a different one of the same
	// name; loading a copy of the built-ins replaces them silently.
	shadow := func(kind, name string, at Pos, had, same bool) {
		key := kind + "/" + name
		if had && !same {
			what := "an earlier one"
			if r.builtin[key] {
				what = "the built-in one"
			}
			r.Warnings = append(r.Warnings, fmt.Sprintf("%s: %s %s shadows %s", at, kind, Quote(path.Base(name)), what))
		}
		r.builtin[key] = builtin
	}
	for _, u := range f.Units {
		key := u.System + "/" + u.Name
		old, had := r.units[key]
		same := false
		if had {
			x, y := *old, *u
			y.Pos = x.Pos
			same = reflect.DeepEqual(x, y)
		}
		shadow("unit", key, u.Pos, had, same)
		r.units[key] = u
	}
	for _, d := range f.Dice {
		old, had := r.dice[d.Name]
		same := false
		if had {
			x, y := *old, *d
			y.Pos = x.Pos
			same = reflect.DeepEqual(x, y)
		}
		shadow("die", d.Name, d.Pos, had, same)
		r.dice[d.Name] = d
		// The die in force for its role and colour is the last loaded.
		key := d.System + "/" + d.Role + "/" + d.Colour
		if prev := r.byColour[key]; prev != nil && prev.Name != d.Name && r.dice[prev.Name] == prev {
			r.Warnings = append(r.Warnings, fmt.Sprintf("%s: die %s replaces %s as the %s %s die", d.Pos, Quote(d.Name), Quote(prev.Name), d.Colour, d.Role))
		}
		r.byColour[key] = d
	}
	for _, t := range f.Tables {
		key := t.System + "/" + t.Name
		old, had := r.tables[key]
		same := had && reflect.DeepEqual(old.Rows, t.Rows)
		shadow("table", key, t.Pos, had, same)
		r.tables[key] = t
	}
	for _, m := range f.Matchups {
		old, had := r.matchups[m.Name]
		same := had && reflect.DeepEqual(old.Cards, m.Cards) && reflect.DeepEqual(old.Set, m.Set) &&
			old.Action == m.Action && old.System == m.System && old.Note == m.Note
		shadow("matchup", m.Name, m.Pos, had, same)
		r.matchups[m.Name] = m
	}
}

func sortedKeys[V any](m map[string]V) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}

// Unit returns the unit card with the given name for system. An unknown
// name is reported with the closest known names.
func (r *Registry) Unit(name, system string) (*Unit, error) {
	if u, ok := r.units[system+"/"+name]; ok {
		return u, nil
	}
	return nil, r.unknownUnit(name, system, true)
}

// BuiltinEntries returns every built-in entry in force (not shadowed): units,
// dice, then matchups, each by name.
func (r *Registry) BuiltinEntries() []any {
	var out []any
	for _, k := range sortedKeys(r.units) {
		if r.builtin["unit/"+k] {
			out = append(out, r.units[k])
		}
	}
	for _, k := range sortedKeys(r.dice) {
		if r.builtin["die/"+k] {
			out = append(out, r.dice[k])
		}
	}
	for _, k := range sortedKeys(r.tables) {
		if r.builtin["table/"+k] {
			out = append(out, r.tables[k])
		}
	}
	for _, k := range sortedKeys(r.matchups) {
		if r.builtin["matchup/"+k] {
			out = append(out, r.matchups[k])
		}
	}
	return out
}

// Env returns the profile data a system's actions read: the die in force
// for each role and colour (the last loaded), its tables and its unit
// cards.
func (r *Registry) Env(system string) *resolve.Env {
	env := &resolve.Env{Tables: map[string]*resolve.Table{}, Units: map[string]resolve.Values{}}
	for _, u := range r.units {
		if u.System == system {
			env.Units[u.Name] = u.Stats
		}
	}
	for _, k := range sortedKeys(r.byColour) {
		if d := r.byColour[k]; d.System == system && r.dice[d.Name] == d {
			env.Dice = append(env.Dice, resolve.DieSpec{Name: d.Name, Role: d.Role, Colour: d.Colour, Strength: d.Strength, Faces: d.Faces})
		}
	}
	for _, t := range r.tables {
		if t.System == system {
			env.Tables[t.Name] = t.resolveTable()
		}
	}
	return env
}

// Matchup returns the named matchup.
func (r *Registry) Matchup(name string) (*Matchup, error) {
	if m, ok := r.matchups[name]; ok {
		return m, nil
	}
	return nil, fmt.Errorf("no matchup %s%s", Quote(name), closest(name, sortedKeys(r.matchups)))
}

// Find returns every entry with the given name (a name may stand for a
// card in several systems, a die and a matchup), for show.
func (r *Registry) Find(name string) ([]any, error) {
	var found []any
	for _, k := range sortedKeys(r.units) {
		if u := r.units[k]; u.Name == name {
			found = append(found, u)
		}
	}
	if d, ok := r.dice[name]; ok {
		found = append(found, d)
	}
	for _, k := range sortedKeys(r.tables) {
		if t := r.tables[k]; t.Name == name {
			found = append(found, t)
		}
	}
	if m, ok := r.matchups[name]; ok {
		found = append(found, m)
	}
	if len(found) > 0 {
		return found, nil
	}
	var all []string
	for _, e := range r.List("") {
		all = append(all, e.Name)
	}
	return nil, fmt.Errorf("no profile %s%s", Quote(name), closest(name, all))
}

// List returns the entries of a system ("" for all), by kind and name.
func (r *Registry) List(system string) []Entry {
	var out []Entry
	src := func(kind, name string, p Pos) string {
		if r.builtin[kind+"/"+name] {
			return "built-in"
		}
		return p.File
	}
	for _, k := range sortedKeys(r.units) {
		if u := r.units[k]; system == "" || u.System == system {
			out = append(out, Entry{u.Name, u.System, "unit", src("unit", k, u.Pos), u.Note})
		}
	}
	for _, n := range sortedKeys(r.dice) {
		if d := r.dice[n]; system == "" || d.System == system {
			out = append(out, Entry{n, d.System, "die", src("die", n, d.Pos), d.Note})
		}
	}
	for _, k := range sortedKeys(r.tables) {
		if t := r.tables[k]; system == "" || t.System == system {
			out = append(out, Entry{t.Name, t.System, "table", src("table", k, t.Pos), t.Note})
		}
	}
	for _, n := range sortedKeys(r.matchups) {
		if m := r.matchups[n]; system == "" || m.System == system {
			out = append(out, Entry{n, m.System, "matchup", src("matchup", n, m.Pos), m.Note})
		}
	}
	return out
}

// RunMatchup is the matchup odds run asks one question of (--find,
// --sensitivity): the one named (in file, if given), or file's only
// matchup; nil where there is none, or several and none named.
func (r *Registry) RunMatchup(file, name string) *Matchup {
	switch {
	case file == "":
		m, _ := r.Matchup(name)
		return m
	case name == "":
		if ms := r.File(file).Matchups; len(ms) == 1 {
			return ms[0]
		}
		return nil
	}
	for _, m := range r.File(file).Matchups {
		if m.Name == name {
			return m
		}
	}
	return nil
}
