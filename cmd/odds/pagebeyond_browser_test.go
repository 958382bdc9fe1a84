package main

import (
	"bytes"
	"context"
	"encoding/json"
	"math"
	"slices"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"

	"odds/cmd/internal/render"
)

// steadyShot readies the page for a screenshot that is the same bytes
// every run: the time the answer took (.took) is left out, no caret
// blinks, no bar is half way through its transition.
const steadyShot = `(() => {
  if (!document.getElementById("steady-shot")) {
    const s = document.createElement("style");
    s.id = "steady-shot";
    s.textContent = ".took { display: none !important; } * { caret-color: transparent !important; transition: none !important; animation: none !important; }";
    document.head.append(s);
  }
  document.activeElement?.blur?.();
  return new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(() => r(true))));
})()`

// pageActions are the browser test's steps on the page.
type pageActions struct {
	do      func(what string, steps ...chromedp.Action[chromedp.Void])
	text    func(sel string) string
	eval    func(js string, v any)
	shot    func(name string)
	capture func() []byte
}

// waitFor waits (up to 20 s) until the script cond is true in the page.
func (p pageActions) waitFor(t *testing.T, what, cond string) {
	t.Helper()
	var ok bool
	p.eval(`new Promise((resolve) => {
  const t0 = performance.now();
  const f = () => {
    let v = false;
    try { v = (`+cond+`); } catch (e) {}
    if (v) resolve(true); else if (performance.now() - t0 > 20000) resolve(false); else setTimeout(f, 20);
  };
  f();
})`, &ok)
	if !ok {
		t.Fatalf("%s: waited 20 s for %s", what, cond)
	}
}

func (p pageActions) texts(sel string) []string {
	var out []string
	p.eval(`[...document.querySelectorAll(`+jsString(sel)+`)].map((e) => e.textContent.trim())`, &out)
	return out
}

func (p pageActions) link() string {
	var href string
	p.eval(`document.getElementById("permalink").getAttribute("href")`, &href)
	return href
}

func jsString(s string) string {
	b, _ := json.Marshal(s)
	return string(b)
}

// pageBeyond asks the page issue 26's three questions with its controls
// and checks each against exact figures: opposed fire hesa 3 def 1
// repeated until out of action, 4 attacks, is 1 − 0.72^k by attack k (the
// attacks are independent); with def 1, out of action at least 50% takes
// hesa 6 (55%; 45% at 5); what moves no effect most is a +19% change
// (smoke among them). Each link reproduces its answer, an engine's
// refusal shows at its control, and a view's screenshot is the same
// bytes when drawn again.
func pageBeyond(t *testing.T, base string, p pageActions) {
	css := func(s string) chromedp.CSS { return chromedp.CSS(s) }
	p.do("beyond: the question", chromedp.Navigate(base+"/#/opposed/fire?hesa=3&def=1"), chromedp.WaitVisible(css(`#answer-body span.p[data-outcome="no-effect"]`)))

	// Repeat until: out of action (the default, the most severe), 6
	// attacks by default, two taps down to 4.
	p.do("until", chromedp.Click(css(`label[for="mode-until"]`)))
	p.waitFor(t, "until", `document.querySelectorAll("#chain li[data-k]").length === 6`)
	p.do("attacks 5", chromedp.Click(css(`#field-attacks button[aria-label="fewer attacks"]`)))
	p.waitFor(t, "attacks 5", `document.querySelectorAll("#chain li[data-k]").length === 5`)
	p.do("attacks 4", chromedp.Click(css(`#field-attacks button[aria-label="fewer attacks"]`)))
	p.waitFor(t, "attacks 4", `document.querySelectorAll("#chain li[data-k]").length === 4`)
	checkChain := func(when string) {
		t.Helper()
		got := p.texts(`#chain li[data-k] .p`)
		want := []string{"28.00%", "48.16%", "62.68%", "73.13%"}
		for k := range want {
			if hand := render.Pct(1 - math.Pow(0.72, float64(k+1))); hand != want[k] {
				t.Fatalf("1 - 0.72^%d is %s, not %s", k+1, hand, want[k])
			}
		}
		if !slices.Equal(got, want) {
			t.Errorf("%s: P(out of action by attack k) reads %q, want %q (1 − 0.72^k)", when, got, want)
		}
		if s := p.text(`.states li[data-state="in-action"] .p`); s != "26.87%" {
			t.Errorf("%s: in action after 4 attacks reads %q, want 26.87%% (0.72^4)", when, s)
		}
		if s := p.text(`#chain-sum`); !strings.Contains(s, "26.87%") || !strings.Contains(s, "2.101") {
			t.Errorf("%s: the chain's summary reads %q, want not reached 26.87%% and mean 2.101", when, s)
		}
	}
	checkChain("until")
	untilLink := p.link()
	if !strings.HasSuffix(untilLink, "#/opposed/fire?hesa=3&def=1&until=out-of-action&attacks=4") {
		t.Errorf("until's link is %q, want …#/opposed/fire?hesa=3&def=1&until=out-of-action&attacks=4", untilLink)
	}
	p.eval(`window.scrollTo(0, 0) || true`, nil)
	p.shot("until")

	// Find: out of action at least 50% (the defaults), varying hesa (the
	// first number): hesa leaves the question, the engine scans 0..12.
	p.do("find", chromedp.Click(css(`label[for="mode-find"]`)), chromedp.WaitVisible(css(`#find-answer`)))
	if got := p.text(`#find-answer`); got != "hesa 6: P(out of action) 55.00%; at hesa 5: 45.00%" {
		t.Errorf("find: the answer reads %q, want hesa 6: P(out of action) 55.00%%; at hesa 5: 45.00%%", got)
	}
	_, doc, _ := run(context.Background(), "opposed", "fire", "--def", "1", "--find", "out-of-action>=0.5", "--vary", "hesa", "--format", "json")
	var cli struct {
		Finds []struct {
			At   struct{ Value int }
			Scan []struct {
				Value int
				X     float64
				Holds string
			}
		}
	}
	if err := json.Unmarshal([]byte(doc), &cli); err != nil || len(cli.Finds) != 1 || cli.Finds[0].At.Value != 6 {
		t.Fatalf("the CLI's find: %v %s", err, doc)
	}
	var dots []struct {
		Value int
		X     float64
		Holds string
	}
	p.eval(`[...document.querySelectorAll("svg.scan circle.dot")].map((c) => ({value: +c.dataset.value, x: +c.dataset.x, holds: c.dataset.holds}))`, &dots)
	if len(dots) != len(cli.Finds[0].Scan) {
		t.Errorf("find: %d points in the scan's chart, the CLI scans %d", len(dots), len(cli.Finds[0].Scan))
	} else {
		for i, s := range cli.Finds[0].Scan {
			if d := dots[i]; d.Value != s.Value || math.Abs(d.X-s.X) > 1e-12 || d.Holds != s.Holds {
				t.Errorf("find: the chart's point %d is %+v, the CLI's %+v", i, d, s)
			}
		}
	}
	var ring, threshold string
	p.eval(`document.querySelector("svg.scan #answer-ring")?.dataset.value || ""`, &ring)
	p.eval(`document.querySelector("svg.scan line.threshold")?.dataset.threshold || ""`, &threshold)
	if ring != "6" || threshold != "0.5" {
		t.Errorf("find: the chart rings %q and draws the threshold at %q, want 6 and 0.5", ring, threshold)
	}
	var hesaOff bool
	p.eval(`document.getElementById("in-hesa").disabled`, &hesaOff)
	if !hesaOff {
		t.Errorf("find: the hesa control can be changed while find varies it")
	}
	findLink := p.link()
	if !strings.HasSuffix(findLink, "#/opposed/fire?def=1&find=out-of-action%3E%3D0.5&vary=hesa") {
		t.Errorf("find's link is %q, want …#/opposed/fire?def=1&find=out-of-action%%3E%%3D0.5&vary=hesa", findLink)
	}
	p.eval(`window.scrollTo(0, 0) || true`, nil)
	p.shot("find")

	// What matters most: out of action (the headline outcome). Hesa is
	// back in the question (3).
	p.do("sensitivity", chromedp.Click(css(`label[for="mode-sensitivity"]`)), chromedp.WaitVisible(css(`#tornado`)))
	var rows []struct{ Flag, To, D string }
	p.eval(`[...document.querySelectorAll("#tornado li")].map((li) => ({flag: li.dataset.flag, to: li.dataset.to, d: li.querySelector(".d").textContent}))`, &rows)
	smoke := slices.IndexFunc(rows, func(r struct{ Flag, To, D string }) bool { return r.Flag == "smoke" })
	// smoke, +2 to the target: out of action needs a−b ≥ 5, 15 of the 100
	// pairs, not a−b ≥ 3, 28: −13.00%, the largest change with hard
	// cover and hull-down.
	if len(rows) == 0 || rows[0].D != "−13.00%" || smoke < 0 || rows[smoke].D != "−13.00%" || slices.ContainsFunc(rows[:smoke], func(r struct{ Flag, To, D string }) bool { return r.D != "−13.00%" }) {
		t.Errorf("sensitivity: smoke is row %d of %+v; want it among the top rows, all −13.00%%", smoke, rows)
	}
	_, doc, _ = run(context.Background(), "opposed", "fire", "--hesa", "3", "--def", "1", "--sensitivity", "--format", "json")
	var sens struct {
		Sensitivities []struct {
			Changes []struct {
				Flag, To string
				Diff     *float64
				Skipped  string `json:"does_not_apply"`
			}
		}
	}
	if err := json.Unmarshal([]byte(doc), &sens); err != nil || len(sens.Sensitivities) != 1 {
		t.Fatalf("the CLI's sensitivity: %v %s", err, doc)
	}
	var cliRows []string
	for _, c := range sens.Sensitivities[0].Changes {
		if c.Skipped == "" && *c.Diff != 0 {
			cliRows = append(cliRows, c.Flag+" "+c.To+" "+render.SignedPct(*c.Diff))
		}
	}
	var pageRows []string
	for _, r := range rows {
		pageRows = append(pageRows, r.Flag+" "+r.To+" "+r.D)
	}
	if !slices.Equal(pageRows, cliRows) {
		t.Errorf("sensitivity: the page's rows\n%q\nthe CLI's\n%q", pageRows, cliRows)
	}
	if s := p.text(`#sens-still`); s != "Moves nothing: firer suppressed on." {
		t.Errorf("sensitivity: %q", s)
	}
	if s := p.text(`#sens-refused`); !strings.Contains(s, "over half range on (--over-half-range: applies to AP fire only") {
		t.Errorf("sensitivity: the refused change reads %q", s)
	}
	sensLink := p.link()
	if !strings.HasSuffix(sensLink, "#/opposed/fire?hesa=3&def=1&sensitivity=first") {
		t.Errorf("sensitivity's link is %q, want …#/opposed/fire?hesa=3&def=1&sensitivity=first", sensLink)
	}
	p.eval(`window.scrollTo(0, 0) || true`, nil)
	p.shot("sensitivity")

	// Each link reproduces its answer in a fresh page; the until view's
	// screenshot is the same bytes drawn twice.
	p.do("until link", chromedp.Navigate(untilLink), chromedp.WaitVisible(css(`#chain li[data-k="4"]`)))
	checkChain("until's link")
	// Drawn twice from the link (a load each, each answer's time its
	// own), the view's screenshot is the same bytes.
	p.do("until link, loaded", chromedp.Reload(), chromedp.WaitVisible(css(`#chain li[data-k="4"]`)))
	first := p.capture()
	p.do("until link, loaded again", chromedp.Reload(), chromedp.WaitVisible(css(`#chain li[data-k="4"]`)))
	if again := p.capture(); !bytes.Equal(first, again) {
		t.Errorf("the until view drawn twice gives two different screenshots (%d and %d bytes): the page draws something of the moment", len(first), len(again))
	}
	p.do("find link", chromedp.Navigate(findLink), chromedp.WaitVisible(css(`#find-answer`)))
	if got := p.text(`#find-answer`); got != "hesa 6: P(out of action) 55.00%; at hesa 5: 45.00%" {
		t.Errorf("find's link: the answer reads %q", got)
	}
	p.do("sensitivity link", chromedp.Navigate(sensLink), chromedp.WaitVisible(css(`#tornado`)))
	if got := p.text(`#tornado li[data-flag="smoke"] .d`); got != "−13.00%" {
		t.Errorf("sensitivity's link: smoke reads %q", got)
	}
	// A tap on a row makes its change in the question: smoke on, the
	// form's toggle with it, and what matters asked again of the smoke
	// question, whose out of action is the row's 28% − 13% = 15%, as the
	// CLI says of opposed fire --hesa 3 --def 1 --smoke.
	_, smokeCSV, _ := run(context.Background(), "opposed", "fire", "--hesa", "3", "--def", "1", "--smoke", "--format", "csv")
	if !strings.Contains(smokeCSV, ",0.15,") {
		t.Errorf("the CLI's smoke answer lacks out of action 0.15:\n%s", smokeCSV)
	}
	p.do("sensitivity: tap smoke", chromedp.Click(css(`#tornado li[data-flag="smoke"]`)))
	p.waitFor(t, "smoke made", `document.getElementById("in-smoke").checked && document.querySelector("#tornado li[data-flag=smoke]")?.dataset.to === "false"`)
	if got := p.text(`.sens-box h2`); got != "What moves P(out of action) (15.00%) most" {
		t.Errorf("sensitivity, smoke tapped: the answer reads %q, want the smoke question's out of action, 15.00%%", got)
	}
	if got := p.text(`#tornado li[data-flag="smoke"] .d`); got != "+13.00%" {
		t.Errorf("sensitivity, smoke tapped: smoke off reads %q, want +13.00%%", got)
	}
	if l := p.link(); !strings.HasSuffix(l, "#/opposed/fire?hesa=3&def=1&smoke=true&sensitivity=first") {
		t.Errorf("sensitivity, smoke tapped: the link is %q, want …#/opposed/fire?hesa=3&def=1&smoke=true&sensitivity=first", l)
	}

	// The engine's refusal shows at its control, as the CLI words it
	// without the flag's name (the control is named on the page).
	_, _, stderr := run(context.Background(), "opposed", "rally", "--until", "out-of-action")
	msg := strings.TrimPrefix(strings.TrimSpace(strings.SplitN(stderr, "\n", 2)[0]), "odds: error: ")
	if !strings.HasPrefix(msg, "--until: o") {
		t.Fatalf("the CLI refuses --until on rally with %q", msg)
	}
	msg = "O" + strings.TrimPrefix(msg, "--until: o")
	p.do("until refused", chromedp.Navigate(base+"/#/opposed/rally?until=out-of-action"), chromedp.WaitVisible(css(`#err-until`)))
	if got := p.text(`#err-until`); got != msg {
		t.Errorf("until on rally: the page says %q at the control, the CLI %q", got, msg)
	}
	if got := p.text(`#error p`); got != msg {
		t.Errorf("until on rally: the answer says %q, the CLI %q", got, msg)
	}
}
