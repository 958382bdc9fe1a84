package opposed

import (
	"errors"
	"strings"
	"testing"

	"odds/resolve"
	"odds/sim/simtest"
)

// compile builds the action's plan from its defaults overridden by set.
func compile(t *testing.T, action string, set resolve.Ints) (resolve.Plan, error) {
	t.Helper()
	act := System().Action(action)
	if act == nil {
		t.Fatalf("no action %q", action)
	}
	v := act.Defaults()
	for k, x := range set {
		if act.Param(k) == nil {
			t.Fatalf("%s has no parameter %q", action, k)
		}
		v[k] = resolve.Value{N: x}
	}
	return act.Compile(act.Args(v, nil))
}

// bands enumerates the 100 pairs of d10 and classifies first+a vs second+b
// with the table given: the expected answer, computed without the package.
func bands(a, b int, table func(margin int) string) map[string]float64 {
	out := map[string]float64{}
	for x := 1; x <= 10; x++ {
		for y := 1; y <= 10; y++ {
			out[table(x+a-(y+b))] += 0.01
		}
	}
	return out
}

// The sheet's Firing Result table, written out again for the tests.
func heTable(m int) string {
	switch {
	case m <= 0:
		return "no-effect"
	case m <= 2:
		return "fall-back"
	case m <= 4:
		return "suppressed"
	}
	return "out-of-action"
}

func apTable(m int) string {
	if m <= 2 {
		return "no-effect"
	}
	return heTable(m)
}

func huntTable(m int) string {
	if m <= 0 {
		return "hunter-fall-back"
	}
	return apTable(m)
}

func closeTable(m int) string {
	side, lose := "defender-", m
	if m < 0 {
		side, lose = "attacker-", -m
	}
	switch {
	case lose == 0:
		return "draw"
	case lose <= 2:
		return side + "fall-back"
	case lose <= 4:
		return side + "suppressed"
	}
	return side + "out-of-action"
}

type duelCase struct {
	name   string
	action string
	set    resolve.Ints
	a, b   int // the firer's and the target's totals of modifiers, by hand
	table  func(int) string
}

var duelCases = []duelCase{
	{"fire HESA 3 vs Def 1", "fire", resolve.Ints{"hesa": 3, "def": 1}, 3, 1, heTable},
	{"fire within 4, not front, veteran", "fire", resolve.Ints{"hesa": 2, "within-4": 1, "not-front": 1, "firer-quality": 1, "def": 2}, 2 + 1 + 1 + 1, 2, heTable},
	{"fire within 4 but suppressed", "fire", resolve.Ints{"hesa": 2, "def": 0, "within-4": 1, "firer-suppressed": 1}, 2, 0, heTable},
	{"fire at soft cover", "fire", resolve.Ints{"hesa": 4, "def": 1, "cover": coverSoft}, 4, 1 + 1, heTable},
	{"hard cover, hull-down and smoke are one +2", "fire", resolve.Ints{"hesa": 4, "def": 1, "cover": coverHard, "smoke": 1, "hull-down": 1}, 4, 1 + 2, heTable},
	{"soft cover and smoke are +1 and +2", "fire", resolve.Ints{"hesa": 4, "def": 0, "cover": coverSoft, "smoke": 1}, 4, 1 + 2, heTable},
	{"soft cover and hull-down are +1 and +2", "fire", resolve.Ints{"ap": 6, "def": 2, "cover": coverSoft, "hull-down": 1}, 6, 2 + 1 + 2, apTable},
	{"smoke and hull-down are one +2", "fire", resolve.Ints{"ap": 6, "def": 2, "smoke": 1, "hull-down": 1}, 6, 2 + 2, apTable},
	{"firer moved, green target", "fire", resolve.Ints{"hesa": 3, "def": 2, "firer-moved": 1, "target-quality": -1}, 3, 2 + 1 - 1, heTable},
	{"AP over half range", "fire", resolve.Ints{"ap": 5, "def": 3, "over-half-range": 1}, 5, 3 + 1, apTable},
	{"AP point blank", "fire", resolve.Ints{"ap": 6, "def": 1, "within-4": 1}, 7, 1, apTable},
	{"tank hunt, Def capped at 4", "tank-hunt", resolve.Ints{"def": 6}, 4, 4, huntTable},
	{"tank hunt, engineers from the flank", "tank-hunt", resolve.Ints{"def": 3, "engineers": 1, "not-front": 1, "open-topped": 1, "no-mg": 1, "hunter-quality": 1, "target-quality": 2},
		4 + 2 + 1 + 1 + 1 + 1, 3 + 2, huntTable},
	{"tank hunt, cover and smoke are one +1", "tank-hunt", resolve.Ints{"def": 2, "cover": coverHard, "smoke": 1}, 4 + 1, 2, huntTable},
	{"melee inf vs inf", "melee", resolve.Ints{"attacker-hesa": 3, "defender-hesa": 2}, 3, 2, closeTable},
	{"melee cavalry charge vs soft cover", "melee", resolve.Ints{"attacker-hesa": 2, "attacker-element": elemCav, "defender-hesa": 2, "cover": coverSoft}, 2 + 2, 2 + 1, closeTable},
	{"melee engineers through smoke vs CSW", "melee", resolve.Ints{"attacker-hesa": 2, "attacker-element": elemEng, "smoke": 1, "attacker-commander": 1, "defender-element": elemCSW, "cover": coverHard},
		2 + 2 + 1 + 1, 4 + 2, closeTable},
	{"melee cavalry gets no smoke bonus", "melee", resolve.Ints{"attacker-hesa": 2, "attacker-element": elemCav, "smoke": 1, "defender-hesa": 3, "defender-element": elemEng, "defender-commander": 1, "defender-quality": -1},
		2 + 2, 3 + 2 + 1 - 1, closeTable},
	{"overrun vs command element", "overrun", resolve.Ints{"defender-element": elemCmd, "defender-commander": 1}, 8, 4 + 1, closeTable},
	{"overrun by green crew vs HESA 5", "overrun", resolve.Ints{"attacker-quality": -2, "defender-hesa": 5, "defender-quality": 1}, 8 - 2, 5 + 1, closeTable},
	{"overrun gives engineers no +2", "overrun", resolve.Ints{"defender-hesa": 3, "defender-element": elemEng}, 8, 3, closeTable},
}

func TestDuelsExact(t *testing.T) {
	for _, c := range duelCases {
		t.Run(c.name, func(t *testing.T) {
			plan, err := compile(t, c.action, c.set)
			if err != nil {
				t.Fatal(err)
			}
			got := simtest.Exact(t, plan)
			want := bands(c.a, c.b, c.table)
			for name, p := range want {
				if !simtest.Near(got[name], p) {
					t.Errorf("%s: exact %.4f, want %.4f", name, got[name], p)
				}
			}
			for name, p := range got {
				if _, ok := want[name]; !ok && p != 0 {
					t.Errorf("%s: exact %.4f, want 0", name, p)
				}
			}
		})
	}
}

// Figures counted by hand over the 100 dice pairs.
func TestHandChecked(t *testing.T) {
	// HESA 3 vs Def 1: margin a-b+2. No effect needs b-a >= 2: 8+7+…+1 = 36
	// pairs; fall-back a-b in {-1, 0}: 9+10; suppressed {1, 2}: 9+8; out of
	// action a-b >= 3: 7+6+…+1 = 28.
	plan, _ := compile(t, "fire", resolve.Ints{"hesa": 3, "def": 1})
	got := simtest.Exact(t, plan)
	for name, want := range map[string]float64{"no-effect": .36, "fall-back": .19, "suppressed": .17, "out-of-action": .28} {
		if !simtest.Near(got[name], want) {
			t.Errorf("fire HESA 3 vs Def 1: %s = %.4f, want %.2f", name, got[name], want)
		}
	}
	// Rally with a commander, 6 elements lost, unsupported, quality 0:
	// d10 + 1 - 2 - 1 = d10 - 2. Out of action on 1..3, no effect 4..7,
	// unsuppressed 8..10, never 9+.
	plan, _ = compile(t, "rally", resolve.Ints{"commander": 1, "elements-lost": 6, "unsupported": 1})
	got = simtest.Exact(t, plan)
	for name, want := range map[string]float64{"out-of-action": .3, "no-effect": .4, "unsuppressed": .3, "unsuppressed-and-acts": 0} {
		if !simtest.Near(got[name], want) {
			t.Errorf("rally d10-2: %s = %.4f, want %.1f", name, got[name], want)
		}
	}
	// Plain rally: 1 out of action, 2..5 no effect, 6..8 unsuppressed, 9..10
	// acts. Five elements lost is not a full 3 twice: -1 only.
	plan, _ = compile(t, "rally", resolve.Ints{"elements-lost": 5, "quality": 1})
	got = simtest.Exact(t, plan)
	for name, want := range map[string]float64{"out-of-action": .1, "no-effect": .4, "unsuppressed": .3, "unsuppressed-and-acts": .2} {
		if !simtest.Near(got[name], want) {
			t.Errorf("rally d10: %s = %.4f, want %.1f", name, got[name], want)
		}
	}
}

func TestMonteCarloAgrees(t *testing.T) {
	for i, c := range duelCases {
		plan, err := compile(t, c.action, c.set)
		if err != nil {
			t.Fatal(err)
		}
		simtest.AgreeMC(t, plan, simtest.Exact(t, plan), 1_000_000, uint64(1000+i))
	}
	plan, _ := compile(t, "rally", resolve.Ints{"commander": 1, "quality": -1})
	simtest.AgreeMC(t, plan, simtest.Exact(t, plan), 1_000_000, 7)
}

func TestCompileErrors(t *testing.T) {
	cases := []struct {
		action string
		set    resolve.Ints
		flag   string
		msg    string
	}{
		{"fire", resolve.Ints{}, "hesa", "--hesa N"},
		{"fire", resolve.Ints{"hesa": 2, "ap": 3}, "ap", "not both"},
		{"fire", resolve.Ints{"hesa": 2, "def": 1, "over-half-range": 1}, "over-half-range", "AP fire only"},
		{"fire", resolve.Ints{"hesa": 2}, "def", "--def N"},
		{"fire", resolve.Ints{"hesa": 2, "def": 1, "target": targetVehicle}, "target", "give --ap"},
		{"fire", resolve.Ints{"ap": 2, "def": 1, "target": targetSoft}, "target", "give --hesa"},
		{"tank-hunt", resolve.Ints{}, "def", "--def N"},
		{"melee", resolve.Ints{"defender-hesa": 2}, "attacker-hesa", "HESA"},
		{"melee", resolve.Ints{"attacker-hesa": 2, "defender-hesa": 2, "defender-element": elemCSW}, "defender-hesa", "fights at 4"},
		{"overrun", resolve.Ints{}, "defender-hesa", "HESA"},
	}
	for _, c := range cases {
		_, err := compile(t, c.action, c.set)
		var fe *resolve.FlagError
		if !errors.As(err, &fe) || fe.Flag != c.flag || !strings.Contains(err.Error(), c.msg) {
			t.Errorf("%s %v: err = %v, want a --%s error saying %q", c.action, c.set, err, c.flag, c.msg)
		}
	}
}

// A card with HESA and AP fires by what it fires at: the --target given,
// else the defender card, else only if the card has no AP.
func TestFireFromCards(t *testing.T) {
	card := func(m resolve.Ints) *resolve.Args {
		a := System().CardArgs(m.Values())
		return &a
	}
	tank := card(resolve.Ints{"hesa": 4, "ap": 6, "quality": 1, "element": cardVehicle})
	inf := card(resolve.Ints{"hesa": 3, "def": 2, "element": elemInf})
	cases := []struct {
		name  string
		cards resolve.Cards
		given resolve.Ints
		want  map[string]int // the fire mode filled, and its value
		err   string
	}{
		{"tank at a vehicle card", resolve.Cards{"attacker": tank, "defender": tank}, resolve.Ints{}, map[string]int{"ap": 6}, ""},
		{"tank at an infantry card", resolve.Cards{"attacker": tank, "defender": inf}, resolve.Ints{}, map[string]int{"hesa": 4}, ""},
		{"tank with --target vehicle", resolve.Cards{"attacker": tank}, resolve.Ints{"target": targetVehicle}, map[string]int{"ap": 6}, ""},
		{"tank with --target soft", resolve.Cards{"attacker": tank}, resolve.Ints{"target": targetSoft}, map[string]int{"hesa": 4}, ""},
		{"tank at flags only", resolve.Cards{"attacker": tank}, resolve.Ints{"def": 4}, nil, "--target soft"},
		{"infantry has no AP", resolve.Cards{"attacker": inf}, resolve.Ints{}, map[string]int{"hesa": 3}, ""},
	}
	for _, c := range cases {
		fills, err := fireFromCards(c.cards, System().Action("fire").Args(c.given.Values(), nil))
		if c.err != "" {
			if err == nil || !strings.Contains(err.Error(), c.err) {
				t.Errorf("%s: err = %v, want one saying %q", c.name, err, c.err)
			}
			continue
		}
		got := map[string]int{}
		for _, f := range fills {
			if f.Param == "hesa" || f.Param == "ap" {
				got[f.Param] = f.Value.N
			}
		}
		if len(got) != 1 || got["hesa"] != c.want["hesa"] || got["ap"] != c.want["ap"] {
			t.Errorf("%s: fills %v, want %v", c.name, got, c.want)
		}
	}
}

// TestDuelsShared: fire at HESA 3 against Def 1 and at HESA 4 against
// Def 2 is one duel (+2), made once; AP 3 against Def 1 is +2 too but
// read on the AP column, another duel; tank hunting's +2 another table.
func TestDuelsShared(t *testing.T) {
	plan := func(action string, set resolve.Ints) resolve.Plan {
		p, err := compile(t, action, set)
		if err != nil {
			t.Fatal(err)
		}
		return p
	}
	a := plan("fire", resolve.Ints{"hesa": 3, "def": 1})
	if b := plan("fire", resolve.Ints{"hesa": 4, "def": 2}); a != b {
		t.Error("fire at +2 compiled twice")
	}
	if ap := plan("fire", resolve.Ints{"ap": 3, "def": 1}); ap == a {
		t.Error("AP fire at +2 shares HE/SA fire's duel")
	}
	if hunt := plan("tank-hunt", resolve.Ints{"def": 2}); hunt == a {
		t.Error("tank hunting at +2 shares fire's duel")
	}
}
