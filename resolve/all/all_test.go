package all

import "testing"

// Every parameter of every action is in one of its sheet's sections: the
// page groups an action's controls by section, and a parameter without
// one would fall into a group of its own.
func TestSections(t *testing.T) {
	for _, s := range Systems() {
		for _, a := range s.Actions {
			for _, p := range a.Params {
				if p.Section == "" {
					t.Errorf("%s %s --%s: no section", s.Name, a.Name, p.Name)
				}
			}
		}
	}
}
