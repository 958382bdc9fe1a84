package resolve

import "testing"

// Every combination of outcome and values has its own cell, and the
// layout reads each back.
func TestGrid(t *testing.T) {
	g := NewGrid([]string{"a", "b", "c"}, Dim{Name: "x", Size: 4}, Dim{Name: "y", Size: 2, Count: true})
	l := g.Layout()
	if l.Cells != 24 || len(l.Counts) != 1 || l.Counts[0] != "y" {
		t.Fatalf("cells %d, counts %v", l.Cells, l.Counts)
	}
	seen := map[int]bool{}
	for o := range 3 {
		for x := range 4 {
			for y := range 2 {
				c := g.Cell(o, x, y)
				if seen[c] || c < 0 || c >= l.Cells {
					t.Fatalf("cell %d of (%d, %d, %d) repeated or out of range", c, o, x, y)
				}
				seen[c] = true
				if l.Outcome[c] != o || l.Values[0][c] != float64(x) || l.Values[1][c] != float64(y) {
					t.Errorf("cell %d reads back (%d, %g, %g), want (%d, %d, %d)", c, l.Outcome[c], l.Values[0][c], l.Values[1][c], o, x, y)
				}
			}
		}
	}
}

// ParseValues never panics, whatever the kind, and what it accepts
// formats back to a value it accepts again (a round trip).
func FuzzParseValues(f *testing.F) {
	for _, s := range []string{"3", "1..6", "0,2,4", "4+2+2", "-1+2", "both", "all", "soft", "green:2,blue:1", "none", "a+b:concealed", "light-forest", "", ",", "1..", "+", "red:-1"} {
		f.Add(s)
	}
	params := []Param{
		IntParam("n", -9, 12, 0, ""),
		{Name: "t", Kind: Int, Min: -9, Max: 12, Terms: true},
		BoolParam("b", ""),
		ChoiceParam("c", []string{"none", "soft", "hard"}, 0, ""),
		{Name: "p", Kind: DicePool},
		{Name: "w", Kind: Word},
		{Name: "s", Kind: Word, Cards: true},
	}
	f.Fuzz(func(t *testing.T, s string) {
		for i := range params {
			p := &params[i]
			vals, err := ParseValues(p, s)
			if err != nil {
				continue
			}
			for _, v := range vals {
				if again, err := ParseValues(p, p.Format(v)); err != nil || len(again) != 1 {
					t.Fatalf("%s: %q parsed, but its value %q does not: %v", p.Name, s, p.Format(v), err)
				}
			}
		}
	})
}
