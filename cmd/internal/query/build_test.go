package query

import (
	"errors"
	"testing"

	"odds/profiles"
	"odds/resolve/all"
)

func builtins() (*profiles.Registry, error) { return profiles.New(all.Systems()) }

// TestNewCards: a spec's card names become the query's cards, one
// validation whoever built the spec; bad ones are Errors naming the role.
func TestNewCards(t *testing.T) {
	sys := system(t, "opposed")
	act := sys.Action("fire")
	q, warnings, err := New(Spec{System: sys, Action: act, Cards: map[string]string{"attacker": "medium-tank", "defender": "light-tank,at-gun"}}, builtins)
	if err != nil || len(warnings) != 0 {
		t.Fatalf("err %v, warnings %v", err, warnings)
	}
	if len(q.Cards["attacker"]) != 1 || len(q.Cards["defender"]) != 2 || q.Cards["defender"][1].Name != "at-gun" {
		t.Errorf("cards %v", q.Cards)
	}
	for _, c := range []struct{ role, names, text string }{
		{"attacker", "", "--attacker: want a card name, got an empty one"},
		{"defender", "no-such-card", ""},
	} {
		_, _, err := New(Spec{System: sys, Action: act, Cards: map[string]string{c.role: c.names}}, builtins)
		var qe *Error
		if !errors.As(err, &qe) || qe.Flag != c.role || qe.Hint == "" || (c.text != "" && qe.Error() != c.text) {
			t.Errorf("%s %q: err %v", c.role, c.names, err)
		}
	}
	_, err = ParseValue(act, "def", "x")
	var qe *Error
	if !errors.As(err, &qe) || qe.Flag != "def" {
		t.Errorf("def x: err %v", err)
	}
}
