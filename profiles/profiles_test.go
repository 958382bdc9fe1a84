package profiles

import (
	"context"
	"errors"
	"fmt"
	"maps"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"testing"
	"unicode/utf8"

	"odds/resolve/all"
)

func TestBuiltins(t *testing.T) {
	r, err := New(all.Systems())
	if err != nil {
		t.Fatal(err)
	}
	units := map[string]int{}
	kinds := map[string]int{}
	for _, e := range r.List("") {
		kinds[e.Kind]++
		if e.Kind == "unit" {
			units[e.System]++
		}
		if e.Source != "built-in" {
			t.Errorf("%s: source %q, want built-in", e.Name, e.Source)
		}
	}
	for _, s := range all.Systems() {
		if len(s.Card) > 0 && units[s.Name] < 6 {
			t.Errorf("%s: %d built-in unit cards, want at least 6", s.Name, units[s.Name])
		}
	}
	if kinds["die"] < 2 || kinds["matchup"] < 1 {
		t.Errorf("built-ins: %v", kinds)
	}
	if len(r.Warnings) != 0 {
		t.Errorf("built-ins shadow each other: %v", r.Warnings)
	}
	for name, data := range Builtins() {
		if !strings.Contains(string(data), "ILLUSTRATIVE") {
			t.Errorf("%s does not say which values are illustrative", name)
		}
	}
}

// parse returns the problems of a file as "line:col: path: msg" strings.
func parse(t *testing.T, src string) []string {
	t.Helper()
	_, errs := Parse("f.yaml", []byte(src), all.Systems())
	var out []string
	for _, e := range errs {
		if e.Pos.File != "f.yaml" {
			t.Errorf("error in file %q", e.Pos.File)
		}
		out = append(out, strings.TrimPrefix(e.Error(), "f.yaml:"))
	}
	return out
}

// TestPoints: a card's points are read, and left nil when not given.
func TestPoints(t *testing.T) {
	f, errs := Parse("f.yaml", []byte("units:\n  - {name: a, system: opposed, element: inf, hesa: 1, def: 1, points: 45}\n  - {name: b, system: opposed, element: inf, hesa: 1, def: 1}\n"), all.Systems())
	if len(errs) > 0 || f.Units[0].Points == nil || *f.Units[0].Points != 45 || f.Units[1].Points != nil {
		t.Fatalf("%v, points %v and %v, want 45 and none", errs, f.Units[0].Points, f.Units[1].Points)
	}
}

func TestParseErrors(t *testing.T) {
	cases := []struct {
		src  string
		want []string
	}{
		{"units: [", []string{"1:1: not valid YAML"}},
		{"- a\n- b\n", []string{"1:1: want a mapping with units, dice, tables and/or matchups, found a list"}},
		{"unit: []\n", []string{"1:1: unit: unknown field: want units, dice, tables or matchups"}},
		{"units: {}\n", []string{"1:8: units: want a list, found a mapping"}},
		{"units:\n  - rifle\n", []string{"2:5: units[0]: want a mapping"}},
		{"units:\n  - name: a\n    system: opposed\n    element: inf\n    hesa: 3\n", []string{"2:5: units[0]: missing def"}},
		{"units:\n  - name: a\n    system: opposed\n    element: inf\n    hesa: -1\n    def: 1\n", []string{"5:11: units[0].hesa: want an integer 0..12, found \"-1\""}},
		{"units:\n  - name: a\n    system: opposed\n    element: inf\n    hesa: [1]\n    def: 1\n", []string{"5:11: units[0].hesa: want an integer 0..12, found a list"}},
		{"units:\n  - name: a\n    system: opposed\n    element: inf\n    hesa: 1\n    def: 1\n    quality: 4\n", []string{"7:14: units[0].quality: want an integer -3..3"}},
		{"units:\n  - name: a\n    system: opposed\n    element: inf\n    hesa: 1\n    def: 1\n    mg: maybe\n", []string{"7:9: units[0].mg: want true or false"}},
		{"units:\n  - name: a\n    system: opposed\n    element: inf\n    hesa: 1\n    hesa: 2\n    def: 1\n", []string{"6:5: units[0].hesa: given twice"}},
		{"units:\n  - {name: a, system: opposed, element: inf, hesa: 1, def: 1, points: -5}\n", []string{"2:71: units[0].points: want an integer 0..1000000, found \"-5\""}},
		{"units:\n  - {name: a, system: opposed, element: inf, hesa: 1, def: 1, points: [1]}\n", []string{"2:71: units[0].points: want an integer 0..1000000, found a list"}},
		{"units:\n  - name: a\n    system: roll\n", []string{"3:13: units[0].system: want one of opposed"}},
		{"units:\n  - {name: a, system: opposed, element: inf, hesa: 1, def: 1}\n  - {name: a, system: opposed, element: inf, hesa: 1, def: 1}\n", []string{"3:5: units[1]: a second unit named \"a\""}},
		{"dice:\n  - {name: d, role: attack, colour: red, strength: 1, faces: []}\n", []string{"2:62: dice[0].faces: want a list of 2 to 20 faces, found a list of 0"}},
		{"dice:\n  - {name: d, role: both, colour: red, strength: 1, faces: [[], []]}\n", []string{"2:21: dice[0].role: want one of attack, defence"}},
		{"dice:\n  - {name: d, colour: red, strength: 1, faces: [[], []]}\n", []string{"2:5: dice[0]: missing role"}},
		// The symbol system's die schema: colours, symbols, faces, one die
		// per role and colour in a file.
		{"dice:\n  - {name: d, role: attack, colour: purple, strength: 1, faces: [[], []]}\n", []string{"2:37: dice[0].colour: want one of blue, green"}},
		{"dice:\n  - {name: d, role: attack, colour: red, strength: 1, faces: [[boom], []]}\n", []string{"2:64: dice[0].faces[0][0]: want one of critical-hit"}},
		{"dice:\n  - {name: d, role: attack, colour: red, strength: 1, faces: [[suppression, suppression, suppression], []]}\n", []string{"2:63: dice[0].faces[0]: want a face: a list of at most 2 symbols"}},
		{"dice:\n  - {name: a, role: attack, colour: red, strength: 1, faces: [[], []]}\n  - {name: b, role: attack, colour: red, strength: 1, faces: [[], []]}\n", []string{"3:5: dice[1]: a second attack red die"}},
		// Tables: a known table of the system, every column, cells as flags.
		{"tables:\n  - {name: terain, system: symbol, rows: {}}\n", []string{"2:12: tables[0].name: want one of terrain"}},
		{"tables:\n  - {name: terrain, system: symbol, rows: {clear: {infantry: none, artillery: purple}}}\n", []string{"2:79: tables[0].rows.clear.artillery: want dice of blue", "2:51: tables[0].rows.clear: missing vehicle"}},
		{"tables:\n  - {name: spotting, system: symbol, rows: {infantry: {in-arc: 9, in-arc-terrain: 0, out-of-arc: 0, out-of-arc-terrain: 0}}}\n", []string{"2:64: tables[0].rows.infantry.in-arc: want 0..7, got 9"}},
		{"matchups:\n  - {name: m, system: opposed, action: shoot}\n", []string{"2:40: matchups[0].action: want one of fire, tank-hunt, melee, overrun, rally"}},
		{"matchups:\n  - {name: m, system: opposed, action: rally, attacker: x}\n", []string{"2:47: matchups[0].attacker: unknown field: want name, system, action, note, set, unit"}},
		{"matchups:\n  - {name: m, system: opposed, action: fire, then: [charge]}\n", []string{"2:53: matchups[0].then: want a step: an action of opposed (fire, tank-hunt, melee, overrun) and its flags, found \"charge\""}},
		{"matchups:\n  - {name: m, system: opposed, action: fire, until: out-of-action}\n", []string{"2:53: matchups[0].until: a matchup's until is its sequence's goal: give its steps in then too"}},
		{"matchups:\n  - {name: m, system: opposed, action: fire, set: {cover: wet}}\n", []string{"2:59: matchups[0].set.cover: want one of none, soft, hard (or all), got \"wet\""}},
		// Entries never vanish silently: no system, a typo, a merge key,
		// a matchup without system or action, a second document.
		{"units:\n  - {name: a, element: inf, hesa: 1, def: 1}\n", []string{"2:5: units[0]: missing system"}},
		{"units:\n  - {name: a, sytem: opposed, element: inf, hesa: 1, def: 1}\n", []string{"2:5: units[0]: missing system"}},
		{"base: &b {system: opposed, element: inf, hesa: 1, def: 1}\nunits:\n  - {name: a, <<: *b}\n", []string{"1:1: base: unknown field", "3:15: units[0].<<: merge keys (<<) are not supported", "3:5: units[0]: missing system"}},
		{"matchups:\n  - {name: m, action: fire}\n", []string{"2:5: matchups[0]: missing system"}},
		{"matchups:\n  - {name: m, system: opposed}\n", []string{"2:5: matchups[0]: missing action"}},
		{"units: []\n---\nunits: []\n", []string{"2:1: a second YAML document"}},
	}
	for _, c := range cases {
		got := parse(t, c.src)
		if len(got) != len(c.want) {
			t.Errorf("%q: got %d problems %q, want %q", c.src, len(got), got, c.want)
			continue
		}
		for i := range got {
			if !strings.HasPrefix(got[i], c.want[i]) {
				t.Errorf("%q:\n got  %s\n want %s…", c.src, got[i], c.want[i])
			}
		}
	}
}

// Every problem of a file is reported, not just the first.
func TestAllProblems(t *testing.T) {
	src := `units:
  - name: Bad Name
    system: opposed
    element: tank
    hesa: 99
    def: x
    colour: red
dice:
  - {name: d, role: attack, colour: red, strength: 0, faces: [[boom]]}
extra: 1
`
	got := parse(t, src)
	if len(got) != 8 {
		t.Errorf("%d problems, want 8:\n%s", len(got), strings.Join(got, "\n"))
	}
}

// A file with many problems reports MaxErrors of them and a count.
func TestErrorCap(t *testing.T) {
	src := "units:\n" + strings.Repeat("  - rifle\n", 200)
	got := parse(t, src)
	if len(got) != MaxErrors+1 || !strings.Contains(got[MaxErrors], "and 150 more problems") {
		t.Errorf("%d problems, last %q; want %d and a count", len(got), got[len(got)-1], MaxErrors+1)
	}
}

// One pass finds a file's own problems and the cards its matchups name
// that no file has; oversize and endless files are refused up front (an
// oversize file by its size, before any of it is read; /dev/zero as a
// device: fifo_test.go).
func TestLoadOnePass(t *testing.T) {
	dir := t.TempDir()
	f := writeFile(t, dir, "a.yaml", "units:\n  - rifle\nmatchups:\n  - {name: m, system: opposed, action: fire, attacker: nosuch}\n")
	reg, err := New(all.Systems())
	if err != nil {
		t.Fatal(err)
	}
	err = reg.Load(f)
	if err == nil || !strings.Contains(err.Error(), "want a mapping") || !strings.Contains(err.Error(), `no opposed unit card "nosuch"`) {
		t.Errorf("Load: %v; want both problems", err)
	}
	big := filepath.Join(dir, "big.yaml")
	os.WriteFile(big, make([]byte, MaxFileSize+1), 0o644)
	if err := reg.Load(big); err == nil || !strings.Contains(err.Error(), "larger than 4 MiB") {
		t.Errorf("Load(%s): %v; want a size error", big, err)
	}
}

func writeFile(t testing.TB, dir, name, src string) string {
	t.Helper()
	p := filepath.Join(dir, name)
	if err := os.WriteFile(p, []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	return p
}

func TestShadowing(t *testing.T) {
	dir := t.TempDir()
	writeFile(t, dir, "a.yaml", "units:\n  - {name: rifle-section, system: opposed, element: inf, hesa: 5, def: 2}\n")
	// An exact copy of a built-in replaces it silently.
	builtin := Builtins()["opposed.yaml"]
	writeFile(t, dir, "b.yaml", string(builtin))
	r, err := New(all.Systems())
	if err != nil {
		t.Fatal(err)
	}
	if err := r.Load(filepath.Join(dir, "a.yaml")); err != nil {
		t.Fatal(err)
	}
	if len(r.Warnings) != 1 || !strings.Contains(r.Warnings[0], `unit "rifle-section" shadows the built-in one`) {
		t.Errorf("warnings %q", r.Warnings)
	}
	u, _ := r.Unit("rifle-section", "opposed")
	if u.Stats["hesa"].N != 5 {
		t.Errorf("the user's card did not win: hesa %d", u.Stats["hesa"].N)
	}
	r, _ = New(all.Systems())
	if err := r.Load(filepath.Join(dir, "b.yaml")); err != nil || len(r.Warnings) != 0 {
		t.Errorf("a copy of the built-ins: err %v, warnings %q", err, r.Warnings)
	}
}

func TestFolderAndReferences(t *testing.T) {
	dir := t.TempDir()
	writeFile(t, dir, "1-cards.yaml", "units:\n  - {name: sniper, system: opposed, element: inf, hesa: 4, def: 1, quality: 2}\n")
	writeFile(t, dir, "2-matchups.yaml", "matchups:\n  - {name: m, system: opposed, action: fire, attacker: sniper, defender: mg-team}\n")
	writeFile(t, dir, "notes.txt", "not yaml: [")
	r, _ := New(all.Systems())
	if err := r.Load(dir); err != nil {
		t.Fatalf("a folder whose matchup names a card of another file: %v", err)
	}
	if _, err := r.Matchup("m"); err != nil {
		t.Error(err)
	}
	bad := t.TempDir()
	writeFile(t, bad, "m.yaml", "matchups:\n  - {name: m, system: opposed, action: fire, attacker: snipper}\n")
	r, _ = New(all.Systems())
	err := r.Load(bad)
	if err == nil || !strings.Contains(err.Error(), "m.yaml:2:56: matchup m.attacker: no opposed unit card \"snipper\"") {
		t.Errorf("dangling reference: %v", err)
	}
	r, _ = New(all.Systems())
	if err := r.Load(filepath.Join(dir, "missing.yaml")); err == nil || !strings.Contains(err.Error(), "missing.yaml:1:1: cannot read") {
		t.Errorf("missing file: %v", err)
	}
}

func TestClosest(t *testing.T) {
	r, _ := New(all.Systems())
	_, err := r.Unit("rifle-sectoin", "opposed")
	if err == nil || !strings.Contains(err.Error(), "closest: rifle-section") {
		t.Errorf("typo: %v", err)
	}
	_, err = r.Unit("tank", "opposed")
	if err == nil || !strings.Contains(err.Error(), "light-tank") {
		t.Errorf("part of a name: %v", err)
	}
	if _, err := r.Find("blue-attak"); err == nil || !strings.Contains(err.Error(), "blue-attack") {
		t.Errorf("Find: %v", err)
	}
}

// The loader never panics, and every problem it reports has a position.
func FuzzParse(f *testing.F) {
	for _, data := range Builtins() {
		f.Add(data)
	}
	f.Add([]byte("units: [{name: a, system: opposed, hesa: &x 1, def: *x, element: inf}]"))
	f.Add([]byte("matchups: [{name: m, system: opposed, action: fire, set: {hesa: [1, 2..4]}}]"))
	systems := all.Systems()
	f.Fuzz(func(t *testing.T, data []byte) {
		_, errs := Parse("f.yaml", data, systems)
		for _, e := range errs {
			if e.Pos.Line < 1 || e.Pos.Col < 1 || strings.Contains(e.Msg, "\n") {
				t.Fatalf("bad error %q at %v", e.Msg, e.Pos)
			}
			// Nothing of the file reaches the terminal raw or at length.
			line := e.Error()
			if strings.ContainsFunc(line, func(r rune) bool { return r < ' ' || r == 0x7f }) || !utf8.ValidString(line) || len(line) > 1000 {
				t.Fatalf("unsafe or long line %q", line)
			}
		}
	})
}

// Export writes entries that Parse reads back the same: every built-in.
func TestExportRoundTrip(t *testing.T) {
	reg, err := New(all.Systems())
	if err != nil {
		t.Fatal(err)
	}
	var entries []any
	for _, e := range reg.List("") {
		found, err := reg.Find(e.Name)
		if err != nil {
			t.Fatal(err)
		}
		for _, f := range found {
			if !slices.Contains(entries, f) {
				entries = append(entries, f)
			}
		}
	}
	data, err := reg.Export(entries)
	if err != nil {
		t.Fatal(err)
	}
	f, errs := Parse("export.yaml", data, all.Systems())
	if len(errs) > 0 {
		t.Fatalf("the export does not parse: %v\n%s", errs, data)
	}
	if n := len(f.Units) + len(f.Dice) + len(f.Tables) + len(f.Matchups); n != len(entries) {
		t.Fatalf("%d entries read back, want %d", n, len(entries))
	}
	for _, tb := range f.Tables {
		if want := reg.tables[tb.System+"/"+tb.Name]; !reflect.DeepEqual(tb.Rows, want.Rows) || !slices.Equal(tb.RowOrder, want.RowOrder) {
			t.Errorf("table %s differs after export", tb.Name)
		}
	}
	for _, u := range f.Units {
		want, _ := reg.Unit(u.Name, u.System)
		if !reflect.DeepEqual(u.Stats, want.Stats) || u.Note != want.Note {
			t.Errorf("unit %s/%s: %v %q, want %v %q", u.System, u.Name, u.Stats, u.Note, want.Stats, want.Note)
		}
	}
	for _, d := range f.Dice {
		want := reg.dice[d.Name]
		if !reflect.DeepEqual(d.Faces, want.Faces) || d.Strength != want.Strength || d.Colour != want.Colour || d.Role != want.Role {
			t.Errorf("die %s differs after export", d.Name)
		}
	}
	for _, m := range f.Matchups {
		want := reg.matchups[m.Name]
		if !reflect.DeepEqual(m.Set, want.Set) || !maps.Equal(m.Cards, want.Cards) || m.Action != want.Action {
			t.Errorf("matchup %s differs after export: %v %v", m.Name, m.Set, want.Set)
		}
	}
}

// "Did you mean" names each known name once: medium-tank is a card of
// both opposed (builtin/opposed.yaml) and rof (builtin/rof.yaml), and the
// only built-in name within three edits of medium-tnk (one insertion), so
// the whole message is this line; it said "medium-tank, medium-tank".
func TestClosestOnce(t *testing.T) {
	r, _ := New(all.Systems())
	_, err := r.Find("medium-tnk")
	if want := `no profile "medium-tnk"; closest: medium-tank`; err == nil || err.Error() != want {
		t.Errorf("Find: %v; want %s", err, want)
	}
}

// Problems echo the user's strings through Quote: a key with a newline or
// an escape sequence is quoted (one line per problem, no raw ESC), and a
// long value is cut to MaxEcho characters with an ellipsis. The expected
// lines are written out by hand from the sources.
func TestEcho(t *testing.T) {
	// A passwd-like file is one plain scalar whose lines YAML folds with
	// spaces; each line is 40 characters (6 + 3 + 11 + 12 + 8), so the
	// first 60 are line 0, a space and the first 19 of line 1.
	var passwd strings.Builder
	for i := range 40 {
		fmt.Fprintf(&passwd, "user%02d:x:1000:1000::/home/user%02d:/bin/sh\n", i, i)
	}
	// Columns are counted on the line: "name" is at 6 (after "  - {"), so
	// the extra key of card is at 6 + len("name: a, system: opposed,
	// element: inf, hesa: 1, def: 1, ") = 63,
	// hesa's value at 52, name's at 12, the set's cover at 59.
	card := "units:\n  - {name: a, system: opposed, element: inf, hesa: 1, def: 1, %s: 1}\n"
	long := strings.Repeat("a", 200)
	cases := []struct {
		name, src, want string
	}{
		{"f.yaml", fmt.Sprintf(card, `"x\nodds: error: forged"`),
			`f.yaml:2:63: units[0]."x\nodds: error: forged": unknown field: want name, system, note, points, hesa, ap, def, quality, element, open-topped, mg`},
		{"f.yaml", fmt.Sprintf(card, `"\e[31mred"`),
			`f.yaml:2:63: units[0]."\x1b[31mred": unknown field: want name, system, note, points, hesa, ap, def, quality, element, open-topped, mg`},
		{"f.yaml", fmt.Sprintf(card, long),
			`f.yaml:2:63: units[0]."` + long[:60] + `"…: unknown field: want name, system, note, points, hesa, ap, def, quality, element, open-topped, mg`},
		{"f.yaml", "units:\n  - {name: a, system: opposed, element: inf, hesa: " + long + ", def: 1}\n",
			`f.yaml:2:52: units[0].hesa: want an integer 0..12, found "` + long[:60] + `"…`},
		{"f.yaml", "units:\n  - {name: \"A\\e[2J\", system: opposed, element: inf, hesa: 1, def: 1}\n",
			`f.yaml:2:12: units[0].name: want lower-case letters, digits and dashes (such as rifle-section), found "A\x1b[2J"`},
		// A message of resolve's values parser has its quoted value cut too.
		{"f.yaml", "matchups:\n  - {name: m, system: opposed, action: fire, set: {cover: " + long + "}}\n",
			`f.yaml:2:59: matchups[0].set.cover: want one of none, soft, hard (or all), got "` + long[:60] + `"…`},
		{"passwd", passwd.String(),
			`passwd:1:1: want a mapping with units, dice, tables and/or matchups, found "user00:x:1000:1000::/home/user00:/bin/sh user01:x:1000:1000:"…`},
		// A file name is shown as given unless it holds a character that
		// is not printable: then it is quoted in full.
		{"a\nodds: error: b.yaml", "units: {}\n", `"a\nodds: error: b.yaml":1:8: units: want a list, found a mapping`},
	}
	for _, c := range cases {
		_, errs := Parse(c.name, []byte(c.src), all.Systems())
		if len(errs) != 1 || errs.Error() != c.want {
			t.Errorf("%q:\n got  %v\n want %s", c.src, errs, c.want)
		}
	}
	// A name typed on the command line is echoed the same way.
	r, _ := New(all.Systems())
	_, err := r.Unit(long+"\n", "opposed")
	if want := `no opposed unit card "` + long[:60] + `"…; known: `; err == nil || !strings.HasPrefix(err.Error(), want) {
		t.Errorf("Unit: %v; want %s…", err, want)
	}
}

// manyMisspelt writes a file of n cards and n matchups that each name a
// card that does not exist (card-00007x for card-00007).
func manyMisspelt(t testing.TB, n int) string {
	var b strings.Builder
	b.WriteString("units:\n")
	for i := range n {
		fmt.Fprintf(&b, "  - {name: card-%05d, system: opposed, element: inf, hesa: 1, def: 1}\n", i)
	}
	b.WriteString("matchups:\n")
	for i := range n {
		fmt.Fprintf(&b, "  - {name: m%05d, system: opposed, action: fire, attacker: card-%05dx}\n", i, i)
	}
	return writeFile(t, t.TempDir(), "many.yaml", b.String())
}

// The 50-problems-a-file cap counts the card names a file's matchups get
// wrong: 200 such matchups give MaxErrors lines and "and 150 more" (200 -
// 50); they gave 200 lines. Only the first MaxSuggest unknown names get a
// "closest:" tail (they all did, each a pass over every card: 52 s of CPU
// for a few thousand).
func TestCheckCapAndSuggestions(t *testing.T) {
	f := manyMisspelt(t, 200)
	r, _ := New(all.Systems())
	err := r.Load(f)
	es, ok := err.(Errors)
	if !ok {
		t.Fatalf("Load: %v", err)
	}
	if len(es) != MaxErrors+1 || es[MaxErrors].Msg != "and 150 more problems in this file" {
		t.Errorf("%d problems, last %v; want %d and a count of 150", len(es), es[len(es)-1], MaxErrors+1)
	}
	// The first is m00000's: card-00000 is one deletion away, and the
	// other cards within max(1, 11/3) = 3 edits come next in name order.
	if want := "no opposed unit card \"card-00000x\"; closest: card-00000, card-00001, card-00002"; es[0].Msg != want {
		t.Errorf("first problem %q; want %q", es[0].Msg, want)
	}
	if n := strings.Count(err.Error(), "closest:"); n != MaxSuggest {
		t.Errorf("%d suggestions, want %d", n, MaxSuggest)
	}
	if want := "no opposed unit card \"card-00005x\""; es[MaxSuggest].Msg != want {
		t.Errorf("problem %d %q; want %q", MaxSuggest, es[MaxSuggest].Msg, want)
	}
}

// BenchmarkLoadManyMisspelt loads a file of 5,000 unknown card names: the
// "did you mean" search is bounded (TestCheckCapAndSuggestions pins how
// many suggestions are made), so this stays a fraction of a second where
// a search over every card for each name took 52 s.
func BenchmarkLoadManyMisspelt(b *testing.B) {
	f := manyMisspelt(b, 5000)
	for b.Loop() {
		r, _ := New(all.Systems())
		if err := r.Load(f); err == nil {
			b.Fatal("want the unknown names reported")
		}
	}
}

// stopAfter is a context that is done after its Err has been asked n
// times: a Ctrl-C in the middle of a file.
type stopAfter struct {
	context.Context
	n int
}

func (c *stopAfter) Err() error {
	if c.n--; c.n < 0 {
		return context.Canceled
	}
	return nil
}

// LoadContext stops when its context is done, between files and inside a
// long list or check, and keeps nothing.
func TestLoadStops(t *testing.T) {
	f := manyMisspelt(t, 5000)
	for _, n := range []int{0, 3, 12} { // before the file, in its units, in the check
		r, _ := New(all.Systems())
		ctx := &stopAfter{Context: context.Background(), n: n}
		if err := r.LoadContext(ctx, f); !errors.Is(err, context.Canceled) {
			t.Errorf("stop after %d: %.200v; want context.Canceled", n, err)
		}
		if _, err := r.Unit("card-00000", "opposed"); err == nil {
			t.Errorf("stop after %d: a card of the file was kept", n)
		}
	}
}

// An Error built with raw text (an operating system's message naming a
// path, say) still prints as one safe line: its text is clipped when
// printed.
func TestErrorOneLine(t *testing.T) {
	e := &Error{Pos: Pos{File: "f.yaml", Line: 1, Col: 1}, Path: "a\nb", Msg: "cannot read: x\n\x1b[2Jy"}
	if got, want := e.Error(), `f.yaml:1:1: a\nb: cannot read: x\n\x1b[2Jy`; got != want {
		t.Errorf("got %q, want %q", got, want)
	}
}
