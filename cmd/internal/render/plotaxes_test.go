//go:build !(js && wasm)

package render

import (
	"slices"
	"testing"
)

// Integer axes label whole numbers only: every value up to 20 of them,
// else every k-th (a round k) with minor ticks between; never "-0", and
// none outside the values.
func TestIntegerTicks(t *testing.T) {
	for _, c := range []struct {
		first, last, lo, hi float64
		want                []string
	}{
		{1, 6, 0.75, 6.25, []string{"1", "2", "3", "4", "5", "6"}},
		{0, 2, -0.25, 2.25, []string{"0", "1", "2"}},
		{-3, 3, -4, 4, []string{"-3", "-2", "-1", "0", "1", "2", "3"}},
		{3, 52, 2, 53, []string{"5", "10", "15", "20", "25", "30", "35", "40", "45", "50"}},
		{1, 20, 0, 21, []string{"1", "2", "3", "4", "5", "6", "7", "8", "9", "10", "11", "12", "13", "14", "15", "16", "17", "18", "19", "20"}},
		{0, 1000, -1, 1001, []string{"0", "100", "200", "300", "400", "500", "600", "700", "800", "900", "1000"}},
	} {
		var got []string
		for _, tk := range (integerTicks{first: c.first, last: c.last}).Ticks(c.lo, c.hi) {
			if tk.Value != float64(int64(tk.Value)) {
				t.Errorf("%v..%v: a tick at %v", c.first, c.last, tk.Value)
			}
			if tk.Label != "" {
				got = append(got, tk.Label)
			}
		}
		if !slices.Equal(got, c.want) {
			t.Errorf("%v..%v: labels %q, want %q", c.first, c.last, got, c.want)
		}
	}
}

// Percent ticks read as the tables do: whole percents where the step is
// whole, a sign on differences, U+2212 for minus.
func TestPercentTicks(t *testing.T) {
	for _, c := range []struct {
		v      float64
		signed bool
		want   string
	}{
		{0.5, false, "50%"}, {0, false, "0%"}, {0.025, false, "2.5%"}, {0.001, false, "0.1%"},
		{0.1, true, "+10%"}, {-0.1, true, "−10%"}, {0, true, "0%"}, {0.3 - 0.1, false, "20%"},
	} {
		if got := pctTick(c.v, c.signed); got != c.want {
			t.Errorf("pctTick(%v, %v) = %q, want %q", c.v, c.signed, got, c.want)
		}
	}
}
