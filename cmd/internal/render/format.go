package render

import (
	"math"
	"strconv"
	"strings"
)

// One place formats the figures a user reads: the command line's
// renderers (table, markdown, sweeps, matrices, comparisons) and the page
// of odds serve call these, so the two never disagree.

// pct formats a probability as a percentage with two decimals, rounded
// half away from zero (15.625% is 15.63%) after round12, so an exact
// value prints the same whatever float noise its sum carries. It never
// rounds a possible outcome to zero or an uncertain one to a hundred:
// those print "<0.01%" and ">99.99%". A probability within 12 significant
// digits of 1 is certain (100%): float sums of exact probabilities miss 1
// by about 1e-16, and float64 cannot tell a true 1 − 1e-13 from that.
func Pct(p float64) string {
	p = round12(p)
	switch {
	case p <= 0:
		return "0%"
	case p >= 1:
		return "100%"
	}
	switch s := decimal(100*p, 2); s {
	case "0.00":
		return "<0.01%"
	case "100.00":
		return ">99.99%"
	default:
		return s + "%"
	}
}

// round12 rounds x to 12 significant digits: the float noise of exact
// sums (0.015625000000000007) is not part of the answer.
func round12(x float64) float64 {
	r, _ := strconv.ParseFloat(strconv.FormatFloat(x, 'g', 12, 64), 64)
	return r
}

// num formats a mean or other number for a reader: whole numbers bare,
// others with three decimals, rounded as pct rounds, a negative with the
// minus sign that SignedNum writes (−2, not -2).
func Num(x float64) string {
	x = round12(x)
	if x < 0 {
		return "−" + Num(-x)
	}
	if x == math.Trunc(x) && math.Abs(x) < 1e15 {
		return strconv.FormatFloat(x, 'f', 0, 64)
	}
	return decimal(x, 3)
}

// decimal writes x with places decimals, rounded half away from zero on
// its decimal digits after round12. Go's own formatting rounds the binary
// value half to even, so 15.625 printed 15.62 and 15.625000000000002 (the
// same exact figure, summed another way) 15.63, in one column.
func decimal(x float64, places int) string {
	neg := x < 0
	s := strconv.FormatFloat(math.Abs(round12(x)), 'f', -1, 64) // shortest: the 12 digits at most
	whole, frac, _ := strings.Cut(s, ".")
	frac += strings.Repeat("0", places+1)
	digits := []byte(whole + frac[:places])
	if frac[places] >= '5' { // half or more of the last place: away from zero
		i := len(digits) - 1
		for ; i >= 0 && digits[i] == '9'; i-- {
			digits[i] = '0'
		}
		if i < 0 {
			digits = append([]byte{'1'}, digits...)
		} else {
			digits[i]++
		}
	}
	n := len(digits) - places
	out := string(digits[:n])
	if places > 0 {
		out += "." + string(digits[n:])
	}
	if neg {
		out = "-" + out
	}
	return out
}

// signedPct is a difference of probabilities with its sign, as in
// "+19.00%" or "−13.00%". A difference under 1e-12 is 0: the difference
// of two exact sums of probabilities carries noise of about 1e-16.
func SignedPct(x float64) string {
	if math.Abs(x) < 1e-12 {
		x = 0
	}
	if x >= 0 {
		return "+" + Pct(x)
	}
	return "−" + Pct(-x)
}

// signedNum is a difference of means with its sign; under 1e-12 it is 0,
// as in signedPct.
func SignedNum(x float64) string {
	if math.Abs(x) < 1e-12 {
		x = 0
	}
	if x >= 0 {
		return "+" + Num(x)
	}
	return "−" + Num(-x)
}
