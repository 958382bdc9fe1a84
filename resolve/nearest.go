package resolve

import (
	"slices"
	"strings"
)

// Nearest returns up to n of the known names nearest to name by edit
// distance, nearest first: those within one edit per three letters (at
// least one) or that contain it. Flags, actions, systems and cards all use it to
// say "did you mean".
func Nearest(name string, known []string, n int) []string {
	type cand struct {
		name string
		d    int
	}
	var cs []cand
	for _, k := range known {
		d := distance(name, k)
		if d <= max(1, len(name)/3) || strings.Contains(k, name) {
			cs = append(cs, cand{k, d})
		}
	}
	slices.SortFunc(cs, func(a, b cand) int {
		if a.d != b.d {
			return a.d - b.d
		}
		return strings.Compare(a.name, b.name)
	})
	var names []string
	for _, c := range cs[:min(n, len(cs))] {
		names = append(names, c.name)
	}
	return names
}

// Closest is the "did you mean" tail of a message about name: "; closest:
// a, b" naming the nearest known names, else "; <label>: " and the first
// six known names in order (nothing when label is "" or none are known).
func Closest(name string, known []string, label string) string {
	if near := Nearest(name, known, 3); len(near) > 0 {
		return "; closest: " + strings.Join(near, ", ")
	}
	if label == "" || len(known) == 0 {
		return ""
	}
	sorted := slices.Sorted(slices.Values(known))
	return "; " + label + ": " + strings.Join(sorted[:min(len(sorted), 6)], ", ")
}

// distance is the edit distance with transpositions (optimal string
// alignment): an insertion, deletion, substitution or swap of two
// neighbouring letters is one edit, so "fier" is one edit from "fire".
func distance(a, b string) int {
	pp, prev, cur := make([]int, len(b)+1), make([]int, len(b)+1), make([]int, len(b)+1) // rows i-2, i-1, i
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(a); i++ {
		cur[0] = i
		for j := 1; j <= len(b); j++ {
			cost := 1
			if a[i-1] == b[j-1] {
				cost = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
			if i > 1 && j > 1 && a[i-1] == b[j-2] && a[i-2] == b[j-1] {
				cur[j] = min(cur[j], pp[j-2]+1)
			}
		}
		pp, prev, cur = prev, cur, pp
	}
	return prev[len(b)]
}
