package profiles

import (
	"slices"
	"testing"

	"odds/resolve/all"
)

// TestEngageMatchup: an engagement matchup's fields are read as odds
// engage takes them, and it exports back to the same matchup.
func TestEngageMatchup(t *testing.T) {
	src := "matchups:\n  - name: hold-fire\n    note: n\n    engage: [symbol fire --range medium, symbol fire --range close]\n" +
		"    a: mg-team\n    b: rifle-squad\n    first: b\n    rounds: 7\n    ends: suppressed\n    readings: {suppressed-holds-fire: true}\n"
	f, errs := Parse("f.yaml", []byte(src), all.Systems())
	if len(errs) > 0 {
		t.Fatal(errs)
	}
	m := f.Matchups[0]
	e := m.Engage
	want := EngageMatchup{Attacks: [2]string{"symbol fire --range medium", "symbol fire --range close"}, First: "b", Rounds: 7, Ends: "suppressed"}
	if e == nil || e.Attacks != want.Attacks || e.First != "b" || e.Rounds != 7 || e.Ends != "suppressed" || !e.Readings["suppressed-holds-fire"] ||
		m.System != "symbol" || m.Action != "fire" || m.Cards["a"] != "mg-team" || m.Cards["b"] != "rifle-squad" || m.CardPos["b"].Line != 6 {
		t.Fatalf("%+v %+v", m, e)
	}
	r, err := New(all.Systems())
	if err != nil {
		t.Fatal(err)
	}
	out, err := r.Export([]any{m})
	if err != nil {
		t.Fatal(err)
	}
	g, errs := Parse("g.yaml", out, all.Systems())
	if len(errs) > 0 || len(g.Matchups) != 1 {
		t.Fatalf("%v\n%s", errs, out)
	}
	h := g.Matchups[0]
	if h.Engage.Attacks != e.Attacks || h.Engage.First != e.First || h.Engage.Rounds != e.Rounds || h.Engage.Ends != e.Ends ||
		!h.Engage.Readings["suppressed-holds-fire"] || h.Cards["a"] != "mg-team" || h.Note != "n" {
		t.Errorf("exported back: %+v\n%s", h.Engage, out)
	}
}

// TestEngageMatchupErrors: each mistake at its line and column.
func TestEngageMatchupErrors(t *testing.T) {
	for _, c := range []struct {
		src  string
		want []string
	}{
		{"matchups:\n  - name: m\n    engage: [cohesion fire, opposed fire]\n", []string{`3:14: matchups[0].engage[0]: cohesion has no action that engages (docs/rules/cohesion.md says why)`}},
		{"matchups:\n  - name: m\n    engage: [nosuch fire, opposed fire]\n", []string{`3:14: matchups[0].engage[0]: want a system (opposed, rof, symbol, cohesion), found "nosuch"`}},
		{"matchups:\n  - name: m\n    engage: [opposed fire hesa, opposed fire --hesa]\n", []string{
			`3:14: matchups[0].engage[0]: want a flag of opposed fire, found "hesa"`, `3:33: matchups[0].engage[1]: --hesa needs a value`}},
		{"matchups:\n  - name: m\n    engage: opposed fire\n", []string{`3:13: matchups[0].engage: want its two attacks, A's on B and B's on A, as a list: [opposed fire --hesa 3, opposed fire --def 2], found "opposed fire"`}},
		{"matchups:\n  - name: m\n    engage: [opposed fire, opposed fire]\n    simultaneous: maybe\n", []string{`4:19: matchups[0].simultaneous: want true or false, found "maybe"`}},
		{"matchups:\n  - name: m\n    engage: [opposed fire, opposed fire]\n    readings: {suppressed-holds-fire: true}\n", []string{
			`4:16: matchups[0].readings.suppressed-holds-fire: unknown field: want none: these actions have no readings`}},
		{"matchups:\n  - name: m\n    engage: [symbol fire, symbol fire]\n    readings: {suppressed-holds-fire: often}\n", []string{
			`4:39: matchups[0].readings.suppressed-holds-fire: want true or false, found "often"`}},
		{"matchups:\n  - name: m\n    engage: [symbol fire, opposed fire]\n    a: mg-team\n", []string{
			`2:5: matchups[0]: a and b are cards of one system: both attacks must be of it (A's is symbol, B's opposed)`}},
		{"matchups:\n  - note: x\n    engage: [opposed fire, opposed fire]\n", []string{`2:5: matchups[0]: missing name`}},
	} {
		got := parse(t, c.src)
		if !slices.Equal(got, c.want) {
			t.Errorf("%q:\n got %q\nwant %q", c.src, got, c.want)
		}
	}
}
