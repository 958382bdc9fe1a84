package main

import "testing"

// TestEngageGolden: odds engage in every format, pinned (stdout, stderr,
// exit status). The first is issue 32's figure with --rounds 3: A wins
// 55.62%, B 21.45%, neither 22.92% (0.612³).
func TestEngageGolden(t *testing.T) {
	for _, c := range []struct {
		name string
		args []string
	}{
		{"engage_opposed_table", []string{"engage", "opposed fire --hesa 3 --def 1", "opposed fire --hesa 2 --def 2", "--rounds", "3"}},
		{"engage_cards_json", []string{"engage", "opposed fire --within-4", "opposed fire --within-4 --cover soft", "--a", "rifle-section", "--b", "veteran-rifle-section", "--rounds", "4", "--format", "json", "--seed", "1"}},
		{"engage_mc_csv", []string{"engage", "opposed fire --hesa 3 --def 1", "opposed fire --hesa 2,3 --def 2", "--rounds", "2", "--first", "b", "--method", "mc", "--trials", "20000", "--seed", "3", "--workers", "2", "--format", "csv"}},
		{"engage_ends_markdown", []string{"engage", "opposed fire --hesa 3 --def 1", "opposed fire --hesa 2 --def 2", "--ends", "fall-back", "--rounds", "2", "--format", "markdown"}},
	} {
		t.Run(c.name, func(t *testing.T) { checkGolden(t, c.name, c.args, 0, "") })
	}
}

// TestEngageErrors: bad input is one line naming the argument or flag at
// fault, a hint, exit 2.
func TestEngageErrors(t *testing.T) {
	for _, c := range []struct {
		args   []string
		stderr string
	}{
		{[]string{"engage", "opposed fire --hesa 3"}, "odds: error: engage: want two attacks, A's on B and B's on A, got 1 argument(s)\nodds: hint: for example odds engage 'opposed fire --hesa 3 --def 1' 'opposed fire --hesa 2 --def 2'\n"},
		{[]string{"engage", "opposed melee", "opposed fire --hesa 2"}, "odds: error: A's attack: opposed melee: two units do not exchange it (docs/rules/opposed.md says why)\nodds: hint: these engage: opposed fire\n"},
		{[]string{"engage", "opposed fire --hesa 3 --seed 1", "opposed fire --hesa 2"}, "odds: error: A's attack: --seed is a flag of the run, not of an attack\nodds: hint: give it outside the attack: both sides run alike\n"},
		{[]string{"engage", "opposed fire --hesa 3", "opposed fire --hesa 2", "--simultaneous"}, "odds: error: --simultaneous: opposed fire is not resolved simultaneously on its sheet\nodds: hint: the sides take turns: --first a|b\n"},
		{[]string{"engage", "opposed fire --hesa 3", "opposed fire --hesa 2", "--rounds", "0"}, "odds: error: --rounds: want 1..100, got 0\n"},
		{[]string{"engage", "opposed fire --hesa 3", "opposed fire --hesa 2", "--first", "c"}, "odds: error: --first: want a or b, got \"c\"\n"},
		{[]string{"engage", "opposed fire --hesa 3", "opposed fire --hesa 2", "--ends", "wounded"}, "odds: error: --ends: want an outcome of opposed fire (out-of-action, suppressed, fall-back, no-effect), got \"wounded\"\n"},
		{[]string{"engage", "opposed fire", "opposed fire", "--a", "nobody"}, ""},
	} {
		code, out, errs := run(t.Context(), c.args...)
		if code != 2 || out != "" || (c.stderr != "" && errs != c.stderr) || errs == "" {
			t.Errorf("%q: exit %d, stdout %q, stderr %q; want exit 2 and %q", c.args, code, out, errs, c.stderr)
		}
	}
}
