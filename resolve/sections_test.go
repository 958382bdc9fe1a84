package resolve

import "testing"

func TestSectioned(t *testing.T) {
	a := &Action{Name: "x", Params: []Param{BoolParam("attacker-a", ""), BoolParam("attacker-b", ""), BoolParam("smoke", ""), BoolParam("def", "")}}
	Sectioned(a, Sections{"Attacker": {"attacker-*", "smoke"}, "Target": {"def"}})
	want := []string{"Attacker", "Attacker", "Attacker", "Target"}
	for i, p := range a.Params {
		if p.Section != want[i] {
			t.Errorf("%s: section %q, want %q", p.Name, p.Section, want[i])
		}
	}
	for name, s := range map[string]Sections{
		"unknown name": {"A": {"nope"}},
		"named twice":  {"A": {"def"}, "B": {"def"}},
		"two prefixes": {"A": {"attacker-*"}, "B": {"attacker-a*"}},
	} {
		func() {
			defer func() {
				if recover() == nil {
					t.Errorf("%s: no panic", name)
				}
			}()
			Sectioned(&Action{Name: "x", Params: []Param{BoolParam("attacker-a", ""), BoolParam("def", "")}}, s)
		}()
	}
}
