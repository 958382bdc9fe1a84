package resolve

import (
	"slices"
	"testing"
)

func TestNearest(t *testing.T) {
	known := []string{"fire", "tank-hunt", "melee", "overrun", "rally", "target-teams", "team", "ar", "firing-teams"}
	cases := []struct {
		name string
		want []string
	}{
		{"fir", []string{"fire", "firing-teams"}}, // one edit, then a prefix
		{"rallly", []string{"rally"}},             // one edit
		{"targte-teams", []string{"target-teams"}},
		{"tank", []string{"tank-hunt"}},
		{"fier", []string{"fire"}}, // a swap of two letters is one edit
		{"ovrerun", []string{"overrun"}},
		{"zzzzzz", nil},
	}
	for _, c := range cases {
		if got := Nearest(c.name, known, 3); !slices.Equal(got, c.want) {
			t.Errorf("Nearest(%q) = %q, want %q", c.name, got, c.want)
		}
	}
}

// distance against hand-counted edits, swaps included.
func TestDistance(t *testing.T) {
	cases := []struct {
		a, b string
		want int
	}{{"", "", 0}, {"", "abc", 3}, {"abc", "", 3}, {"fier", "fire", 1}, {"fire", "fire", 0},
		{"kitten", "sitting", 3}, {"ab", "ba", 1}, {"abcd", "badc", 2}, {"ca", "abc", 3}}
	for _, c := range cases {
		if got := distance(c.a, c.b); got != c.want {
			t.Errorf("distance(%q, %q) = %d, want %d", c.a, c.b, got, c.want)
		}
	}
}
