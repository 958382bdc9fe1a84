package rof

import (
	"errors"
	"math"
	"strconv"
	"testing"

	"odds/dice"
	"odds/resolve"
	"odds/sim/simtest"
)

func compile(t *testing.T, action string, set resolve.Ints) resolve.Plan {
	t.Helper()
	p, err := try(action, set)
	if err != nil {
		t.Fatalf("%s %v: %v", action, set, err)
	}
	return p
}

func try(action string, set resolve.Ints) (resolve.Plan, error) {
	act := System().Action(action)
	v := act.Defaults()
	for k, x := range set {
		if act.Param(k) == nil {
			panic("no parameter " + k)
		}
		v[k] = resolve.Value{N: x}
	}
	return act.Compile(act.Args(v, nil))
}

func pow(x float64, n int) float64 { return math.Pow(x, float64(n)) }

func binom(n, k int, p float64) float64 {
	c := 1.0
	for i := 1; i <= k; i++ {
		c = c * float64(n-k+i) / float64(i)
	}
	return c * pow(p, k) * pow(1-p, n-k)
}

// check compares the exact driver with want, then Monte Carlo with both.
func check(t *testing.T, name string, p resolve.Plan, want map[string]float64) {
	t.Helper()
	got := simtest.Exact(t, p)
	for o, w := range want {
		if math.Abs(got[o]-w) > 1e-12 {
			t.Errorf("%s: P(%s) = %.12f, want %.12f", name, o, got[o], w)
		}
	}
	simtest.AgreeMC(t, p, got, 1_000_000, 42)
}

// Received fire checks. n dice on the open ground table (1-2 killed, 3
// suppressed): ready needs every die 4+, (1/2)^n; killed needs a die 1-2,
// 1-(2/3)^n. On the hard cover table (1 killed, 2-3 suppressed): killed is
// 1-(5/6)^n. With two killed needed, killed is P(Bin(n,1/6) >= 2) and a
// single killed die counts as suppressed.
func TestRFC(t *testing.T) {
	for _, n := range []int{0, 1, 2, 3, 4, 9, 10, 12} { // picked to 9 dice, counted past
		open := map[string]float64{"ready": pow(.5, n), "killed": 1 - pow(2.0/3, n), "suppressed": pow(2.0/3, n) - pow(.5, n)}
		hardT := map[string]float64{"ready": pow(.5, n), "killed": 1 - pow(5.0/6, n), "suppressed": pow(5.0/6, n) - pow(.5, n)}
		two := map[string]float64{"ready": pow(.5, n), "killed": 1 - binom(n, 0, 1.0/6) - binom(n, 1, 1.0/6)}
		two["suppressed"] = 1 - two["ready"] - two["killed"]
		cases := []struct {
			name string
			set  resolve.Ints
			want map[string]float64
		}{
			{"moving infantry in the open", resolve.Ints{"moving": 1}, open},
			{"infantry in the open not ordered to move reads hard cover", resolve.Ints{}, hardT},
			{"gun in the open", resolve.Ints{"team": gun}, open},
			{"suppressed gun in the open reads hard cover", resolve.Ints{"team": gun, "suppressed": 1}, hardT},
			{"vehicle in hard cover", resolve.Ints{"team": vehicle, "cover": hard}, hardT},
			{"suppressed vehicle in the open: no help", resolve.Ints{"team": vehicle, "suppressed": 1}, open},
			{"suppressed infantry in hard cover needs two killed", resolve.Ints{"suppressed": 1, "cover": hard, "moving": 1}, two},
			{"open-topped vehicle in contact in hard cover reads open", resolve.Ints{"team": vehicle, "cover": hard, "open-topped": 1}, open},
		}
		for _, c := range cases {
			c.set["rfp"] = n
			check(t, c.name, compile(t, "rfc", c.set), c.want)
		}
	}
}

// Fire at one infantry team in the open (not moving: hard cover table).
// RoF 3 hits Bin(3, 1/2); one hit is one RFP: killed 1/6, suppressed 2/6.
// Concealed and long range need 6s.
func TestFireInfantry(t *testing.T) {
	hit := 1 - pow(.5, 3)
	check(t, "RoF 3", compile(t, "fire", resolve.Ints{"rof": 3}),
		map[string]float64{"target-team-killed": hit / 6, "target-team-suppressed": hit * 2 / 6, "target-team-ready": 1 - hit/2, "target-team-destroyed": 0})
	hit = 1 - pow(5.0/6, 4) // RoF 3 + leader, 6s only
	check(t, "RoF 3 + leader, concealed at long range", compile(t, "fire", resolve.Ints{"rof": 3, "leader": 1, "concealed": 1, "long-range": 1}),
		map[string]float64{"target-team-killed": hit / 6, "target-team-suppressed": hit * 2 / 6, "target-team-ready": 1 - hit/2})
}

// Two firing teams of RoF 2 at three target teams: hits Bin(4, 1/2), the
// target team is hit when hits >= 1, teams hit = min(hits, 3), one RFP each.
func TestFireAllocation(t *testing.T) {
	p := compile(t, "fire", resolve.Ints{"rof": 2, "firing-teams": 2, "target-teams": 3, "moving": 1})
	got := simtest.Exact(t, p)
	hit := 1 - pow(.5, 4)
	// open table for moving infantry: killed 2/6, suppressed 1/6
	if w := hit * 2 / 6; math.Abs(got["target-team-killed"]-w) > 1e-12 {
		t.Errorf("killed = %g, want %g", got["target-team-killed"], w)
	}
	res, _ := runExact(p)
	mean := res[0] // hits
	if math.Abs(mean-2) > 1e-12 {
		t.Errorf("mean hits = %g, want 2", mean)
	}
	// mean RFPs = E[min(hits, 3)] = sum_k min(k,3) C(4,k)/16 = (1*4 + 2*6 + 3*4 + 3*1)/16
	if w := 31.0 / 16; math.Abs(res[1]-w) > 1e-12 {
		t.Errorf("mean RFPs = %g, want %g (excess hits lost)", res[1], w)
	}
	// mean teams killed = E[teams hit] * 2/6 (each hit team independently)
	if w := 31.0 / 16 * 2 / 6; math.Abs(res[2]-w) > 1e-12 {
		t.Errorf("mean teams killed = %g, want %g", res[2], w)
	}
	simtest.AgreeMC(t, p, got, 1_000_000, 3)
}

// Leaders and small teams are hit after the other teams, even as the
// target. RoF 2 at two teams, the target small: it is hit only when both
// dice hit (1/4), then one RFP on the hard table: killed 1/6.
func TestFireSmallTarget(t *testing.T) {
	p := compile(t, "fire", resolve.Ints{"rof": 2, "target-teams": 2, "small-teams": 1, "target-small": 1})
	check(t, "small target", p, map[string]float64{"target-team-killed": .25 / 6, "target-team-suppressed": .25 * 2 / 6, "target-team-ready": 1 - .25/2})
	// Not small: it is hit when either die hits (3/4).
	p = compile(t, "fire", resolve.Ints{"rof": 2, "target-teams": 2, "small-teams": 1})
	check(t, "small other team", p, map[string]float64{"target-team-killed": .75 / 6, "target-team-suppressed": .75 * 2 / 6, "target-team-ready": 1 - .75/2})
	// Both teams small, the target among them (--target-small, needed
	// now): it is the first of the small teams, hit when either die hits
	// (3/4), as when no team is small.
	p = compile(t, "fire", resolve.Ints{"rof": 2, "target-teams": 2, "small-teams": 2, "target-small": 1})
	check(t, "all small", p, map[string]float64{"target-team-killed": .75 / 6, "target-team-suppressed": .75 * 2 / 6, "target-team-ready": 1 - .75/2})
}

// A pen 6 destroys the vehicle: the RFPs it would have had are not
// suffered. AT 7 vs AR 6, RoF 1: one pen die per hit; mean RFPs is
// P(hit) * P(no 6) * 1 = 1/2 * 5/6.
func TestFireRFPsOfDestroyed(t *testing.T) {
	p := compile(t, "fire", resolve.Ints{"rof": 1, "at": 7, "ar": 6})
	if means, _ := runExact(p); math.Abs(means[1]-5.0/12) > 1e-12 {
		t.Errorf("mean RFPs = %g, want 5/12", means[1])
	}
}

// "--rof 4+2+2" is teams of different RoF firing together: 8 dice.
func TestRoFSum(t *testing.T) {
	act := System().Action("fire")
	got, err := resolve.ParseValues(act.Param("rof"), "4+2+2,3")
	if err != nil || len(got) != 2 || got[0].N != 8 || got[1].N != 3 {
		t.Fatalf("ParseValues(4+2+2,3) = %v, %v; want [8 3]", got, err)
	}
	if _, err := resolve.ParseValues(act.Param("rof"), "4+0"); err == nil {
		t.Error("4+0 parsed; want an error (each team's RoF is 1..20)")
	}
	if _, err := resolve.ParseValues(act.Param("firing-teams"), "1+1"); err == nil {
		t.Error("--firing-teams 1+1 parsed; only --rof takes sums")
	}
}

// runExact returns the exact means of a plan's numeric results.
func runExact(p resolve.Plan) ([]float64, error) {
	l := p.Layout()
	e := dice.NewEnumerator(100)
	prob := make([]float64, l.Cells)
	for {
		prob[p.Trial(e.Stream())] += e.Weight()
		if !e.Next() {
			break
		}
	}
	means := make([]float64, len(l.Stats))
	for i := range l.Stats {
		for c, q := range prob {
			means[i] += q * l.Values[i][c]
		}
	}
	return means, nil
}

// Armoured targets: a vehicle in the open reads the open ground table.
func TestFireArmour(t *testing.T) {
	// AT 6 vs AR 3: 3 pen dice per hit. RoF 1: hit 1/2. Destroyed if a pen
	// die shows 6: 1-(5/6)^3. Otherwise the 3 pen dice are 3 RFPs, and the
	// received fire check rolls a fresh d6 for each, on the open table:
	// killed 1-(2/3)^3, ready (1/2)^3.
	noSix := pow(5.0/6, 3)
	want := map[string]float64{
		"target-team-destroyed":  .5 * (1 - noSix),
		"target-team-killed":     .5 * noSix * (1 - pow(2.0/3, 3)),
		"target-team-suppressed": .5 * noSix * (pow(2.0/3, 3) - pow(.5, 3)),
	}
	want["target-team-ready"] = 1 - want["target-team-destroyed"] - want["target-team-killed"] - want["target-team-suppressed"]
	check(t, "pen", compile(t, "fire", resolve.Ints{"rof": 1, "at": 6, "ar": 3}), want)
	// AT 3 vs AR 4: 3 ping dice per hit, each 6 an RFP. RoF 1.
	// P(k RFPs) = 1/2 Bin(3,1/6)(k); with k RFPs on the open table:
	// killed 1-(2/3)^k, ready (1/2)^k.
	killed, ready := 0.5, 0.5 // ready includes the miss
	killed = 0
	for k := 0; k <= 3; k++ {
		pk := .5 * binom(3, k, 1.0/6)
		killed += pk * (1 - pow(2.0/3, k))
		ready += pk * pow(.5, k)
	}
	check(t, "ping", compile(t, "fire", resolve.Ints{"rof": 1, "at": 3, "ar": 4}),
		map[string]float64{"target-team-killed": killed, "target-team-ready": ready, "target-team-destroyed": 0})
	// AR at least double AT: ineffective.
	check(t, "AR 6 vs AT 3", compile(t, "fire", resolve.Ints{"rof": 5, "at": 3, "ar": 6}), map[string]float64{"target-team-ready": 1})
}

// Move: infantry is the higher of 2d6 plus 2: P(max = m) = (2m-1)/36. A gun
// the lower: (13-2m)/36. A vehicle the sum: (6-|s-7|)/36.
func TestMove(t *testing.T) {
	inf, gunD, veh := map[string]float64{}, map[string]float64{}, map[string]float64{}
	for m := 1; m <= 6; m++ {
		inf[itoa(m+2)] = float64(2*m-1) / 36
		gunD[itoa(m+2)] = float64(13-2*m) / 36
	}
	for s := 2; s <= 12; s++ {
		veh[itoa(s+12)] = float64(6-max(s-7, 7-s)) / 36 // on a wheeled road: +12
	}
	check(t, "infantry", compile(t, "move", resolve.Ints{}), inf)
	check(t, "gun", compile(t, "move", resolve.Ints{"team": gun}), gunD)
	check(t, "wheeled on the road", compile(t, "move", resolve.Ints{"team": vehicle, "road": 2}), veh)
	// Wheeled in difficult terrain, quality 4: fail (1/2) moves 1" and stops.
	p := compile(t, "move", resolve.Ints{"team": vehicle, "drive": wheeled, "terrain": difficult, "quality": 4})
	if got := simtest.Exact(t, p); math.Abs(got["1"]-.5) > 1e-12 || math.Abs(got["7"]-.5*6/36) > 1e-12 {
		t.Errorf("wheeled, difficult: P(1) = %g, P(7) = %g", got["1"], got["7"])
	}
	// Half-tracked in very difficult terrain may not move; a gun neither.
	for _, set := range []resolve.Ints{{"team": vehicle, "drive": halfTracked, "terrain": veryDifficult}, {"team": gun, "terrain": veryDifficult}} {
		if got := simtest.Exact(t, compile(t, "move", set)); got["0"] != 1 {
			t.Errorf("%v: P(0) = %g, want 1", set, got["0"])
		}
	}
	// Infantry with a leader, 9" to go: max + 2 + 3 >= 9 needs max >= 4:
	// 1 - (3/6)^2.
	check(t, "reach 9 with a leader", compile(t, "move", resolve.Ints{"leader": 1, "distance": 9}),
		map[string]float64{"reaches": .75, "falls-short": .25})
}

func itoa(n int) string { return strconv.Itoa(n) }

// Orders: the higher of two d6, P(m) = (2m-1)/36; doubles 1/6.
func TestOrders(t *testing.T) {
	want := map[string]float64{}
	for m := 1; m <= 6; m++ {
		want[itoa(m)] = float64(2*m-1) / 36
	}
	p := compile(t, "orders", resolve.Ints{})
	check(t, "orders", p, want)
	if means, _ := runExact(p); math.Abs(means[1]-1.0/6) > 1e-12 || math.Abs(means[0]-161.0/36) > 1e-12 {
		t.Errorf("hero = %g (want 1/6), mean order points = %g (want 161/36)", means[1], means[0])
	}
}

// Rally: quality 4 passes 1/2; a leader's second attempt: 3/4; out of
// sight: always.
func TestRally(t *testing.T) {
	check(t, "alone", compile(t, "rally", resolve.Ints{"quality": 4}), map[string]float64{"rallied": .5})
	check(t, "leader, quality 5", compile(t, "rally", resolve.Ints{"leader": 1, "quality": 5}), map[string]float64{"rallied": 1 - pow(4.0/6, 2)})
	check(t, "out of sight", compile(t, "rally", resolve.Ints{"out-of-sight": 1, "quality": 6}), map[string]float64{"rallied": 1})
}

// Artillery: each turn a d10; on target on a 10 or a deviation within the
// radius. Radius 3: 4/10 a turn; three turns: 1-(3/5)^3. Then 2 RFPs on
// infantry not moving in the open (hard table): killed 1-(5/6)^2.
func TestArtillery(t *testing.T) {
	on := 1 - pow(.6, 3)
	k := 1 - pow(5.0/6, 2)
	r := pow(.5, 2)
	check(t, "three turns", compile(t, "artillery", resolve.Ints{"battery": 2, "radius": 3, "turns": 3}),
		map[string]float64{"killed": on * k, "ready": 1 - on + on*r, "suppressed": on * (1 - k - r)})
	check(t, "mortar observing", compile(t, "artillery", resolve.Ints{"battery": 2, "mortar-observing": 1}),
		map[string]float64{"killed": k, "ready": r})
	// A vehicle with flank AR 2 under battery 3: one ping die, a 6 is an
	// RFP read on the open table: killed 1/6 * 2/6.
	check(t, "vehicle", compile(t, "artillery", resolve.Ints{"battery": 3, "flank-ar": 2, "mortar-observing": 1}),
		map[string]float64{"killed": 1.0 / 6 * 2 / 6, "suppressed": 1.0 / 6 / 6})
}

// Assault: d6 >= assault - support. Suppressed teams first rally or die.
func TestAssault(t *testing.T) {
	check(t, "assault 4, one support", compile(t, "assault", resolve.Ints{"assault": 4, "support": 1}),
		map[string]float64{"first-enemy-team-destroyed": 4.0 / 6, "first-enemy-team-unharmed": 2.0 / 6, "first-enemy-team-suppressed": 0})
	check(t, "suppressed, quality 3", compile(t, "assault", resolve.Ints{"assault": 4, "suppressed": 1, "quality": 3}),
		map[string]float64{"first-enemy-team-destroyed": 4.0 / 6 * .5, "first-enemy-team-unharmed": 1 - 4.0/6*.5})
	// Against a vehicle, flank AR 1, no AT weapon: AT 1 <= AR 1, so one ping
	// die; a 6 is an RFP, checked on the open table (open topped): killed
	// 2/6, suppressed 1/6.
	check(t, "no AT vs open-topped vehicle", compile(t, "assault", resolve.Ints{"assault": 3, "enemy": vehicle, "flank-ar": 1, "open-topped": 1}),
		map[string]float64{"first-enemy-team-destroyed": 4.0 / 6 / 6 * 2 / 6, "first-enemy-team-suppressed": 4.0 / 6 / 6 / 6})
	// No AT weapon is AT 1 and rolls even if doubled: flank AR 4, one ping.
	check(t, "no AT rolls even if doubled", compile(t, "assault", resolve.Ints{"assault": 3, "enemy": vehicle, "flank-ar": 4}),
		map[string]float64{"first-enemy-team-destroyed": 4.0 / 6 / 6 * 2 / 6, "first-enemy-team-suppressed": 4.0 / 6 / 6 / 6})
	// An AT weapon is not: AT 1 (+1 = 2) against flank AR 4 is doubled.
	check(t, "AT 1 doubled by flank AR 4", compile(t, "assault", resolve.Ints{"assault": 3, "enemy": vehicle, "flank-ar": 4, "at": 1}),
		map[string]float64{"first-enemy-team-unharmed": 1})
	// AT 5 (+1 = 6) vs flank AR 3: 3 pen dice; any 6 destroys, else 3 RFPs,
	// checked with fresh dice on the open table: killed 1-(2/3)^3.
	noSix := pow(5.0/6, 3)
	hit := 4.0 / 6
	check(t, "AT gun crew vs tank", compile(t, "assault", resolve.Ints{"assault": 3, "enemy": vehicle, "flank-ar": 3, "at": 5}),
		map[string]float64{"first-enemy-team-destroyed": hit * (1 - noSix + noSix*(1-pow(2.0/3, 3)))})
	// Two teams against one enemy team: it is destroyed once, with
	// probability 1 - (1/2)^2; the enemies destroyed are never more than 1.
	p := compile(t, "assault", resolve.Ints{"assault": 4, "teams": 2})
	check(t, "two teams, one enemy", p, map[string]float64{"first-enemy-team-destroyed": .75, "first-enemy-team-unharmed": .25})
	if means, _ := runExact(p); math.Abs(means[0]-.75) > 1e-12 {
		t.Errorf("mean enemies destroyed by 2 teams on 1 = %g, want 0.75", means[0])
	}
	// Three teams on two enemy teams: teams 1 and 3 on the first (3/4),
	// team 2 on the second (1/2): the mean is 5/4.
	p = compile(t, "assault", resolve.Ints{"assault": 4, "teams": 3, "enemy-teams": 2})
	check(t, "three teams, two enemies", p, map[string]float64{"first-enemy-team-destroyed": .75})
	if means, _ := runExact(p); math.Abs(means[0]-1.25) > 1e-12 {
		t.Errorf("mean enemies destroyed by 3 teams on 2 = %g, want 1.25", means[0])
	}
	// Two suppressed teams, quality 4: each is lost with 1/2; mean 1.
	p = compile(t, "assault", resolve.Ints{"assault": 4, "teams": 2, "enemy-teams": 1, "suppressed": 1, "quality": 4})
	if means, _ := runExact(p); math.Abs(means[1]-1) > 1e-12 {
		t.Errorf("mean assaulters destroyed = %g, want 1", means[1])
	}
}

func TestCompileErrors(t *testing.T) {
	cases := []struct {
		action string
		set    resolve.Ints
		flag   string
	}{
		{"fire", resolve.Ints{}, "rof"},
		{"fire", resolve.Ints{"rof": 2, "team": vehicle}, "ar"},
		{"fire", resolve.Ints{"rof": 2, "ar": 3}, "at"},
		{"fire", resolve.Ints{"rof": 2, "ar": 3, "at": 4, "team": infantry}, "ar"},
		{"fire", resolve.Ints{"rof": 20, "firing-teams": 2}, "rof"},
		{"rfc", resolve.Ints{"rfp": 1, "open-topped": 1}, "open-topped"},
		{"rfc", resolve.Ints{}, "rfp"},
		{"rally", resolve.Ints{}, "quality"},
		{"move", resolve.Ints{"drive": wheeled}, "drive"},
		{"move", resolve.Ints{"team": vehicle, "drive": wheeled, "road": roadTracked}, "road"},
		{"move", resolve.Ints{"team": vehicle, "drive": tracked, "road": roadWheeled}, "road"},
		{"move", resolve.Ints{"team": vehicle, "terrain": difficult}, "quality"},
		{"fire", resolve.Ints{"rof": 2, "target-teams": 2, "small-teams": 3}, "small-teams"},
		{"fire", resolve.Ints{"rof": 2, "target-small": 1}, "target-small"},
		// Every target team small but the target not: a contradiction,
		// refused like its mirror just above.
		{"fire", resolve.Ints{"rof": 2, "target-teams": 2, "small-teams": 2}, "small-teams"},
		{"fire", resolve.Ints{"rof": 2, "small-teams": 1}, "small-teams"},
		{"assault", resolve.Ints{"assault": 4, "teams": 3}, "teams"},
		{"assault", resolve.Ints{"assault": 4, "suppressed": 1}, "quality"},
		{"move", resolve.Ints{"road": 1}, "road"},
		{"move", resolve.Ints{"team": vehicle, "road": 1, "terrain": difficult}, "road"},
		{"artillery", resolve.Ints{}, "battery"},
		{"artillery", resolve.Ints{"battery": 2, "team": vehicle}, "flank-ar"},
		{"assault", resolve.Ints{}, "assault"},
		{"assault", resolve.Ints{"assault": 4, "enemy": vehicle}, "flank-ar"},
	}
	for _, c := range cases {
		_, err := try(c.action, c.set)
		var fe *resolve.FlagError
		if !errors.As(err, &fe) || fe.Flag != c.flag {
			t.Errorf("%s %v: err = %v, want a --%s error", c.action, c.set, err, c.flag)
		}
	}
}

func TestNoAllocations(t *testing.T) {
	plans := []resolve.Plan{
		compile(t, "fire", resolve.Ints{"rof": 4, "target-teams": 3}),
		compile(t, "fire", resolve.Ints{"rof": 2, "at": 6, "ar": 3, "target-teams": 2}),
		compile(t, "rfc", resolve.Ints{"rfp": 3}),
		compile(t, "move", resolve.Ints{"team": vehicle, "terrain": difficult, "quality": 4}),
		compile(t, "orders", resolve.Ints{}),
		compile(t, "artillery", resolve.Ints{"battery": 2, "turns": 3}),
		compile(t, "assault", resolve.Ints{"assault": 4, "teams": 3, "enemy-teams": 2, "suppressed": 1, "quality": 4}),
		compile(t, "rally", resolve.Ints{"leader": 1, "quality": 4}),
	}
	s := dice.New(1, 1)
	for _, p := range plans {
		counts := make([]uint64, p.Layout().Cells)
		if a := testing.AllocsPerRun(100, func() { p.Run(s, 100, counts) }); a != 0 {
			t.Errorf("%T: %.1f allocations per Run", p, a)
		}
	}
}
