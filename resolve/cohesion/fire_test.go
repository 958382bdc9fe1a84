package cohesion

import (
	"errors"
	"math"
	"strconv"
	"testing"

	"odds/resolve"
)

// A vehicle target has no platoon leader's -1: --leader-cohesion is
// refused there as --concealed, --heroic and --rider are.
func TestLeaderAtVehicle(t *testing.T) {
	_, err := System().Action("fire").Compile(args(t, "fire", map[string]string{"at-drm": "1", "av": "6", "leader-cohesion": "8"}))
	var fe *resolve.FlagError
	if !errors.As(err, &fe) || fe.Flag != "leader-cohesion" {
		t.Errorf("--leader-cohesion at a vehicle: err = %v, want a --leader-cohesion error", err)
	}
}

// "exclude Riders/Passengers in case of MDRM": a lone rider is never the
// mortar's target. Counted over the d10s: mortar +2 alone at a rider of
// Cohesion 5 has no effect on it (it was disrupted on 4-7, a casualty on
// 8-10 before); the mortar's 10 with MV 2 still unloads it (1 face in 10).
// With a small-arms 0 beside a mortar +5 only the small-arms die counts:
// 6-9 disrupt (0.4), 10 is a casualty (0.1), 1-5 nothing (0.5).
func TestMortarSparesRider(t *testing.T) {
	check(t, "mortar at a rider", compile(t, "fire", map[string]string{"mortar-drm": "2", "cohesion": "5", "rider": "true"}),
		map[string]float64{"no-effect": 1})
	p := compile(t, "fire", map[string]string{"mortar-drm": "2", "mv": "2", "cohesion": "5", "rider": "true"})
	check(t, "mortar MV 2 at a rider", p, map[string]float64{"no-effect": 1})
	for _, stat := range []string{"riders-unload", "vehicle-hit"} {
		if m := mean(t, p, stat); math.Abs(m-0.1) > 1e-12 {
			t.Errorf("%s mean %g, want 0.1", stat, m)
		}
	}
	check(t, "small arms and mortar at a rider", compile(t, "fire", map[string]string{"sa-drm": "0", "mortar-drm": "5", "cohesion": "5", "rider": "true"}),
		map[string]float64{"no-effect": 0.5, "disrupted": 0.4, "casualty": 0.1})
}

// "consider the single highest result per target": the roll-10 shock
// belongs to the highest result's die. --at-drm 3+0 at AV 12, an AFV,
// counted over the 100 joint faces (a for +3, b for +0): destroyed when
// a = 10 (13 > 12): 10 faces; shocked when a = 9 (12 = AV): 10 faces, or
// b = 10 and b's 10 is the highest (a <= 7, a+3 <= 10; a = 7 ties and
// counts): 7 faces; 17 in all. Any die's 10 shocked before: 18 faces.
func TestShockHighestDie(t *testing.T) {
	check(t, "3+0 vs 12", compile(t, "fire", map[string]string{"at-drm": "3+0", "av": "12", "afv": "true"}),
		map[string]float64{"destroyed": 0.10, "shocked": 0.17, "no-effect": 0.73})
	// The same by enumeration from the sheet's words, independently of
	// atVehicle: the highest result (rolls of 2 or less ignored), shocked
	// if it equals the AV, or a tied-highest die rolled 10 and it is at
	// least AV - 2.
	for _, c := range []struct{ d1, d2, av int }{{3, 0, 12}, {1, -2, 9}, {0, 0, 10}, {4, 2, 11}} {
		want := map[string]float64{}
		for a := 1; a <= 10; a++ {
			for b := 1; b <= 10; b++ {
				best, ten := -100, false
				for _, x := range [][2]int{{a, c.d1}, {b, c.d2}} {
					if x[0] > 2 && x[0]+x[1] > best {
						best, ten = x[0]+x[1], x[0] == 10
					} else if x[0] > 2 && x[0]+x[1] == best {
						ten = ten || x[0] == 10
					}
				}
				switch {
				case best > c.av:
					want["destroyed"] += 0.01
				case best == c.av || (ten && best >= c.av-2):
					want["shocked"] += 0.01
				default:
					want["no-effect"] += 0.01
				}
			}
		}
		check(t, terms([]int{c.d1, c.d2})+" vs "+strconv.Itoa(c.av),
			compile(t, "fire", map[string]string{"at-drm": terms([]int{c.d1, c.d2}), "av": strconv.Itoa(c.av), "afv": "true"}), want)
	}
}

// Collateral damage "if by roll 10 & MFA >= 2 or ATV > 0". --at-drm 2
// --mortar-drm 0 --mv 2 at a soft vehicle of AV 8, firer's ATV 0, counted
// over the 100 joint faces (a the AT die, m the mortar's): destroyed when
// a >= 7 (a+2 > 8) or m = 10: 40 + 6 = 46 faces; collateral whenever the
// mortar's 10 destroyed it, m = 10: 10 faces (0.10), the AT die's kill
// included. Before, an AT kill (ATV 0) hid the mortar's: 6 faces.
// An AFV: the mortar's 10 only shocks, so an AT kill with ATV 0 has no
// collateral damage, with ATV 1 it has (a >= 7: 0.4).
func TestCollateral(t *testing.T) {
	p := compile(t, "fire", map[string]string{"at-drm": "2", "mortar-drm": "0", "mv": "2", "av": "8", "atv": "0"})
	check(t, "AT and mortar", p, map[string]float64{"destroyed": 0.46, "no-effect": 0.54})
	if m := mean(t, p, "collateral-damage"); math.Abs(m-0.10) > 1e-12 {
		t.Errorf("collateral-damage mean %g, want 0.10", m)
	}
	for _, c := range []struct {
		atv  string
		want float64
	}{{"0", 0}, {"1", 0.4}} {
		p := compile(t, "fire", map[string]string{"at-drm": "2", "mortar-drm": "0", "mv": "2", "av": "8", "afv": "true", "atv": c.atv})
		if m := mean(t, p, "collateral-damage"); math.Abs(m-c.want) > 1e-12 {
			t.Errorf("AFV, ATV %s: collateral-damage mean %g, want %g", c.atv, m, c.want)
		}
	}
}
