//go:build !(js && wasm)

package render

// The drawings of --until: one chain as bars of P(reached by attack k)
// over k; a sweep of one flag as a line (or, over words, a bar) for
// attack k = 1, 2, … over the swept values; two flags as a heat map of
// P(reached within N attacks). Three or more are refused, as every
// sweep's plot refuses them.

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"gonum.org/v1/plot"
)

// maxChainLines is the most attacks a sweep's drawing gives a line (or
// bar) each: the colours repeat past eight.
const maxChainLines = 7

// chainPlot draws the chains of one result, or of a sweep of one or two
// flags.
func chainPlot(rs []*result, path string, opts []PlotOption) ([]byte, error) {
	if len(rs) == 1 {
		return chainBars(rs[0], path, opts)
	}
	for i := 1; i < len(rs); i++ {
		if !sameAction(rs[0], rs[i]) {
			return nil, usagef("run one matchup or one sweep with --plot", "--plot: draws one chain or one sweep of chains; this run has several matchups")
		}
	}
	first := rs[0]
	vary, fixed, _ := dims(rs)
	switch len(vary) {
	case 1:
		f := chainSweep(rs, vary[0].Name)
		f.headline = plotSubject(first, false) + ": P(" + first.Chain.Until + " by attack k) by " + vary[0].Name
		f.title = untilTitle(sweepTitle(first, fixed, ""), first)
		return f.encode(path, opts...)
	case 2:
		n := first.Chain.Attacks
		h := heatOf(rs, vary, func(r *result) float64 { return r.Chain.ByAttack[n-1].P })
		h.format, h.ticker = Pct, percentTicks{}
		what := fmt.Sprintf("P(%s within %d %s)", first.Chain.Until, n, plural(n, "attack"))
		f := h.figure(untilTitle(sweepTitle(first, fixed, what), first))
		f.headline = plotSubject(first, false) + ": " + what + " by " + vary[0].Name + " and " + vary[1].Name
		return f.encode(path, opts...)
	}
	return nil, usagef("sweep at most two flags (or two card roles) for a plot",
		"--plot: %d flags vary; a plot of --until shows one (a line for each attack) or two (a heat map of P(reached within --attacks))", len(vary))
}

// untilTitle puts "until OUTCOME" after the action in a sweep's title.
func untilTitle(t string, first *result) string {
	act := first.System + " " + first.Action
	return strings.Replace(t, act, act+" until "+first.Chain.Until, 1)
}

// plural is n's noun: "attack" or "attacks".
func plural(n int, noun string) string {
	if n == 1 {
		return noun
	}
	return noun + "s"
}

// chainBars draws P(reached by attack k) as a bar at each attack k,
// each labelled with its figure (up to a dozen), with whiskers when
// Monte Carlo.
func chainBars(r *result, path string, opts []PlotOption) ([]byte, error) {
	n := len(r.Chain.ByAttack)
	bs := make([]plotBar, n)
	var bars boxes
	var errs plotterErrs
	top := 0.0
	for k, iv := range r.Chain.ByAttack {
		x := float64(k + 1)
		bs[k] = plotBar{name: strconv.Itoa(k + 1), v: iv.P, lo: iv.Lo, hi: iv.Hi, whiskers: !r.Exact}
		bars = append(bars, box{x0: x - 0.3, x1: x + 0.3, y1: iv.P, color: colourOf(0)})
		top = max(top, iv.P)
		if !r.Exact {
			errs = append(errs, plotterErr{x: x, y: iv.P, lo: iv.P - iv.Lo, hi: iv.Hi - iv.P})
			top = max(top, iv.Hi)
		}
	}
	p := newPanel()
	p.X.Label.Text = "attack k"
	p.Y.Label.Text = "P(" + r.Chain.Until + " by attack k)"
	p.Add(hGrid())
	p.Add(bars)
	addWhiskers(p, errs)
	addBarLabels(p, bs, 1, false)
	intAxis(&p.X, 1, float64(n))
	p.X.Min, p.X.Max = 0.35, float64(n)+0.65 // over half a bar's width from the frame
	pctAxis(&p.Y, 0, top*1.08, false)        // and room for the labels
	title := withParams(Title(r)+" until "+r.Chain.Until, r)
	headline := plotSubject(r, true) + ": attack by attack until " + r.Chain.Until
	return (&figure{headline: headline, title: title, panels: []*plot.Plot{p}, w: plotW, h: plotH}).encode(path, opts...)
}

// chainSweep draws a sweep of one flag's chains: for each attack k drawn
// (every one up to maxChainLines, else the first, the last and evenly
// between), P(reached by attack k) over the swept values, as lines over
// numbers or grouped bars over words (attack 1 first); the legend of
// lines runs from the last attack down, as the lines stand (by attack
// k+1 is never below by attack k).
func chainSweep(rs []*result, swept string) *figure {
	ax := sweptOf(rs, swept)
	c := rs[0].Chain
	ks := attacksDrawn(c.Attacks)
	ss := make([]series, len(ks))
	for i, k := range ks {
		s := series{name: "by attack " + strconv.Itoa(k), col: colourOf(i), band: !rs[0].Exact}
		for _, r := range rs {
			iv := r.Chain.ByAttack[k-1]
			s.add(iv.P, iv.Lo, iv.Hi)
		}
		ss[i] = s
	}
	if ax.numeric {
		slices.Reverse(ss) // the legend top down, as the lines stand
	}
	p := sweepPanel(ax, ss, "P("+c.Until+" by attack k)", false)
	notes := legendOf(ax, ss)
	if len(ks) < c.Attacks {
		notes = append(notes, legendEntry{fmt.Sprintf("%d of %d attacks drawn", len(ks), c.Attacks), nil})
	}
	return &figure{panels: []*plot.Plot{p}, notes: notes, w: plotW, h: plotH}
}

// attacksDrawn are the attacks k a sweep's drawing gives a line each:
// all of 1..n up to maxChainLines, else 1, n and evenly between.
func attacksDrawn(n int) []int {
	if n <= maxChainLines {
		ks := make([]int, n)
		for i := range ks {
			ks[i] = i + 1
		}
		return ks
	}
	ks := make([]int, maxChainLines)
	for i := range ks {
		ks[i] = 1 + (i*(n-1)+(maxChainLines-1)/2)/(maxChainLines-1)
	}
	return ks
}
