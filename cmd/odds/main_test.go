package main

import (
	"bytes"
	"context"
	"flag"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"odds/resolve/all"
)

var update = flag.Bool("update", false, "refresh docs/plot-*.png, and docs/page-*.png with testdata/page-*.txt (TestPageUIBrowser); golden files are not rewritten: a mismatch writes testdata/NAME.got")

// run runs odds in-process.
func run(ctx context.Context, args ...string) (code int, stdout, stderr string) {
	var out, errb bytes.Buffer
	code = Main(ctx, args, &out, &errb)
	return code, out.String(), errb.String()
}

// normalize blanks what differs between runs of the same seed: timings.
var timings = []struct {
	re   *regexp.Regexp
	with string
}{
	{regexp.MustCompile(`(under )?[0-9.]+ (µs|ms|s)\b`), "T"},
	{regexp.MustCompile(`[0-9.]+ [kMG]? ?trials/s`), "R trials/s"},
	{regexp.MustCompile(`"elapsed_ms": [0-9.e+-]+`), `"elapsed_ms": 0`},
}

func normalize(s string) string {
	for _, t := range timings {
		s = t.re.ReplaceAllString(s, t.with)
	}
	return s
}

func TestGolden(t *testing.T) {
	cases := []struct {
		name string
		args []string
	}{
		{"fire_exact_table", []string{"opposed", "fire", "--hesa", "3", "--def", "1", "--seed", "1"}},
		{"fire_mc_table", []string{"opposed", "fire", "--hesa", "3", "--def", "1", "--cover", "soft", "--method", "mc", "--trials", "200000", "--seed", "7", "--workers", "2"}},
		{"fire_grid_csv", []string{"opposed", "fire", "--hesa", "1..3", "--def", "0,2", "--smoke=both", "--format", "csv", "--seed", "1"}},
		{"ap_json", []string{"opposed", "fire", "--ap", "5", "--def", "3", "--over-half-range", "--format", "json", "--seed", "1"}},
		{"melee_mc_json", []string{"opposed", "melee", "--attacker-hesa", "3", "--attacker-element", "eng", "--defender-hesa", "2", "--cover", "hard", "--format", "json", "--method", "mc", "--trials", "100000", "--seed", "3", "--workers", "2"}},
		{"tank_hunt_markdown", []string{"opposed", "tank-hunt", "--def", "5", "--engineers", "--format", "markdown", "--seed", "1"}},
		{"overrun_table", []string{"opposed", "overrun", "--defender-element", "csw", "--seed", "1"}},
		{"rally_grid_markdown", []string{"opposed", "rally", "--commander=both", "--quality", "-1,1", "--format", "markdown", "--seed", "1"}},
		{"roll_pool_table", []string{"roll", "6d6>=4", "--seed", "1"}},
		{"roll_opposed_json", []string{"roll", "d10+3 vs d10+1", "--format", "json", "--seed", "1"}},
		{"roll_mc_csv", []string{"roll", "4d6kh3", "--method", "mc", "--trials", "100000", "--format", "csv", "--seed", "9", "--workers", "2"}},
		{"roll_binned_table", []string{"roll", "40d10", "--seed", "1"}},
		{"systems_table", []string{"systems"}},
		{"systems_json", []string{"systems", "--format", "json"}},
		{"profiles_list_table", []string{"profiles", "list"}},
		{"profiles_show_markdown", []string{"profiles", "show", "tank-destroyer", "--format", "markdown"}},
		{"run_builtin_csv", []string{"run", "../../profiles/builtin/opposed.yaml", "--method", "exact", "--format", "csv", "--seed", "1"}},
		{"rof_fire_table", []string{"rof", "fire", "--attacker", "mg-team", "--defender", "rifle-team", "--target-teams", "2", "--seed", "1"}},
		{"rof_move_csv", []string{"rof", "move", "--unit", "medium-tank", "--terrain", "difficult", "--distance", "4..8", "--format", "csv", "--seed", "1"}},
		{"cards_table", []string{"opposed", "tank-hunt", "--attacker", "engineer-section", "--defender", "tank-destroyer", "--seed", "1"}},
		{"symbol_fire_table", []string{"symbol", "fire", "--attack", "red:2,green:1", "--defence", "blue:2", "--target", "infantry", "--seed", "1"}},
		{"symbol_fire_cards_json", []string{"symbol", "fire", "--attacker", "tank", "--defender", "half-track", "--range", "medium", "--impact", "flank", "--spot", "--format", "json", "--seed", "1"}},
		{"symbol_fire_mc_csv", []string{"symbol", "fire", "--attacker", "mg-team", "--defender", "rifle-squad", "--range", "close", "--terrain", "light-forest", "--method", "mc", "--trials", "100000", "--format", "csv", "--seed", "5", "--workers", "2"}},
		{"cohesion_fire_table", []string{"cohesion", "fire", "--sa-drm", "2+1", "--cohesion", "6", "--concealed", "--seed", "1"}},
		{"cohesion_assault_table", []string{"cohesion", "assault", "--attacker", "rifle-squad", "--defender", "japanese-squad", "--uphill", "--seed", "1"}},
		{"cohesion_stack_table", []string{"cohesion", "fire", "--sa-drm", "2+1", "--stack", "rifle-squad:concealed+mg-section+platoon-leader", "--seed", "1"}},
		{"cohesion_vehicle_csv", []string{"cohesion", "fire", "--at-drm", "1..3", "--defender", "sherman", "--format", "csv", "--seed", "1"}},
		{"symbol_close_combat_table", []string{"symbol", "close-combat", "--attacker", "rifle-squad", "--defender", "mg-team", "--fortification", "trench", "--side", "flank", "--attacker-supported", "--seed", "1"}},
		{"symbol_air_json", []string{"symbol", "air", "--defender", "tank", "--aa-range", "close", "--second-run", "--format", "json", "--seed", "1"}},
		{"symbol_barrage_mc_csv", []string{"symbol", "barrage", "--defender", "mg-team", "--friendly", "rifle-squad", "--terrain", "clear", "--method", "mc", "--trials", "100000", "--format", "csv", "--seed", "5", "--workers", "2"}},
		{"roster_matrix_table", []string{"symbol", "fire", "--attacker", "mg-team,tank", "--defender", "all", "--range", "close", "--seed", "1"}},
		{"roster_matrix_csv", []string{"symbol", "fire", "--attacker", "mg-team,tank", "--defender", "rifle-squad,tank", "--range", "close", "--metric", "mean:damage", "--format", "csv", "--seed", "1"}},
		{"roster_matrix_json", []string{"opposed", "fire", "--attacker", "mg-team,rifle-section", "--defender", "rifle-section,medium-tank", "--metric", "out-of-action", "--format", "json", "--seed", "1"}},
		{"roster_sweep_markdown", []string{"cohesion", "fire", "--stack", "rifle-squad,mg-section", "--sa-drm", "1,2", "--format", "markdown", "--seed", "1"}},
		{"compare_exact_table", []string{"symbol", "fire", "--attacker", "mg-team", "--defender", "rifle-squad", "--range", "close", "--vs", "--attacker tank", "--seed", "1"}},
		{"chain_opposed_table", []string{"opposed", "fire", "--hesa", "3", "--def", "1", "--until", "out-of-action", "--attacks", "4", "--seed", "1"}},
		{"chain_symbol_csv", []string{"symbol", "fire", "--attack", "red:2,green:1", "--defence", "blue:2", "--target", "infantry", "--until", "fallback", "--attacks", "3", "--format", "csv", "--seed", "1"}},
		{"chain_rof_json", []string{"rof", "fire", "--rof", "4", "--cover", "hard", "--rally-quality", "4", "--until", "target-team-killed", "--attacks", "3", "--format", "json", "--seed", "1"}},
		{"chain_cohesion_mc_markdown", []string{"cohesion", "fire", "--sa-drm", "2", "--cohesion", "7", "--concealed", "--until", "casualty", "--attacks", "3", "--method", "mc", "--trials", "100000", "--format", "markdown", "--seed", "5", "--workers", "2"}},
		{"compare_mc_json", []string{"opposed", "fire", "--hesa", "3", "--def", "1", "--vs", "--smoke", "--method", "mc", "--trials", "100000", "--format", "json", "--seed", "1", "--workers", "2"}},
		{"compare_sweep_csv", []string{"opposed", "fire", "--hesa", "2,3", "--def", "1", "--vs", "--def 2 --smoke", "--format", "csv", "--seed", "1"}},
		{"symbol_spot_markdown", []string{"symbol", "spot", "--attacker", "tank", "--defender", "rifle-squad", "--terrain", "brush,clear", "--hindered=both", "--format", "markdown", "--seed", "1"}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) { checkGolden(t, c.name, c.args, 0, "") })
	}
	// Bad input: the exit status and stderr are pinned, and nothing is
	// written to stdout.
	for _, c := range []struct {
		name   string
		args   []string
		stderr string
	}{
		{"bad_value", []string{"opposed", "fire", "--hesa", "99", "--def", "1"}, "odds: error: --hesa: want 0..12, got 99\n"},
		{"bad_shard", []string{"opposed", "fire", "--hesa", "3", "--def", "1", "--vs", "--smoke", "--shard", "1/2", "--seed", "1"},
			"odds: error: --shard: not with --vs\nodds: hint: compare in one run\n"},
		{"bad_vs", []string{"opposed", "fire", "--hesa", "3", "--def", "1", "--vs", "--trials 5"},
			"odds: error: --vs: --trials is a flag of the run, not of the matchup\nodds: hint: give it outside --vs: both sides run alike\n"},
	} {
		t.Run(c.name, func(t *testing.T) { checkGolden(t, c.name, c.args, exitUsage, c.stderr) })
	}
}

// checkGolden runs odds with args and compares its exit status and
// stderr with those given and its stdout (timings blanked) with
// testdata/NAME.golden; a run that fails must write nothing. On a
// mismatch the output is written to testdata/NAME.got, to compare and,
// if right, to rename: no blanket rewrite of the golden files.
func checkGolden(t *testing.T, name string, args []string, wantCode int, wantStderr string) {
	t.Helper()
	code, out, errs := run(context.Background(), args...)
	if code != wantCode || errs != wantStderr {
		t.Fatalf("exit %d, stderr %q; want exit %d, stderr %q", code, errs, wantCode, wantStderr)
	}
	if wantCode != 0 {
		if out != "" {
			t.Errorf("exit %d with stdout %q", code, out)
		}
		return
	}
	got := normalize(out)
	path := filepath.Join("testdata", name+".golden")
	want, err := os.ReadFile(path)
	if err == nil && got == string(want) {
		_ = os.Remove(filepath.Join("testdata", name+".got"))
		return
	}
	gotPath := filepath.Join("testdata", name+".got")
	if werr := os.WriteFile(gotPath, []byte(got), 0o644); werr != nil {
		t.Fatal(werr)
	}
	if err != nil {
		t.Fatalf("%v: the output is in %s (rename it if it is right)", err, gotPath)
	}
	t.Errorf("output differs from %s: see %s (diff them; rename it if it is right)", path, gotPath)
}

// Every bad input: exit 2, a one-line error naming what is wrong (and at
// most one hint line), nothing on stdout, no panic.
func TestBadInput(t *testing.T) {
	cases := []struct {
		args []string
		want string
	}{
		{[]string{"opposed", "fire", "--hesa", "x"}, "--hesa: want an integer"},
		{[]string{"opposed", "fire", "--hesa", "3", "--trials", "0"}, "--trials: want 1.."},
		{[]string{"opposed", "fire", "--hesa", "3", "--trials", "-5"}, "--trials: want 1.."},
		{[]string{"opposed", "fire", "--hesa", "3", "--trials", "lots"}, "--trials: want a whole number"},
		{[]string{"opposed", "fire", "--hesa", "3", "--workers", "0"}, "--workers: want 1.."},
		{[]string{"opposed", "fire", "--hesa", "5..1"}, "--hesa: range 5..1 runs backwards"},
		{[]string{"opposed", "fire", "--hesa", "13"}, "--hesa: want 0..12, got 13"},
		{[]string{"opposed", "fire", "--hesa", "1,,2"}, "--hesa: empty item"},
		{[]string{"opposed", "fire", "--hesa", "3", "--cover", "wet"}, "--cover: want one of none, soft, hard"},
		{[]string{"opposed", "fire", "--hesa", "3", "--smoke=maybe"}, "--smoke: want true, false or both"},
		{[]string{"opposed", "fire", "--hesa", "3", "--smoke", "both"}, `unexpected argument "both"`},
		{[]string{"opposed", "fire", "--hesa", "3", "--format", "xml"}, "--format: want one of table, csv, json, markdown"},
		{[]string{"opposed", "fire", "--hesa", "3", "--method", "guess"}, "--method: want one of auto, exact, mc"},
		{[]string{"opposed", "fire", "--hesa", "3", "--seed", "-1"}, "--seed: want a whole number"},
		{[]string{"opposed", "fire", "--hesa", "3", "--precision", "2"}, "--precision: want a half-width"},
		{[]string{"opposed", "fire", "--hesa", "3", "--method", "exact", "--precision", "0.01"}, "--precision: exact answers need no precision"},
		{[]string{"opposed", "fire", "--hesa", "3", "--nosuch"}, "unknown flag: --nosuch"},
		{[]string{"opposed", "fire"}, "--hesa: the firer needs --hesa N"},
		{[]string{"opposed", "fire", "--hesa", "1", "--ap", "2"}, "--ap: give --hesa"},
		{[]string{"opposed", "melee", "--attacker-hesa", "2"}, "--defender-hesa"},
		{[]string{"opposed", "nosuch"}, `unknown action "nosuch" for opposed`},
		{[]string{"opossed", "fire", "--hesa", "3"}, `unknown command "opossed"`},
		{[]string{"opposed", "fir", "--hesa", "3"}, `unknown action "fir" for opposed`},
		{[]string{"nosuch"}, `unknown command "nosuch"`},
		{[]string{"opposed", "fire", "--hesa", "3"}, "--def: the target's Def is needed"},
		{[]string{"opposed", "tank-hunt"}, "--def: the target's Def is needed"},
		{[]string{"opposed", "fire", "--attacker", "medium-tank", "--def", "4", "--hull-down"}, "--target: the attacker card has HESA"},
		{[]string{"opposed", "fire", "--attacker", "medium-tank", "--target", "vehicle", "--hesa", "3", "--def", "4"}, "--target: --target vehicle fires the AP value"},
		{[]string{"rof", "fire", "--rof", "0"}, "--rof: want 1..20, got 0"},
		{[]string{"rof", "fire", "--rof", "2", "--at", "3", "--ar", "-1"}, "--ar: want 0..10, got -1"},
		{[]string{"rof", "fire", "--rof", "2", "--cover", "wet"}, "--cover: want one of open, hard"},
		{[]string{"rof", "fire", "--rof", "2", "--target-teams", "0"}, "--target-teams: want 1..6, got 0"},
		{[]string{"rof", "fire"}, "--rof: the firing team's RoF is needed"},
		{[]string{"rof", "fire", "--rof", "2", "--ar", "3"}, "--at: armoured targets can only be affected by AT weapons"},
		{[]string{"rof", "move", "--road", "tracked"}, "--road: the road bonus is for tracked and wheeled vehicles"},
		{[]string{"rof", "artillery"}, "--battery"},
		{[]string{"roll"}, "roll: want a dice expression"},
		{[]string{"roll", ""}, "empty expression"},
		{[]string{"roll", "6d0"}, "column 3: the number of sides"},
		{[]string{"roll", "0d6"}, "column 1: the number of dice must be 1..1000"},
		{[]string{"roll", "d"}, "column 2: want the number of sides"},
		{[]string{"roll", "6d6>="}, "column 6: want a target number"},
		{[]string{"roll", "1000000000d6"}, "column 1: the number of dice must be 1..1000"},
		{[]string{"roll", "((2d6)"}, "column 7: want ')'"},
		{[]string{"roll", "2d6)"}, "column 4: ')' without a matching '('"},
		{[]string{"roll", "100d1000", "--method", "exact", "--max-paths", "1000"}, "--method exact: too many dice paths"},
		// 100d10000 has 100..1,000,000 = 999,901 values (one row each):
		// more than the 100,000-row cap, refused before any trial.
		{[]string{"roll", "100d10000", "--format", "json"}, "roll: 100d10000 has 999,901 values, more than the 100,000 outcome rows"},
		{[]string{"roll", "1000d1000"}, "roll: 1000d1000 has 999,001 values"},
		{[]string{"roll", "d20+5>=15"}, `group it: "(d20+5)>=15"`},
		{[]string{"symbol", "fire", "--attack", "purple:2", "--defence", "blue:1", "--target", "infantry"}, "--attack: no attack die of colour purple"},
		{[]string{"symbol", "fire", "--attack", "red:-1", "--defence", "blue:1", "--target", "infantry"}, "--attack: want colour:count"},
		{[]string{"symbol", "fire", "--attack", "red:41", "--defence", "blue:1", "--target", "infantry"}, "--attack: 41 dice in one pool; at most 40"},
		{[]string{"symbol", "fire", "--attack", "red:1", "--defence", "blue:1", "--target", "infantry", "--hindrances", "3"}, "--hindrances: a third hindrance blocks"},
		{[]string{"symbol", "fire", "--attack", "red:1", "--defence", "blue:1"}, "--target: the target's unit type is needed"},
		{[]string{"symbol", "fire", "--attacker", "tank", "--defence", "blue:1", "--target", "infantry"}, "--range: the attacker card has attack dice by range"},
		{[]string{"symbol", "fire", "--attack", "red:1", "--defence", "blue:1", "--target", "infantry", "--terrain", "swamp"}, `--terrain: the terrain table has no row "swamp"`},
		{[]string{"symbol", "spot"}, "--attacker-type: the spotting unit's type is needed"},
		{[]string{"symbol", "fire", "--attacker", "tank,mg-team", "--defender", "tank,mg-team", "--range", "close", "--metric", "nosuch"}, `--metric: symbol fire has no outcome "nosuch"`},
		{[]string{"symbol", "fire", "--attacker", "tank", "--defender", "tank,mg-team", "--range", "close", "--metric", "eliminated"}, "--metric: the matrix needs two card roles"},
		{[]string{"symbol", "fire", "--attacker", "tank,nosuch", "--defender", "tank", "--range", "close"}, "--attacker: no symbol unit card \"nosuch\""},
		{[]string{"opposed", "fire", "--hesa", "3", "--def", "1", "--vs", "--trials 5"}, "--vs: --trials is a flag of the run"},
		{[]string{"opposed", "fire", "--hesa", "3", "--def", "1", "--vs", "rof fire"}, "--vs: want flags of opposed fire"},
		{[]string{"opposed", "fire", "--hesa", "3", "--def", "1", "--vs", "--nosuch 1"}, "--vs: opposed fire has no flag --nosuch"},
		{[]string{"opposed", "fire", "--hesa", "3", "--def", "1", "--vs", "--def 1,2"}, "--vs: --def: want one value, got 2"},
		{[]string{"opposed", "fire", "--hesa", "3", "--def", "1", "--vs", "--def"}, "--vs: --def needs a value"},
		{[]string{"opposed", "fire", "--hesa", "3", "--def", "1", "--vs", ""}, "--vs: want the flags that make the variant"},
		{[]string{"opposed", "fire", "--hesa", "3", "--def", "1", "--vs", "--def 99"}, "--vs: --def: want"},
		{[]string{"symbol", "fire", "--attacker", "tank", "--defender", "tank", "--range", "close", "--vs", "--attacker nosuch"}, "--vs: --attacker: no symbol unit card"},
		{[]string{"symbol", "close-combat", "--attacker", "tank"}, "--defender-type: the defender's unit type is needed"},
		{[]string{"symbol", "close-combat", "--attacker", "tank", "--defender", "tank", "--attacker-withdraw", "later"}, "--attacker-withdraw: want never, when-losing or after-N"},
		{[]string{"symbol", "close-combat", "--attacker", "tank", "--defender", "tank", "--fortification", "moat"}, `--fortification: the fortification table has no row "moat"`},
		{[]string{"symbol", "air", "--defender", "tank", "--building"}, "--blast: a target in a building needs the blast value's dice"},
		{[]string{"symbol", "barrage", "--defender", "tank", "--arrival", "8"}, "--arrival: want 1..7, got 8"},
		{[]string{"symbol", "air", "--defence", "blue:1", "--target", "infantry", "--friendly-defence", "blue:1"}, "--friendly-type: the friendly unit's type is needed"},
		{[]string{"cohesion", "fire", "--sa-drm", "2"}, "--cohesion: the target is needed"},
		{[]string{"cohesion", "fire", "--sa-drm", "2+x", "--cohesion", "5"}, "--sa-drm: in 2+x: want an integer"},
		{[]string{"cohesion", "fire", "--at-drm", "2", "--av", "5", "--rear"}, "--eav: fire from the rear arc"},
		{[]string{"cohesion", "fire", "--at-drm", "1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1", "--mortar-drm", "1+1+1", "--mv", "2", "--av", "5"}, "--at-drm: 33 DRM rolls in one fire"},
		{[]string{"cohesion", "assault", "--drm", "5"}, "--drm: want -4..4, got 5"},
		{[]string{"cohesion", "fire", "--sa-drm", "2", "--stack", "rifle-squad+nosuch"}, `--stack: no cohesion unit card "nosuch"`},
		{[]string{"cohesion", "assault", "--immediate", "afvs", "--uphill"}, "--uphill: an assault resolved at once has no roll"},
		{[]string{"roll", strings.Repeat("(", 100000) + "d6"}, "longer than 1000 characters"},
		{[]string{"roll", strings.Repeat("(", 50) + "d6" + strings.Repeat(")", 50)}, "nested more than 16 deep"},
		{[]string{"roll", "d6r1!"}, "one of '!' (explode) and 'r' (re-roll)"},
		{[]string{"page", ""}, "page: give a folder"},
	}
	for _, c := range cases {
		code, out, errs := run(context.Background(), c.args...)
		name := strings.Join(c.args, " ")
		lines := strings.Split(strings.TrimRight(errs, "\n"), "\n")
		switch {
		case code != 2:
			t.Errorf("odds %s: exit %d, want 2 (stderr %q)", name, code, errs)
		case !strings.HasPrefix(lines[0], "odds: error: ") || !strings.Contains(lines[0], c.want):
			t.Errorf("odds %s: stderr %q, want an error line containing %q", name, errs, c.want)
		case len(lines) > 2 || (len(lines) == 2 && !strings.HasPrefix(lines[1], "odds: hint: ")):
			t.Errorf("odds %s: stderr has more than an error and a hint: %q", name, errs)
		case out != "":
			t.Errorf("odds %s: wrote %q to stdout", name, out)
		case strings.Contains(errs, "panic") || strings.Contains(errs, "goroutine"):
			t.Errorf("odds %s: %s", name, errs)
		}
	}
}

// actionArgs are a command line for every action of the registry of
// systems (its first example, which the help shows), and a roll: a new
// action is covered without a hand list to update.
func actionArgs(t *testing.T) [][]string {
	t.Helper()
	out := [][]string{{"roll", "3d6+d4 vs 2d8"}}
	for _, s := range all.Systems() {
		for _, act := range s.Actions {
			if len(act.Examples) == 0 {
				t.Errorf("%s %s has no example", s.Name, act.Name)
				continue
			}
			words := strings.Fields(act.Examples[0])
			if len(words) < 3 || words[0] != "odds" || words[1] != s.Name || words[2] != act.Name {
				t.Errorf("%s %s: example %q is not a command of it", s.Name, act.Name, act.Examples[0])
				continue
			}
			out = append(out, words[1:])
		}
	}
	return out
}

// The same seed gives identical JSON for 1, 2 and 7 workers, for every
// action, by Monte Carlo (exact answers do not depend on workers at all).
func TestWorkersReproduce(t *testing.T) {
	for _, args := range actionArgs(t) {
		var first string
		for _, w := range []string{"1", "2", "7"} {
			all := append(append([]string{}, args...), "--format", "json", "--method", "mc", "--trials", "150001", "--seed", "11", "--workers", w)
			code, out, errs := run(context.Background(), all...)
			if code != 0 {
				t.Fatalf("odds %v: exit %d: %s", all, code, errs)
			}
			out = normalize(out)
			if first == "" {
				first = out
			} else if out != first {
				t.Errorf("odds %v: JSON differs from --workers 1", all)
			}
		}
	}
}

// Typos get a "did you mean" hint: systems, actions and flags.
func TestTypoHints(t *testing.T) {
	for args, hint := range map[string]string{
		"opossed fire --hesa 3":             "did you mean opposed?",
		"--seed 3 opposed fir --hesa 3":     "did you mean fire?",
		"opposed fire --hesaa 3 --def 1":    "did you mean --hesa?",
		"rof fire --rof 3 --targte-teams 2": "did you mean --target-teams?",
		"rolll 2d6":                         "did you mean roll?",
	} {
		code, _, errs := run(context.Background(), strings.Fields(args)...)
		if code != 2 || !strings.Contains(errs, "odds: hint: "+hint) {
			t.Errorf("odds %s: exit %d, %q; want the hint %q", args, code, errs, hint)
		}
	}
}

// A dice expression may start with a minus: it is not taken for a flag.
func TestRollNegative(t *testing.T) {
	code, out, errs := run(context.Background(), "roll", "-1d6", "--format", "csv", "--seed", "1")
	if code != 0 || !strings.Contains(out, "\n-1d6,-6,0.166666666667,") {
		t.Fatalf("odds roll -1d6: exit %d, stdout %q, stderr %q", code, out, errs)
	}
}

func TestHelp(t *testing.T) {
	for _, args := range [][]string{{"--help"}, {}, {"opposed"}, {"opposed", "fire", "--help"}, {"roll", "--help"}} {
		code, out, errs := run(context.Background(), args...)
		if code != 0 || !strings.Contains(out, "Usage:") || errs != "" {
			t.Errorf("odds %v: exit %d, stderr %q, usage shown: %v", args, code, errs, strings.Contains(out, "Usage:"))
		}
	}
	_, out, _ := run(context.Background(), "opposed", "fire", "--help")
	for _, f := range []string{"--hesa N", "--ap N", "--cover none|soft|hard", "--smoke ", "--trials N", "--seed S"} {
		if !strings.Contains(out, f) {
			t.Errorf("opposed fire --help lacks %q", f)
		}
	}
}

// --until's help names the outcomes it accepts, most severe first, for an
// action that repeats, and says it is refused for one that does not.
func TestUntilHelp(t *testing.T) {
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"opposed", "fire", "--help"}, "until an attack's result is OUTCOME or worse (out-of-action, suppressed, fall-back, no-effect, most severe first)"},
		{[]string{"symbol", "fire", "--help"}, "(eliminated, immobilized, fallback, damaged, suppressed, no-effect, most severe first)"},
		{[]string{"opposed", "rally", "--help"}, "not chained for opposed rally (docs/rules/opposed.md says why); OUTCOME is refused"},
	} {
		_, out, _ := run(context.Background(), c.args...)
		// the help wraps: compare the words of the flag's column
		var words []string
		for _, line := range strings.Split(out, "\n") {
			if i := strings.Index(line, "  --until OUTCOME"); i >= 0 || (len(words) > 0 && strings.HasPrefix(line, "       ") && !strings.HasPrefix(strings.TrimSpace(line), "-")) {
				words = append(words, strings.Fields(strings.Replace(line, "--until OUTCOME", "", 1))...)
			} else if len(words) > 0 {
				break
			}
		}
		if got := strings.Join(words, " "); !strings.Contains(got, c.want) {
			t.Errorf("odds %v: --until's help is %q, want it to hold %q", c.args, got, c.want)
		}
	}
}

// Profiles are read only when a card is used; a bad ODDS_PROFILES is named
// as such; empty card names and paths are refused.
func TestProfileSources(t *testing.T) {
	stale := filepath.Join(t.TempDir(), "nosuch", "cards.yaml")
	t.Setenv("ODDS_PROFILES", stale)
	if code, _, errs := run(context.Background(), "opposed", "fire", "--hesa", "3", "--def", "1"); code != 0 {
		t.Errorf("a run with no card failed on a stale ODDS_PROFILES: exit %d, %s", code, errs)
	}
	code, _, errs := run(context.Background(), "opposed", "fire", "--attacker", "mg-team", "--def", "1")
	if code != 2 || !strings.HasPrefix(errs, "odds: error: ODDS_PROFILES: "+stale+": ") {
		t.Errorf("stale ODDS_PROFILES with a card: exit %d, %q", code, errs)
	}
	bad := filepath.Join(t.TempDir(), "bad.yaml")
	os.WriteFile(bad, []byte("units: [x]\n"), 0o644)
	t.Setenv("ODDS_PROFILES", bad)
	code, _, errs = run(context.Background(), "opposed", "fire", "--attacker", "mg-team", "--def", "1")
	if code != 2 || !strings.Contains(errs, bad+":1:9") || !strings.Contains(errs, "hint: a file named by ODDS_PROFILES") {
		t.Errorf("bad file in ODDS_PROFILES: exit %d, %q", code, errs)
	}
	t.Setenv("ODDS_PROFILES", "")
	for _, args := range [][]string{
		{"opposed", "fire", "--hesa", "3", "--defender", ""},
		{"opposed", "fire", "--hesa", "3", "--def", "1", "--attacker", "mg-team", "--profiles", ""},
	} {
		code, _, errs := run(context.Background(), args...)
		if code != 2 || !strings.Contains(errs, "empty") {
			t.Errorf("odds %q: exit %d, %q; want an error about the empty value", args, code, errs)
		}
	}
}

// The cell bound holds for a whole run: three sweeps of 49,686 cells each
// are refused before any trial runs.
func TestRunCellBound(t *testing.T) {
	path := filepath.Join(t.TempDir(), "big.yaml")
	sweep := "set: {attacker-hesa: 0..12, defender-hesa: 0..12, attacker-quality: -3..3, defender-quality: -3..3, smoke: both, attacker-element: [inf, eng, cav]}"
	var src strings.Builder
	src.WriteString("matchups:\n")
	for _, name := range []string{"a", "b", "c"} {
		src.WriteString("  - {name: " + name + ", system: opposed, action: melee, " + sweep + "}\n")
	}
	os.WriteFile(path, []byte(src.String()), 0o644)
	code, out, errs := run(context.Background(), "run", path, "--format", "csv")
	if code != 2 || out != "" || !strings.Contains(errs, "more than 100000 result cells") {
		t.Errorf("exit %d, %d bytes out, %q", code, len(out), errs)
	}
}

// Tables leave out what an exact answer shows cannot happen; CSV keeps it.
func TestImpossibleOutcomes(t *testing.T) {
	_, table, _ := run(context.Background(), "opposed", "fire", "--ap", "5", "--def", "3")
	_, csv, _ := run(context.Background(), "opposed", "fire", "--ap", "5", "--def", "3", "--format", "csv")
	if strings.Contains(table, "fall-back") || !strings.Contains(table, "suppressed") || !strings.Contains(csv, "p_fall-back") {
		t.Errorf("AP fire: table shows fall-back or CSV lacks it:\n%s\n%s", table, csv)
	}
}

// A mistyped action gets a "did you mean": a swap of two letters is one
// edit ("fier" for fire), as a mistyped flag's does.
func TestActionTypoHint(t *testing.T) {
	for _, args := range [][]string{{"opposed", "fier"}, {"rof", "fier"}, {"opposed", "fier", "--hesa", "3"}} {
		code, _, errs := run(context.Background(), args...)
		if code != 2 || !strings.Contains(errs, "odds: hint: did you mean fire?") {
			t.Errorf("odds %v: exit %d, stderr %q, want a hint naming fire", args, code, errs)
		}
	}
}
