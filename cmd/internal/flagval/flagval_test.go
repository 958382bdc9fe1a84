package flagval

import "testing"

// TestParse: the run settings read as the flags document them; the
// figures are the inputs written another way (1e6 and 1_000_000 are
// 1,000,000), and each refusal is one of the flag's documented bounds.
func TestParse(t *testing.T) {
	for _, s := range []string{"1000000", "1e6", "1_000_000", " 1000000 "} {
		if n, err := ParseCount(s, 1, 1e12); n != 1_000_000 || err != nil {
			t.Errorf("ParseCount(%q) = %d, %v", s, n, err)
		}
	}
	for _, s := range []string{"0", "1.5", "1e13", "x", "-3"} {
		if _, err := ParseCount(s, 1, 1e12); err == nil {
			t.Errorf("ParseCount(%q): want an error", s)
		}
	}
	if v, err := ParseSeed("18446744073709551615"); v != 1<<64-1 || err != nil {
		t.Errorf("ParseSeed(max) = %d, %v", v, err)
	}
	if _, err := ParseSeed("-1"); err == nil {
		t.Error("ParseSeed(-1): want an error")
	}
	if v, err := ParseChoice("EXACT", []string{"auto", "exact", "mc"}); v != "exact" || err != nil {
		t.Errorf("ParseChoice(EXACT) = %q, %v", v, err)
	}
	if _, err := ParseChoice("none", []string{"auto"}); err == nil || err.Error() != `want one of auto, got "none"` {
		t.Errorf("ParseChoice(none): %v", err)
	}
	for s, ok := range map[string]bool{"0.001": true, "0.4999": true, "0": false, "0.5": false, "NaN": false, "x": false} {
		if _, err := ParseProb(s); (err == nil) != ok {
			t.Errorf("ParseProb(%q): %v, want ok=%v", s, err, ok)
		}
	}
	if RandomSeed() >= 1<<53 {
		t.Error("RandomSeed: at or over 2^53")
	}
}
