package main

import (
	"fmt"
	"math"
	"strconv"
)

// One place formats the figures a user reads: the command line's
// renderers (table, markdown, sweeps, matrices, comparisons) and the page
// of odds serve call these, so the two never disagree.

// pct formats a probability as a percentage that never rounds a possible
// outcome to zero or a certain one to a hundred.
func pct(p float64) string {
	switch {
	case p == 0:
		return "0%"
	case p == 1:
		return "100%"
	case p < 0.00005:
		return "<0.01%"
	case p > 0.99995:
		return ">99.99%"
	}
	return fmt.Sprintf("%.2f%%", 100*p)
}

// round12 rounds x to 12 significant digits: the float noise of exact
// sums (0.015625000000000007) is not part of the answer.
func round12(x float64) float64 {
	r, _ := strconv.ParseFloat(strconv.FormatFloat(x, 'g', 12, 64), 64)
	return r
}

func num(x float64) string {
	x = round12(x)
	if x == math.Trunc(x) && math.Abs(x) < 1e15 {
		return strconv.FormatFloat(x, 'f', 0, 64)
	}
	return strconv.FormatFloat(x, 'f', 3, 64)
}

// signedPct is a difference of probabilities with its sign, as in
// "+19.00%" or "−13.00%".
func signedPct(x float64) string {
	if x >= 0 {
		return "+" + pct(x)
	}
	return "−" + pct(-x)
}

func signedNum(x float64) string {
	if x >= 0 {
		return "+" + num(x)
	}
	return "−" + num(-x)
}
