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
