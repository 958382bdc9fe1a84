package main

import (
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestCards(t *testing.T) {
	// mg-team (HESA 4) within 4 at rifle-section (Def 2) in soft cover is
	// 5 vs 3: the same dice as HESA 3 vs Def 1, counted by hand in
	// resolve/opposed: 36/19/17/28 in 100.
	code, out, errs := run(context.Background(), "opposed", "fire", "--attacker", "mg-team", "--defender", "rifle-section",
		"--within-4", "--cover", "soft", "--format", "json")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	var doc struct {
		Results []struct {
			Cards    map[string]string     `json:"cards"`
			Params   map[string]any        `json:"params"`
			Sources  map[string]string     `json:"sources"`
			Outcomes []struct{ P float64 } `json:"outcomes"`
		} `json:"results"`
	}
	if err := json.Unmarshal([]byte(out), &doc); err != nil {
		t.Fatal(err)
	}
	r := doc.Results[0]
	if r.Params["hesa"] != 4.0 || r.Params["def"] != 2.0 || r.Sources["hesa"] != "attacker card mg-team" ||
		r.Sources["def"] != "defender card rifle-section" || r.Sources["cover"] != "flag" || r.Cards["attacker"] != "mg-team" {
		t.Errorf("params %v, sources %v, cards %v", r.Params, r.Sources, r.Cards)
	}
	if r.Outcomes[0].P != 0.36 || r.Outcomes[3].P != 0.28 {
		t.Errorf("outcomes %v", r.Outcomes)
	}
	// An explicit flag overrides the card; --hesa also keeps the card from
	// choosing AP fire against a vehicle.
	_, out, _ = run(context.Background(), "opposed", "fire", "--attacker", "medium-tank", "--defender", "light-tank", "--def", "1", "--format", "json")
	if !strings.Contains(out, `"ap": 5`) || !strings.Contains(out, `"def": "flag"`) || !strings.Contains(out, `"def": 1`) {
		t.Errorf("AP fire of medium-tank at light-tank with --def 1:\n%s", out)
	}
	_, out, _ = run(context.Background(), "opposed", "fire", "--attacker", "medium-tank", "--defender", "light-tank", "--hesa", "2", "--format", "json")
	if strings.Contains(out, `"ap"`) || !strings.Contains(out, `"hesa": 2`) {
		t.Errorf("--hesa given: the card still filled ap:\n%s", out)
	}
	// A CSW defender card fights at 4: no HESA is filled.
	code, out, errs = run(context.Background(), "opposed", "melee", "--attacker", "engineer-section", "--defender", "mg-team", "--format", "csv")
	if code != 0 || !strings.Contains(out, ",csw,") {
		t.Errorf("melee engineers vs MG: exit %d %s\n%s", code, errs, out)
	}
}

func TestCardErrors(t *testing.T) {
	missing := filepath.Join(t.TempDir(), "nosuch.yaml")
	cases := []struct {
		args []string
		want string
	}{
		{[]string{"opposed", "fire", "--attacker", "rifle-sectoin", "--def", "1"}, `--attacker: no opposed unit card "rifle-sectoin"; closest: rifle-section`},
		{[]string{"opposed", "rally", "--unit", "nosuch"}, `--unit: no opposed unit card "nosuch"`},
		{[]string{"opposed", "rally", "--attacker", "mg-team"}, "unknown flag: --attacker"},
		{[]string{"profiles", "show", "mg-tem"}, `no profile "mg-tem"; closest: mg-team`},
		{[]string{"profiles", "show"}, "want a profile name"},
		{[]string{"profiles", "list", "--system", "chess"}, `--system: want one of opposed, rof, symbol, cohesion, got "chess"`},
		{[]string{"profiles", "validate"}, "want one or more files"},
		{[]string{"run"}, "want a FILE, or --matchup NAME"},
		{[]string{"run", "--matchup", "tank-dual"}, `no matchup "tank-dual"; closest: tank-duel`},
		{[]string{"opposed", "fire", "--hesa", "1", "--profiles", missing}, "--profiles " + missing + ": no such file or directory"},
		{[]string{"profiles", "validate", missing}, missing + ":1:1: cannot read"},
	}
	for _, c := range cases {
		code, out, errs := run(context.Background(), c.args...)
		if code != 2 || out != "" || !strings.HasPrefix(errs, "odds: error: ") || !strings.Contains(errs, c.want) {
			t.Errorf("odds %v: exit %d, stdout %q, stderr %q; want exit 2 and %q", c.args, code, out, errs, c.want)
		}
	}
}

func TestUserProfiles(t *testing.T) {
	dir := t.TempDir()
	cards := filepath.Join(dir, "cards.yaml")
	os.WriteFile(cards, []byte(`units:
  - name: rifle-section   # replaces the built-in
    system: opposed
    element: inf
    hesa: 5
    def: 3
  - name: sniper
    system: opposed
    element: inf
    hesa: 4
    def: 1
    quality: 2
matchups:
  - name: sniper-duel
    system: opposed
    action: fire
    attacker: sniper
    defender: rifle-section
    set: {def: 0..2, smoke: both}
`), 0o644)
	code, out, errs := run(context.Background(), "--profiles", cards, "profiles", "list", "--format", "json")
	if code != 0 || !strings.Contains(errs, `odds: warning: `+cards+`:2:5: unit "rifle-section" shadows the built-in one`) {
		t.Fatalf("exit %d, stderr %q", code, errs)
	}
	var list []map[string]string
	if err := json.Unmarshal([]byte(out), &list); err != nil || len(list) < 10 {
		t.Fatalf("profiles list JSON: %v, %d entries", err, len(list))
	}
	for _, e := range list {
		if e["name"] == "" || e["system"] == "" || e["kind"] == "" {
			t.Errorf("entry without name, system or kind: %v", e)
		}
	}
	// ODDS_PROFILES works like --profiles; run sweeps the matchup's set.
	t.Setenv("ODDS_PROFILES", dir)
	code, out, errs = run(context.Background(), "run", cards, "--format", "csv", "--seed", "1")
	if code != 0 || strings.Count(out, "\n") != 1+6 || !strings.Contains(out, "sniper-duel") {
		t.Errorf("run: exit %d, stderr %q\n%s", code, errs, out)
	}
	code, out, _ = run(context.Background(), "opposed", "fire", "--attacker", "sniper", "--defender", "rifle-section", "--format", "csv")
	if code != 0 || !strings.Contains(out, "opposed,fire,sniper,rifle-section,4,3,") {
		t.Errorf("user card via ODDS_PROFILES: exit %d\n%s", code, out)
	}
	code, out, _ = run(context.Background(), "profiles", "validate", cards)
	if code != 0 || out != cards+": ok\n" {
		t.Errorf("validate: exit %d, %q", code, out)
	}
}

func TestValidateReportsEverything(t *testing.T) {
	dir := t.TempDir()
	bad := filepath.Join(dir, "bad.yaml")
	os.WriteFile(bad, []byte("units:\n  - name: x\n    system: opposed\n    element: tank\n    hesa: 99\n    def: 1\n    wings: 2\n"), 0o644)
	code, out, errs := run(context.Background(), "profiles", "validate", bad)
	lines := strings.Split(strings.TrimSpace(errs), "\n")
	if code != 2 || out != "" || len(lines) != 3 {
		t.Fatalf("exit %d, stdout %q, stderr:\n%s", code, out, errs)
	}
	for i, want := range []string{bad + ":4:14: units[0].element:", bad + ":5:11: units[0].hesa:", bad + ":7:5: units[0].wings: unknown field"} {
		if !strings.HasPrefix(lines[i], "odds: error: "+want) {
			t.Errorf("line %d: %q, want %q…", i, lines[i], want)
		}
	}
	// Nothing runs with a bad profile file in force.
	code, out, _ = run(context.Background(), "--profiles", bad, "opposed", "fire", "--hesa", "1")
	if code != 2 || out != "" {
		t.Errorf("a bad --profiles file: exit %d, stdout %q", code, out)
	}
}

// Every built-in matchup runs, exactly where it can.
func TestBuiltinMatchups(t *testing.T) {
	code, out, errs := run(context.Background(), "run", "../../profiles/builtin/rof.yaml", "--format", "csv", "--trials", "20000", "--seed", "1")
	if code != 0 || errs != "" || strings.Count(out, "\n") != 1+6+1+1+3 {
		t.Fatalf("rof matchups: exit %d, stderr %q\n%s", code, errs, out)
	}
	code, out, errs = run(context.Background(), "run", "../../profiles/builtin/opposed.yaml", "--method", "exact", "--format", "json")
	if code != 0 || errs != "" {
		t.Fatalf("exit %d, stderr %q", code, errs)
	}
	var doc struct{ Results []struct{ Matchup string } }
	json.Unmarshal([]byte(out), &doc)
	seen := map[string]bool{}
	for _, r := range doc.Results {
		seen[r.Matchup] = true
	}
	if len(seen) != 6 || len(doc.Results) != 1+2+1+1+1+14 {
		t.Errorf("%d matchups, %d results", len(seen), len(doc.Results))
	}
}

// The example file docs/systems.md names validates and runs; export writes
// templates that validate.
func TestExampleFileAndExport(t *testing.T) {
	example := "../../profiles/examples/my-cards.yaml"
	if code, out, errs := run(context.Background(), "profiles", "validate", example); code != 0 || !strings.Contains(out, "ok") {
		t.Errorf("validate %s: exit %d, %q %q", example, code, out, errs)
	}
	if code, _, errs := run(context.Background(), "run", example, "--format", "csv", "--seed", "1"); code != 0 {
		t.Errorf("run %s: exit %d: %s", example, code, errs)
	}
	path := filepath.Join(t.TempDir(), "template.yaml")
	if code, _, errs := run(context.Background(), "profiles", "export", "mg-team", "tank-duel", "--out", path); code != 0 {
		t.Fatalf("export: exit %d: %s", code, errs)
	}
	data, _ := os.ReadFile(path)
	for _, want := range []string{"illustrative", "name: mg-team", "system: rof", "name: tank-duel"} {
		if !strings.Contains(string(data), want) {
			t.Errorf("export lacks %q:\n%s", want, data)
		}
	}
	if code, _, errs := run(context.Background(), "profiles", "validate", path); code != 0 {
		t.Errorf("the export does not validate: %s", errs)
	}
	if code, _, errs := run(context.Background(), "profiles", "export", "nosuch"); code != 2 || !strings.Contains(errs, `no profile "nosuch"`) {
		t.Errorf("export nosuch: exit %d, %q", code, errs)
	}
}
