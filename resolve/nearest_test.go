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
		{"zzzzzz", nil},
	}
	for _, c := range cases {
		if got := Nearest(c.name, known, 3); !slices.Equal(got, c.want) {
			t.Errorf("Nearest(%q) = %q, want %q", c.name, got, c.want)
		}
	}
}
