package cohesion

import (
	"errors"
	"math"
	"slices"
	"strconv"
	"strings"
	"testing"

	"odds/dice"
	"odds/resolve"
	"odds/sim/simtest"
)

// args reads flag-like settings into an action's values.
func args(t *testing.T, action string, set map[string]string) resolve.Args {
	t.Helper()
	return simtest.Args(t, System().Action(action), set, nil)
}

func compile(t *testing.T, action string, set map[string]string) resolve.Plan {
	t.Helper()
	p, err := System().Action(action).Compile(args(t, action, set))
	if err != nil {
		t.Fatal(err)
	}
	return p
}

// check compares every outcome with want (missing ones are 0), exactly
// and by Monte Carlo.
func check(t *testing.T, name string, p resolve.Plan, want map[string]float64) {
	t.Helper()
	got := simtest.Exact(t, p)
	for _, o := range p.Layout().Outcomes {
		if math.Abs(got[o]-want[o]) > 1e-12 {
			t.Errorf("%s: P(%s) = %.12f, want %.12f", name, o, got[o], want[o])
		}
	}
	simtest.AgreeMC(t, p, want, 200_000, 3)
}

// mean is the exact mean of a numeric result.
func mean(t *testing.T, p resolve.Plan, stat string) float64 {
	t.Helper()
	l := p.Layout()
	e := dice.NewEnumerator(64)
	prob := make([]float64, l.Cells)
	for {
		prob[p.Trial(e.Stream())] += e.Weight()
		if !e.Next() {
			break
		}
	}
	for i, s := range l.Stats {
		if s == stat {
			m := 0.0
			for c, q := range prob {
				m += q * l.Values[i][c]
			}
			return m
		}
	}
	t.Fatalf("no stat %q", stat)
	return 0
}

// Two SADRMs, +2 and +1, at Cohesion 6, concealed: FFAR = max(a+2, b+1).
// P(FFAR <= 6) = 0.4 x 0.5, P(FFAR <= 5) = 0.3 x 0.4, P(FFAR <= 9) =
// 0.7 x 0.8. Over 6: disrupted, at 10 or more a casualty; exactly 6:
// concealment lost. The cohesion check after FFAR > 6 fails on 7+ (0.4).
func TestFireUnit(t *testing.T) {
	p := compile(t, "fire", map[string]string{"sa-drm": "2+1", "cohesion": "6", "concealed": "true"})
	check(t, "2+1 vs 6", p, map[string]float64{"no-effect": 0.12, "concealment-lost": 0.08, "disrupted": 0.8 - 0.44, "casualty": 1 - 0.56})
	if m := mean(t, p, "check-failed"); math.Abs(m-0.8*0.4) > 1e-12 {
		t.Errorf("check-failed mean %g, want 0.32", m)
	}
	// Heroic: over Cohesion is always a casualty.
	check(t, "heroic", compile(t, "fire", map[string]string{"sa-drm": "0", "cohesion": "5", "heroic": "true"}),
		map[string]float64{"casualty": 0.5, "no-effect": 0.5})
	// Japanese: a casualty, and no cohesion check.
	p = compile(t, "fire", map[string]string{"sa-drm": "0", "cohesion": "5", "nationality": "japanese"})
	check(t, "japanese", p, map[string]float64{"casualty": 0.5, "no-effect": 0.5})
	if m := mean(t, p, "check-failed"); m != 0 {
		t.Errorf("a japanese unit took a cohesion check: %g", m)
	}
	// A platoon leader of higher Cohesion: FFAR -1. d10+1-1 > 6: 0.4.
	check(t, "with leader", compile(t, "fire", map[string]string{"sa-drm": "1", "cohesion": "6", "leader-cohesion": "8"}),
		map[string]float64{"disrupted": 0.3, "casualty": 0.1, "no-effect": 0.6})
	// A mortar 10 with MV 2 hits a vehicle of the hex and unloads riders.
	p = compile(t, "fire", map[string]string{"mortar-drm": "0", "mv": "2", "cohesion": "9", "rider": "true"})
	if m := mean(t, p, "vehicle-hit"); math.Abs(m-0.1) > 1e-12 {
		t.Errorf("vehicle-hit mean %g, want 0.1", m)
	}
	if m := mean(t, p, "riders-unload"); math.Abs(m-0.1) > 1e-12 { // a 10 is also FFAR 10 > 9
		t.Errorf("riders-unload mean %g, want 0.1", m)
	}
}

// Volleys of three dice (tabled) and four (rolled die by die),
// with a mortar among them, at Cohesion 7: P(FFAR <= v) is the product
// over the dice of P(d10 + DRM <= v); over 7 disrupts, 10 or more is a
// casualty. The mortar 10 (MV 2) hits a vehicle: 1 - 0.9^mortars.
func TestFireVolleys(t *testing.T) {
	for _, c := range []struct{ sa, mortar []int }{
		{[]int{1, 0}, []int{2}}, {[]int{1, -1, 3}, []int{2}}, {[]int{0, 3}, []int{2, 1}},
	} {
		atMost := func(v int) float64 {
			q := 1.0
			for _, d := range append(slices.Clone(c.sa), c.mortar...) {
				q *= min(1, max(0, float64(v-d)/10))
			}
			return q
		}
		p := compile(t, "fire", map[string]string{"sa-drm": terms(c.sa), "mortar-drm": terms(c.mortar), "mv": "2", "cohesion": "7"})
		name := terms(c.sa) + " and mortar " + terms(c.mortar)
		check(t, name, p, map[string]float64{"no-effect": atMost(7), "disrupted": atMost(9) - atMost(7), "casualty": 1 - atMost(9)})
		if m, want := mean(t, p, "vehicle-hit"), 1-math.Pow(0.9, float64(len(c.mortar))); math.Abs(m-want) > 1e-12 {
			t.Errorf("%s: vehicle-hit mean %g, want %g", name, m, want)
		}
	}
}

func terms(ds []int) string {
	s := make([]string, len(ds))
	for i, d := range ds {
		s[i] = strconv.Itoa(d)
	}
	return strings.Join(s, "+")
}

// Anti-tank fire at a vehicle: rolls of 2 or less are ignored; over the
// armour destroys; an AFV is shocked at the armour exactly, or by a 10
// within 2 of it.
func TestFireVehicle(t *testing.T) {
	// ATDRM +1 at AV 6: 6..10 destroy (0.5), a 5 shocks (0.1).
	check(t, "at 1 vs 6", compile(t, "fire", map[string]string{"at-drm": "1", "av": "6", "afv": "true"}),
		map[string]float64{"destroyed": 0.5, "shocked": 0.1, "no-effect": 0.4})
	// ATDRM -5 at AV 6: only a 10 (FFAR 5 >= 6-2) shocks.
	check(t, "roll of 10", compile(t, "fire", map[string]string{"at-drm": "-5", "av": "6", "afv": "true"}),
		map[string]float64{"shocked": 0.1, "no-effect": 0.9})
	// ATDRM +5 at AV 6: 1 and 2 are ignored though they would reach 6.
	check(t, "low rolls ignored", compile(t, "fire", map[string]string{"at-drm": "5", "av": "6", "afv": "true"}),
		map[string]float64{"destroyed": 0.8, "no-effect": 0.2})
	// The rear arc reads the enfilade value.
	check(t, "rear", compile(t, "fire", map[string]string{"at-drm": "1", "av": "9", "eav": "6", "rear": "true"}),
		map[string]float64{"destroyed": 0.5, "no-effect": 0.5})
	// A mortar 10 (MV 2) destroys a soft vehicle, with collateral damage.
	p := compile(t, "fire", map[string]string{"mortar-drm": "0", "mv": "2", "av": "3"})
	check(t, "mortar at a carrier", p, map[string]float64{"destroyed": 0.1, "no-effect": 0.9})
	if m := mean(t, p, "collateral-damage"); math.Abs(m-0.1) > 1e-12 {
		t.Errorf("collateral-damage mean %g, want 0.1", m)
	}
}

// Assault: d10 + DRM on the rows 14, 10..13, 6..9, 2..5, -1..1, ..-2.
func TestAssault(t *testing.T) {
	// Cohesion 10 vs 2 is +3 (clamped), envelopment +2: 5, clamped to 4.
	// d10+4 = 5..14: 14 on a 10, 10..13 on 6-9, 6..9 on 2-5, 2..5 on a 1.
	check(t, "+4", compile(t, "assault", map[string]string{"attacker-cohesion": "10", "defender-cohesion": "2", "envelopment": "true"}),
		map[string]float64{"14": 0.1, "10..13": 0.4, "6..9": 0.4, "2..5": 0.1})
	// All the minuses: -2 -1 -1 -1 -1 -1 (attacker in motion) = -7, -4.
	// d10-4 = -3..6: ..-2 on 1-2, -1..1 on 3-5, 2..5 on 6-9, 6..9 on 10.
	check(t, "-4", compile(t, "assault", map[string]string{"urban": "true", "uphill": "true", "concealed": "true", "ip": "true",
		"fragmented": "true", "vehicle-in-motion": "attacker"}),
		map[string]float64{"..-2": 0.2, "-1..1": 0.3, "2..5": 0.4, "6..9": 0.1})
	// Urban assault: with --drm -2, results 6-7 (d10 8, 9) hit both sides,
	// 4-5 (d10 6, 7) the attacker.
	p := compile(t, "assault", map[string]string{"drm": "-2", "urban": "true"})
	if a, d := mean(t, p, "urban-attacker-casualty"), mean(t, p, "urban-defender-casualty"); math.Abs(a-0.4) > 1e-12 || math.Abs(d-0.2) > 1e-12 {
		t.Errorf("urban casualties: attacker %g, defender %g; want 0.4, 0.2", a, d)
	}
	if m := mean(t, compile(t, "assault", map[string]string{"drm": "-2"}), "urban-attacker-casualty"); m != 0 {
		t.Errorf("urban casualties without --urban: %g", m)
	}
}

// Vehicle destruction: destroyed on d10 + DRM >= 10.
func TestDestruction(t *testing.T) {
	check(t, "squad, cover", compile(t, "vehicle-destruction", map[string]string{"squad": "true", "cover": "true"}),
		map[string]float64{"destroyed": 0.6, "no-effect": 0.4})
	check(t, "every line", compile(t, "vehicle-destruction", map[string]string{"squad": "true", "anti-tank": "true", "heroic-or-armoured": "true",
		"cover": "true", "carrier-or-shocked": "true", "sunken-road": "true", "in-motion": "true"}),
		map[string]float64{"destroyed": 1})
	check(t, "drm -1", compile(t, "vehicle-destruction", map[string]string{"drm": "-1"}), map[string]float64{"no-effect": 1})
}

func TestCompileErrors(t *testing.T) {
	cases := []struct {
		action string
		set    map[string]string
		flag   string
	}{
		{"fire", map[string]string{"sa-drm": "1"}, "cohesion"},
		{"fire", map[string]string{"cohesion": "5"}, "sa-drm"},
		{"fire", map[string]string{"sa-drm": "1", "cohesion": "5", "av": "4"}, "av"},
		{"fire", map[string]string{"sa-drm": "1", "av": "4"}, "sa-drm"},
		{"fire", map[string]string{"at-drm": "1", "cohesion": "5"}, "at-drm"},
		{"fire", map[string]string{"at-drm": "1", "av": "4", "rear": "true"}, "eav"},
		{"fire", map[string]string{"at-drm": "1", "av": "4", "heroic": "true"}, "heroic"},
		{"fire", map[string]string{"sa-drm": strings.TrimSuffix(strings.Repeat("1+", maxRolls+1), "+"), "cohesion": "5"}, "sa-drm"},
		{"assault", map[string]string{"drm": "2", "uphill": "true"}, "drm"},
		{"assault", map[string]string{"attacker-cohesion": "5"}, "defender-cohesion"},
		{"vehicle-destruction", map[string]string{"drm": "2", "cover": "true"}, "drm"},
	}
	for _, c := range cases {
		_, err := System().Action(c.action).Compile(args(t, c.action, c.set))
		var fe *resolve.FlagError
		if !errors.As(err, &fe) || fe.Flag != c.flag {
			t.Errorf("%s %v: err = %v, want a --%s error", c.action, c.set, err, c.flag)
		}
	}
}

func TestNoAllocations(t *testing.T) {
	for _, p := range []resolve.Plan{
		compile(t, "fire", map[string]string{"sa-drm": "2+1", "mortar-drm": "1", "mv": "2", "cohesion": "6"}),
		compile(t, "fire", map[string]string{"at-drm": "2+3", "av": "6", "afv": "true"}),
		compile(t, "assault", map[string]string{"drm": "1"}),
	} {
		s := dice.New(1, 1)
		counts := make([]uint64, p.Layout().Cells)
		if a := testing.AllocsPerRun(100, func() { p.Run(s, 100, counts) }); a != 0 {
			t.Errorf("%.1f allocations per Run", a)
		}
	}
}

// stackEnv holds the cards of the stack tests.
func stackEnv() *resolve.Env {
	card := func(m map[string]int) resolve.Values { return resolve.Ints(m).Values() }
	return &resolve.Env{Units: map[string]resolve.Values{
		"squad-7":    card(map[string]int{"kind": kindCombat, "cohesion": 7, "sav": 4}),
		"squad-7b":   card(map[string]int{"kind": kindCombat, "cohesion": 7, "sav": 4, "heroic": 1}),
		"mg-7":       card(map[string]int{"kind": kindCombat, "cohesion": 7, "sav": 6}),
		"squad-5":    card(map[string]int{"kind": kindCombat, "cohesion": 5}),
		"leader-8":   card(map[string]int{"kind": kindLeader, "cohesion": 8}),
		"non-combat": card(map[string]int{"kind": 5, "cohesion": 9}),
		"tank":       card(map[string]int{"kind": kindAFV, "av": 5}),
	}}
}

func stackPlan(t *testing.T, set map[string]string) resolve.Plan {
	t.Helper()
	act := System().Action("fire")
	p, err := act.Compile(simtest.Args(t, act, set, stackEnv()))
	if err != nil {
		t.Fatal(err)
	}
	return p
}

// The target of a stack (13.1.3): unconcealed undisrupted combat units
// first, the best Cohesion, then the best SAV; a leader of higher Cohesion
// gives -1; ties are settled at random.
func TestStack(t *testing.T) {
	// squad-5 is unconcealed, squad-7 concealed: squad-5 (Cohesion 5) is
	// chosen. SADRM 0 over 5: 0.5; a 10 is a casualty.
	check(t, "unconcealed first", stackPlan(t, map[string]string{"sa-drm": "0", "stack": "squad-7:concealed+squad-5"}),
		map[string]float64{"disrupted": 0.4, "casualty": 0.1, "no-effect": 0.5})
	// mg-7 and squad-7 tie on Cohesion; mg-7's SAV is better. The leader
	// (8 > 7) gives -1: d10 - 1 + 2 > 7 on 7..10, a casualty on 9..10.
	check(t, "SAV breaks the tie; the leader", stackPlan(t, map[string]string{"sa-drm": "2", "stack": "squad-7+mg-7+leader-8"}),
		map[string]float64{"disrupted": 0.2, "casualty": 0.2, "no-effect": 0.6})
	// squad-7 and squad-7b tie on everything the priority reads: each is
	// the target half the time; squad-7b is heroic (a casualty over 7).
	check(t, "random among ties", stackPlan(t, map[string]string{"sa-drm": "0", "stack": "squad-7+squad-7b"}),
		map[string]float64{"disrupted": 0.5 * 0.2, "casualty": 0.5*0.1 + 0.5*0.3, "no-effect": 0.7})
	// Mortar fire does not choose riders: squad-5 rides, squad-7 is chosen.
	check(t, "mortar skips riders", stackPlan(t, map[string]string{"mortar-drm": "0", "stack": "squad-5:rider+squad-7+tank"}),
		map[string]float64{"disrupted": 0.2, "casualty": 0.1, "no-effect": 0.7})
	// Only a non-combat unit left: it is chosen.
	check(t, "non-combat last", stackPlan(t, map[string]string{"sa-drm": "0", "stack": "non-combat+tank"}),
		map[string]float64{"casualty": 0.1, "no-effect": 0.9})
	act := System().Action("fire")
	for set, flag := range map[*map[string]string]string{
		{"sa-drm": "0", "stack": "nosuch"}:                    "stack",
		{"sa-drm": "0", "stack": "squad-7:asleep"}:            "stack",
		{"sa-drm": "0", "stack": "tank"}:                      "stack",
		{"sa-drm": "0", "stack": "squad-7", "cohesion": "5"}:  "cohesion",
		{"sa-drm": "0", "stack": "squad-7", "concealed": "1"}: "concealed",
		{"at-drm": "0", "stack": "squad-7"}:                   "at-drm",
	} {
		_, err := act.Compile(simtest.Args(t, act, *set, stackEnv()))
		var fe *resolve.FlagError
		if !errors.As(err, &fe) || fe.Flag != flag {
			t.Errorf("%v: err = %v, want a --%s error", *set, err, flag)
		}
	}
	if _, err := resolve.ParseValues(act.Param("stack"), "a++b"); err == nil {
		t.Error("--stack a++b parsed")
	}
}

// Immediate resolutions: no roll, or a coin for equal forces.
func TestImmediate(t *testing.T) {
	check(t, "lone AFV", compile(t, "assault", map[string]string{"immediate": "lone-afv"}), map[string]float64{"defender-destroyed": 1})
	check(t, "non-combat, 5 vs 7", compile(t, "assault", map[string]string{"immediate": "non-combat", "attacker-cohesion": "5", "defender-cohesion": "7"}),
		map[string]float64{"attacker-retreats": 1})
	check(t, "AFVs, equal ATV", compile(t, "assault", map[string]string{"immediate": "afvs", "attacker-atv": "3", "defender-atv": "3"}),
		map[string]float64{"attacker-retreats": 0.5, "defender-retreats": 0.5})
	act := System().Action("assault")
	for _, set := range []map[string]string{{"immediate": "afvs"}, {"attacker-atv": "3"}} {
		if _, err := act.Compile(args(t, "assault", set)); err == nil {
			t.Errorf("%v compiled", set)
		}
	}
}
