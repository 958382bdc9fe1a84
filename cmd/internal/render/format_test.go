package render

import "testing"

// One rounding: half away from zero on the decimal digits of a value
// first rounded to 12 significant digits, so float noise in an exact
// figure does not move its last printed digit. Figures by hand:
// 5/32 = 0.15625 is 15.625%, half way, away from zero 15.63%; 17/32 is
// 53.125%, 53.13%; 1/1296 (4d6kh3 = 3) is 0.0771604938...%, 0.08%.
func TestPctRounding(t *testing.T) {
	for _, c := range []struct {
		p    float64
		want string
	}{
		{0.15625, "15.63%"},
		{0.15625 + 3e-17, "15.63%"}, // the noisy sum of the same exact figure
		{0.15625 - 3e-17, "15.63%"},
		{0.53125, "53.13%"},
		{1.0 / 1296, "0.08%"},
		{1, "100%"},
		{1 - 1.1e-16, "100%"}, // a certain event summed in floats
		{0.99996, ">99.99%"},
		{0.99994, "99.99%"},
		{0, "0%"},
		{1e-9, "<0.01%"}, // possible, however unlikely
		{0.00005, "0.01%"},
		{0.000049, "<0.01%"},
		{0.07055, "7.06%"},
		{0.29995, "30.00%"},
	} {
		if got := Pct(c.p); got != c.want {
			t.Errorf("Pct(%v) = %q, want %q", c.p, got, c.want)
		}
	}
	for _, c := range []struct {
		x    float64
		want string
	}{
		{0.9375, "0.938"},   // 15/16
		{2.0625, "2.063"},   // 33/16, half way: away from zero
		{-2.0625, "−2.063"}, // the minus sign SignedNum writes
		{1.0625 + 2.2e-16, "1.063"},
		{1.0625 - 2.2e-16, "1.063"},
		{0.15625, "0.156"},
		{2, "2"},
		{1.9999999999999998, "2"},
		{9.9995, "10.000"},
	} {
		if got := Num(c.x); got != c.want {
			t.Errorf("Num(%v) = %q, want %q", c.x, got, c.want)
		}
	}
	for _, c := range []struct {
		x    float64
		want string
	}{
		{-0.13, "−13.00%"}, {0.19, "+19.00%"}, {1e-17, "+0%"}, {-1e-17, "+0%"}, {-0.15625, "−15.63%"},
	} {
		if got := SignedPct(c.x); got != c.want {
			t.Errorf("SignedPct(%v) = %q, want %q", c.x, got, c.want)
		}
	}
	for _, c := range []struct {
		x    float64
		want string
	}{
		{-2, "−2"}, {0.5, "+0.500"}, {4e-16, "+0"}, {-4e-16, "+0"}, {-0.0625, "−0.063"},
	} {
		if got := SignedNum(c.x); got != c.want {
			t.Errorf("SignedNum(%v) = %q, want %q", c.x, got, c.want)
		}
	}
}
