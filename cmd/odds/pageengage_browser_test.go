package main

import (
	"context"
	"encoding/json"
	"net/url"
	"os"
	"strings"
	"testing"

	"odds/cmd/internal/render"

	"github.com/chromedp/chromedp"
)

// engageFigures are what the page shows of an engagement, read as odds
// engage --format json gives them: P(A wins), P(B wins), P(neither
// within the rounds) and the mean rounds as the CLI's table writes
// them, and the points traded.
type engageFigures struct {
	A, B, Neither, Mean, Traded string
}

// cliEngage runs odds engage in-process and writes its one engagement's
// figures as the page does.
func cliEngage(t *testing.T, args ...string) engageFigures {
	t.Helper()
	code, out, errs := run(context.Background(), append(append([]string{"engage"}, args...), "--format", "json")...)
	if code != 0 {
		t.Fatalf("odds engage %q: %d: %s", args, code, errs)
	}
	var d struct {
		Engagements []struct {
			Outcomes []struct {
				Name string
				P    float64
			}
			MeanRounds   *float64 `json:"mean_rounds"`
			PointsTraded *float64 `json:"points_traded"`
		}
	}
	if err := json.Unmarshal([]byte(out), &d); err != nil || len(d.Engagements) != 1 {
		t.Fatalf("odds engage %q: %v: %.300s", args, err, out)
	}
	e := d.Engagements[0]
	var f engageFigures
	for _, o := range e.Outcomes {
		switch o.Name {
		case "a-wins":
			f.A = render.Pct(o.P)
		case "b-wins":
			f.B = render.Pct(o.P)
		case "neither":
			f.Neither = render.Pct(o.P)
		}
	}
	if e.MeanRounds != nil {
		f.Mean = render.Num(*e.MeanRounds)
	}
	if e.PointsTraded != nil {
		f.Traded = render.SignedNum(*e.PointsTraded)
	}
	return f
}

// shownEngage reads the figures the page shows.
func (p *player) shownEngage() engageFigures {
	p.t.Helper()
	return engageFigures{A: p.text("#eng-a-wins"), B: p.text("#eng-b-wins"), Neither: p.text("#eng-neither"), Mean: p.text("#eng-mean-rounds"),
		Traded: p.text("#eng-points-traded")}
}

// The page's Engage mode answers issue 32's engagement as odds engage
// does: A's opposed fire at HESA 3 on Def 1 puts B out of action with
// 0.28, B's at HESA 2 on Def 2 puts A out with 0.15, so with A first
// P(A wins) = 0.28 / 0.388 = 72.16…%, P(B wins) 27.84% and 2.577 rounds
// on average (50 rounds), and within 3 rounds 55.62%, 21.45%, 22.92%
// neither. A player gets there one-handed from the action's page: Engage,
// side B's attack, one less HESA and one more Def, 3 rounds; the link
// reproduces it, and two cards with points trade them.
func TestPageEngageBrowser(t *testing.T) {
	_, ts := newCountingHost(t)
	p := newPlayer(t, ts.URL+"/")
	const ready = `document.querySelector("#eng-a-wins") !== null && !document.querySelector("#answer-body.stale")`

	// The link: 50 rounds, A first.
	p.open("/opposed/fire?hesa=3&def=1&engage="+url.QueryEscape("--hesa=2 --def=2")+"&rounds=50", ready)
	want := cliEngage(t, "opposed fire --hesa 3 --def 1", "opposed fire --hesa 2 --def 2", "--first", "a", "--rounds", "50")
	if want.A != "72.16%" || want.B != "27.84%" || want.Mean != "2.577" {
		t.Errorf("odds engage: %+v, want issue 32's 72.16%%, 27.84%%, 2.577", want)
	}
	if got := p.shownEngage(); got != want {
		t.Errorf("the page shows %+v, odds engage says %+v", got, want)
	}
	body := p.text("#answer-body")
	for _, w := range []string{"Who wins the exchange", "A fires first, until a side is out of the fight, up to 50 rounds", "A wins", "B wins", "neither within 50 rounds",
		"Each side at the end", "in action", "out of action", "P(A has won) and P(B has won) by round"} {
		if !strings.Contains(body, w) {
			t.Errorf("the answer lacks %q:\n%.900s", w, body)
		}
	}
	for _, flag := range []string{"--hesa", "--rounds", "a-wins", "--first"} {
		if strings.Contains(body, flag) {
			t.Errorf("the answer shows the flag name %q, not words:\n%.900s", flag, body)
		}
	}
	var lines int
	p.eval(`document.querySelectorAll("#eng-chart polyline").length`, &lines)
	if lines != 2 {
		t.Errorf("the chart by round has %d lines, want A's and B's", lines)
	}
	p.shot("engage-link")

	// One-handed, from the action's page: the question is A's attack.
	p.open("/opposed/fire?hesa=3&def=1", answered)
	p.click(`label[for="mode-engage"]`)
	p.waitFor("engage mode", `document.querySelector("#sides:not([hidden])") !== null && document.querySelector("#eng-a-wins") !== null`)
	p.click(`label[for="side-b"]`)
	p.waitFor("side B's attack", `document.querySelector("#side-b").checked && document.querySelector("#side-note").innerText.startsWith("B fires at A")`)
	p.click(`#field-hesa button[aria-label^="less"]`)
	p.click(`#field-def button[aria-label^="more"]`)
	p.eval(`(() => { const i = document.getElementById("in-rounds"); i.value = "3"; i.dispatchEvent(new Event("input", { bubbles: true })); return true; })()`, nil)
	p.waitFor("3 rounds", `document.querySelector("#eng-setup")?.innerText.includes("up to 3 rounds") && !document.querySelector("#answer-body.stale")`)
	want3 := cliEngage(t, "opposed fire --hesa 3 --def 1", "opposed fire --hesa 2 --def 2", "--first", "a", "--rounds", "3")
	if want3.A != "55.62%" || want3.B != "21.45%" || want3.Neither != "22.92%" {
		t.Errorf("odds engage --rounds 3: %+v, want issue 32's 55.62%%, 21.45%%, 22.92%%", want3)
	}
	if got := p.shownEngage(); got != want3 {
		t.Errorf("after the taps the page shows %+v, odds engage --rounds 3 says %+v", got, want3)
	}
	var got []string // the figures, folded under the chart
	p.eval(`[...document.querySelectorAll("#eng-chart table tbody tr")].map((r) => r.textContent)`, &got)
	if len(got) != 3 || !strings.Contains(got[0], "28.00%") || !strings.Contains(got[0], "10.80%") {
		t.Errorf("the rounds one by one: %q, want 3 rows, the first A 28.00%% and B 10.80%%", got)
	}
	p.shot("engage-taps")
	p.eval(`document.getElementById("beyond").scrollIntoView({ block: "end" }), true`, nil)
	p.shot("engage-settings")
	p.click(`label[for="side-a"]`)
	p.waitFor("side A's attack", `document.querySelector("#side-note").innerText.startsWith("A fires at B")`)
	p.shot("engage-side-a")
	var hash string
	p.eval(`location.hash`, &hash)
	if !strings.Contains(hash, "engage=") || !strings.Contains(hash, "rounds=3") {
		t.Errorf("the link %q does not carry the engagement", hash)
	}

	// The link reproduces it in a fresh page.
	p.do("leave", chromedp.Navigate("about:blank"))
	p.open(strings.TrimPrefix(hash, "#"), ready)
	if got := p.shownEngage(); got != want3 {
		t.Errorf("the link %s shows %+v, want %+v", hash, got, want3)
	}

	// Two cards with points (the player's own file): the points traded.
	text, err := os.ReadFile("testdata/engage-points.yaml")
	if err != nil {
		t.Fatal(err)
	}
	files, _ := json.Marshal([]map[string]any{{"name": "engage-points.yaml", "text": string(text), "problems": 0}})
	p.eval(`localStorage.setItem("odds.files", `+jsString(string(files))+`), true`, nil)
	p.do("leave", chromedp.Navigate("about:blank"))
	p.open("/opposed/fire?attacker=points-a&defender=points-b&engage=&rounds=50", ready+` && document.querySelector("#eng-points-traded") !== null`)
	wantPts := cliEngage(t, "opposed fire", "opposed fire", "--a", "points-a", "--b", "points-b", "--rounds", "50", "--profiles", "testdata/engage-points.yaml")
	if wantPts.Traded == "" || wantPts.A != want.A {
		t.Errorf("odds engage with the points cards: %+v, want points traded and P(A wins) %s", wantPts, want.A)
	}
	if got := p.shownEngage(); got != wantPts {
		t.Errorf("with the points cards the page shows %+v, odds engage says %+v", got, wantPts)
	}
	p.shot("engage-points")
}
