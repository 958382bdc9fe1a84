package main

import (
	"context"
	"encoding/json"
	"fmt"
	"maps"
	"net/http"
	"net/http/httptest"
	"odds/cmd/internal/render"
	"odds/cmd/internal/serve"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// player is a phone (390x844, touch) in headless Chromium on one of the
// page's hosts, with the steps a test takes on it: each step fails the
// test with what it was doing.
type player struct {
	t    testing.TB
	ctx  context.Context
	base string // the page's address, ending in /
}

// newPlayer starts a phone-sized Chromium on the page at base.
func newPlayer(t testing.TB, base string) *player {
	t.Helper()
	path := chromium()
	if path == "" {
		t.Skip("headless Chromium not found: install Debian's chromium package (apt-get install chromium) to run the browser test")
	}
	opts := append(chromedp.DefaultExecAllocatorOptions[:],
		chromedp.ExecPath(path), chromedp.NoSandbox, chromedp.WindowSize(390, 844), chromedp.Flag("disable-gpu", true))
	actx, cancel := chromedp.NewExecAllocator(context.Background(), opts...)
	t.Cleanup(cancel)
	bctx, cancel := chromedp.NewContext(actx)
	t.Cleanup(cancel)
	// The first call starts the browser and must have no deadline.
	if err := chromedp.Do(bctx, chromedp.EmulateViewport(390, 844, chromedp.EmulateMobile, chromedp.EmulateTouch)); err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(bctx, 3*time.Minute)
	t.Cleanup(cancel)
	return &player{t: t, ctx: ctx, base: base}
}

func (p *player) do(what string, steps ...chromedp.Action[chromedp.Void]) {
	p.t.Helper()
	if err := chromedp.Do(p.ctx, steps...); err != nil {
		p.t.Fatalf("%s: %v", what, err)
	}
}

// open goes to the page's link #/hash and waits until the script cond
// holds.
func (p *player) open(hash, cond string) {
	p.t.Helper()
	p.do("open #"+hash, chromedp.Navigate(p.base+"#"+hash))
	p.waitFor("#"+hash, cond)
}

// eval runs a script (a promise is awaited) and reads its value into v.
func (p *player) eval(js string, v any) {
	p.t.Helper()
	raw, err := chromedp.Run(p.ctx, chromedp.Evaluate[json.RawMessage](js, chromedp.EvalAwaitPromise))
	if err != nil {
		p.t.Fatalf("%.80s…: %v", js, err)
	}
	if v != nil {
		if err := json.Unmarshal(raw, v); err != nil {
			p.t.Fatalf("%.80s…: %s: %v", js, raw, err)
		}
	}
}

// text is what the page shows in the first element sel selects ("" if none).
func (p *player) text(sel string) string {
	p.t.Helper()
	var s string
	p.eval(`(document.querySelector(`+jsString(sel)+`)?.innerText ?? "").trim()`, &s)
	return s
}

func (p *player) texts(sel string) []string {
	p.t.Helper()
	var out []string
	p.eval(`[...document.querySelectorAll(`+jsString(sel)+`)].map((e) => e.innerText.trim())`, &out)
	return out
}

// click taps the first element sel selects.
func (p *player) click(sel string) {
	p.t.Helper()
	p.do("tap "+sel, chromedp.Click(chromedp.CSS(sel)))
}

// waitFor waits (up to 30 s) until the script cond is true in the page.
func (p *player) waitFor(what, cond string) {
	p.t.Helper()
	var ok bool
	p.eval(`new Promise((resolve) => {
  const t0 = performance.now();
  const f = () => {
    let v = false;
    try { v = (`+cond+`); } catch (e) {}
    if (v) resolve(true); else if (performance.now() - t0 > 30000) resolve(false); else setTimeout(f, 20);
  };
  f();
})`, &ok)
	if !ok {
		var body string
		p.eval(`document.getElementById("main")?.innerText.slice(0, 600) ?? ""`, &body)
		p.t.Fatalf("%s: waited 30 s for %s; the page shows:\n%s", what, cond, body)
	}
}

// shot writes a screenshot of the phone's screen to the test's temporary
// folder (kept with -shots DIR) for a person to look at.
func (p *player) shot(name string) {
	p.t.Helper()
	p.eval(steadyShot, nil)
	png, err := chromedp.Run(p.ctx, chromedp.CaptureScreenshot())
	if err != nil {
		p.t.Fatal(err)
	}
	dir := os.Getenv("ODDS_SHOTS")
	if dir == "" {
		return
	}
	if err := os.WriteFile(filepath.Join(dir, name+".png"), png, 0o644); err != nil {
		p.t.Fatal(err)
	}
}

// answered is a condition: the answer shows outcome rows.
const answered = `document.querySelector("#answer-body span.p[data-outcome]") !== null`

// countingHost is a plain static host (Go's file server, which sends
// none of odds serve's headers) of odds page's folder, counting what it
// sends: the body bytes of every answer, and the paths answered 200.
type countingHost struct {
	mu    sync.Mutex
	bytes int64
	sent  map[string]int // path -> answers with a body (200)
	h     http.Handler
	link  *link // nil: as fast as the machine
}

// link is a network between the host and the browser, emulated at the
// host: every answer waits latency before its first byte, and the
// answers' bytes share rate bytes a second. (Chromium's own emulation
// slows the page's requests but not those of its workers, where the
// engine is fetched.)
type link struct {
	latency time.Duration
	rate    float64 // bytes per second
	mu      sync.Mutex
	free    time.Time // when the link is next free
}

// send waits until n bytes have passed the link after those before them.
func (l *link) send(n int) {
	l.mu.Lock()
	now := time.Now()
	if l.free.Before(now) {
		l.free = now
	}
	l.free = l.free.Add(time.Duration(float64(n) / l.rate * float64(time.Second)))
	at := l.free
	l.mu.Unlock()
	time.Sleep(time.Until(at))
}

func newCountingHost(t testing.TB) (*countingHost, *httptest.Server) {
	t.Helper()
	dir := filepath.Join(t.TempDir(), "site")
	if code, _, errs := run(context.Background(), "page", dir); code != 0 {
		t.Fatalf("odds page: exit %d: %s", code, errs)
	}
	c := &countingHost{sent: map[string]int{}, h: http.FileServer(http.Dir(dir))}
	ts := httptest.NewServer(c)
	t.Cleanup(ts.Close)
	return c, ts
}

func (c *countingHost) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	cw := &countWriter{ResponseWriter: w, status: 200, link: c.link}
	if c.link != nil {
		time.Sleep(c.link.latency)
	}
	c.h.ServeHTTP(cw, r)
	c.mu.Lock()
	defer c.mu.Unlock()
	c.bytes += cw.n
	if cw.status == 200 {
		c.sent[r.URL.Path]++
	}
}

// figures are the bytes sent so far and how many times the engine was sent.
func (c *countingHost) figures() (bytes int64, engine int) {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.bytes, c.sent["/odds.wasm.gz"]
}

// sentPaths is a copy of the answers with a body so far, by path (the
// server's goroutines go on counting the page's later requests).
func (c *countingHost) sentPaths() map[string]int {
	c.mu.Lock()
	defer c.mu.Unlock()
	return maps.Clone(c.sent)
}

type countWriter struct {
	http.ResponseWriter
	status int
	n      int64
	link   *link
}

func (w *countWriter) WriteHeader(s int) { w.status = s; w.ResponseWriter.WriteHeader(s) }
func (w *countWriter) Write(b []byte) (int, error) {
	done := 0
	for len(b) > 0 {
		k := len(b)
		if w.link != nil {
			k = min(k, 16<<10)
			w.link.send(k)
		}
		n, err := w.ResponseWriter.Write(b[:k])
		done += n
		w.n += int64(n)
		if err != nil {
			return done, err
		}
		if f, ok := w.ResponseWriter.(http.Flusher); ok && w.link != nil {
			f.Flush()
		}
		b = b[k:]
	}
	return done, nil
}

// offlineReady is a condition: the service worker controls the page and
// its cache holds the engine.
const offlineReady = `(async () => {
  if (!navigator.serviceWorker.controller) return false;
  for (const k of await caches.keys()) if (await (await caches.open(k)).match("odds.wasm.gz")) return true;
  return false;
})()`

// A first visit to odds page's site on a plain static host sends the
// engine once, compressed (the worker's fetch; the service worker's
// install finds it in the browser's cache), and under 3 MB in all; the
// page then works offline.
func TestPageFirstVisitBrowser(t *testing.T) {
	host, ts := newCountingHost(t)
	p := newPlayer(t, ts.URL+"/")
	p.open("/opposed/fire?hesa=3&def=1", answered)
	p.waitFor("the service worker", offlineReady)
	bytes, engine := host.figures()
	t.Logf("answers with a body, by path: %v", host.sentPaths())
	t.Logf("first visit from a plain static host: %d bytes (%.2f MB) sent, the engine %d time(s)", bytes, float64(bytes)/1e6, engine)
	if engine != 1 {
		t.Errorf("the engine was sent %d times on a first visit, want once", engine)
	}
	if bytes > 3e6 {
		t.Errorf("a first visit took %d bytes from a plain static host, want under 3 MB", bytes)
	}
	if got := p.text(`#answer-body span.p[data-outcome="out-of-action"]`); got != "28.00%" {
		t.Errorf("opposed fire hesa 3 def 1: out of action reads %q, want 28.00%% (the CLI's)", got)
	}
}

// settled is a condition: the page shows an answer or says why not.
const settled = `document.querySelector("#answer-body span.p[data-outcome], #answer-body svg, #answer-body table, #answer-body .need, #answer-body .problem") !== null`

// Issue 35 at 390x844: every action of the home page opens on an answer,
// said in words (no flag names); a missing value is said once, in words;
// a stepper's "+" from blank gives 1, and steps from a card's value; the
// answer, the cards and the firer's and target's values, cover and a
// common modifier are on the first screen; a six-card matrix fits the
// phone, and a wider one says that it scrolls.
func TestPageFirstScreenBrowser(t *testing.T) {
	ts := testServer(t, serve.DefaultMaxTrials)
	p := newPlayer(t, ts.URL+"/")
	p.open("/", `document.querySelector("a.action-link") !== null`)
	var links []string
	p.eval(`[...document.querySelectorAll("a.action-link")].map((a) => a.getAttribute("href")).filter((h) => !h.startsWith("#/roll"))`, &links)
	if len(links) < 20 {
		t.Fatalf("the home page links %d actions, want the 20 of the four systems", len(links))
	}
	for _, l := range links {
		p.open(strings.TrimPrefix(l, "#"), settled)
		body := p.text("#answer-body")
		var hash string
		p.eval(`location.hash`, &hash)
		if !strings.Contains(body, "%") || strings.Contains(body, "--") || p.text("#answer-body .need, #answer-body .problem") != "" {
			t.Errorf("%s opens on %s, showing:\n%s\nwant an answer in words", l, hash, body)
		}
		// Systems are spelled as the catalog spells them: rof, not Rof.
		if strings.HasPrefix(l, "#/rof/") {
			if main := p.text("#main"); strings.Contains(main, "Rof") {
				t.Errorf("%s spells the system Rof: %.200q", l, main)
			}
		}
	}

	// A missing value: said once, in words, with a way to its control.
	p.open("/opposed/fire?def=1", `document.querySelector("#answer-body .need") !== null`)
	need := p.text("#answer-body .need p")
	var times int
	p.eval(`[...document.querySelectorAll("#main *")].filter((e) => !e.children.length && e.textContent.includes(`+jsString(need)+`) && !e.closest(".sr, [hidden]")).length`, &times)
	if strings.Contains(need, "--") || !strings.Contains(need, "HESA value") || times != 1 {
		t.Errorf("opposed fire without HESA or AP says %q, %d times on the page; want it once, in words", need, times)
	}
	p.shot("need")

	// Three taps on + from blank: HESA 3 (the CLI's hesa 3 def 1 is 28.00%
	// out of action).
	for i := 1; i <= 3; i++ {
		p.click(`#field-hesa button.step[aria-label^="more"]`)
		p.waitFor("tap "+strconv.Itoa(i), `document.getElementById("in-hesa").value === "`+strconv.Itoa(i)+`"`)
	}
	p.waitFor("hesa 3", `document.querySelector('#answer-body span.p[data-outcome="out-of-action"]')?.textContent === "28.00%"`)

	// A card's value shows in its field, and + steps from it.
	_, api, _ := get(t, ts.URL+"/api/v1/opposed/fire?attacker=mg-team&defender=rifle-section")
	var doc struct {
		Results []struct{ Params map[string]any }
	}
	if err := json.Unmarshal([]byte(api), &doc); err != nil || len(doc.Results) != 1 {
		t.Fatalf("the API: %v %s", err, api)
	}
	hesa := int(doc.Results[0].Params["hesa"].(float64))
	p.open("/opposed/fire?attacker=mg-team&defender=rifle-section", `document.getElementById("in-hesa")?.placeholder === "`+strconv.Itoa(hesa)+`"`)
	if got := p.text("#field-hesa .from-card"); got != "from attacker card" {
		t.Errorf("HESA from the mg team's card: the field says %q, want from attacker card", got)
	}
	p.click(`#field-hesa button.step[aria-label^="more"]`)
	p.waitFor("+ from the card's HESA", `document.getElementById("in-hesa").value === "`+strconv.Itoa(hesa+1)+`"`)

	// The first screen of opposed fire as it opens.
	p.open("/opposed/fire", answered)
	p.eval(`window.scrollTo(0, 0) || true`, nil)
	var screen struct {
		Height, Page float64
		Bottoms      map[string]float64
	}
	p.eval(`(() => {
  const b = {};
  for (const id of ["answer", "field-hesa", "field-ap", "field-within-4", "field-def", "field-cover"]) b[id] = document.getElementById(id).getBoundingClientRect().bottom;
  b["unit cards"] = document.querySelector('details[data-section="Unit cards"]').getBoundingClientRect().bottom;
  return {height: innerHeight, page: document.documentElement.scrollHeight, bottoms: b};
})()`, &screen)
	t.Logf("opposed fire as it opens: %.0f px, %.2f screens of %.0f px", screen.Page, screen.Page/screen.Height, screen.Height)
	for id, b := range screen.Bottoms {
		if b > screen.Height {
			t.Errorf("opposed fire: %s ends at %.0f px, below the first screen (%.0f px)", id, b, screen.Height)
		}
	}
	if screen.Page > 2*screen.Height {
		t.Errorf("opposed fire is %.2f screens long, want under 2", screen.Page/screen.Height)
	}
	p.shot("first-screen")

	// A six-card roster of two roles fits; eleven cards say they scroll.
	type fit struct {
		Title  string
		Right  float64
		Width  float64
		Cols   int
		Hidden int
		Note   string
	}
	const measure = `(() => {
  const t = document.querySelector("table.matrix"), s = t.closest(".scroll");
  const title = document.querySelector(".matrix-title");
  const heads = [...t.querySelectorAll("thead th")];
  const edge = s.getBoundingClientRect().right;
  return {title: title.innerText, right: Math.max(title.getBoundingClientRect().right, ...heads.map((h) => Math.min(h.getBoundingClientRect().right, 1e6))),
    width: innerWidth, cols: heads.length, hidden: heads.filter((h) => h.getBoundingClientRect().right > edge + 1).length,
    note: s.nextElementSibling?.classList.contains("scroll-note") ? s.nextElementSibling.innerText : ""};
})()`
	var six fit
	p.open("/symbol/fire?attacker=all&defender=all&range=close", `document.querySelector("table.matrix") !== null`)
	p.eval(measure, &six)
	if six.Cols != 7 || six.Right > six.Width || six.Hidden != 0 || !strings.HasSuffix(six.Title, "against defender (columns)") {
		t.Errorf("six symbol cards: %d columns, the last ends at %.0f px of %.0f, %d out of sight, title %q; want all seen and the title whole", six.Cols, six.Right, six.Width, six.Hidden, six.Title)
	}
	p.shot("matrix-six")
	var eleven fit
	p.open("/opposed/fire?attacker=all&defender=all", `document.querySelector("table.matrix") !== null`)
	p.eval(measure, &eleven)
	p.shot("matrix-eleven")
	if eleven.Hidden > 0 && !strings.Contains(eleven.Note, strconv.Itoa(eleven.Hidden)+" more column") {
		t.Errorf("eleven opposed cards: %d columns out of sight and the page says %q; want it to say they scroll", eleven.Hidden, eleven.Note)
	}
	t.Logf("eleven opposed cards: %d of %d columns out of sight; the page says %q", eleven.Hidden, eleven.Cols, eleven.Note)
}

// The dice editor (issue 35): a player taps a die's faces from the
// sheet's symbols (a double among them); the engine checks the dice (a
// second blue attack die is a problem, shown, and the file is not used)
// and they are saved with the cards: the page's symbol fire rolls them,
// as the CLI does with the same file, and not as it rolls the example
// dice. The file editor says a saved file is in use.
func TestPageDiceBrowser(t *testing.T) {
	ts := testServer(t, serve.DefaultMaxTrials)
	p := newPlayer(t, ts.URL+"/")
	p.open("/cards", `document.getElementById("dice-add") !== null`)
	p.click("#dice-add")
	p.waitFor("a new die", `document.querySelector("#die-0 li.face") !== null`)
	if got := p.text("#die-0 .die-name"); got != "blue attack die" {
		t.Errorf("the first die added is the %q, want the blue attack die", got)
	}
	tap := func(face int, symbol string) {
		t.Helper()
		before := p.text(fmt.Sprintf("#die-0-face-%d", face))
		p.click(fmt.Sprintf(`#die-0 li[data-face="%d"] button[data-symbol="%s"]`, face, symbol))
		p.waitFor("tap", fmt.Sprintf(`document.getElementById("die-0-face-%d")?.innerText !== %s`, face, jsString(before)))
	}
	tap(0, "critical-hit")
	tap(1, "damage-point")
	tap(1, "suppression")
	tap(2, "suppression")
	tap(2, "suppression")
	tap(3, "x-suppression")
	p.waitFor("saved", `document.getElementById("dice-status").innerText.startsWith("Saved")`)
	if got := p.texts("#die-0 .face-shows"); strings.Join(got, "|") != "critical hit|damage point + suppression|suppression + suppression|X suppression|blank|blank" {
		t.Errorf("the die's faces read %q", got)
	}
	p.shot("dice")

	// A second blue attack die: the engine says so, and the file is not used.
	p.click("#dice-add")
	p.waitFor("a second die", `document.getElementById("die-1-colour") !== null`)
	p.eval(`(() => { const s = document.getElementById("die-1-colour"); s.value = "blue"; s.dispatchEvent(new Event("change")); return true; })()`, nil)
	p.waitFor("the problem", `document.querySelector("#dice-problems li.problem") !== null`)
	if got := p.text("#dice-status"); !strings.HasPrefix(got, "Not used") {
		t.Errorf("two blue attack dice: the editor says %q, want not used", got)
	}
	t.Logf("two blue attack dice: %s", p.text("#dice-problems"))
	p.click("#die-1 button.remove-die")
	p.waitFor("one die again", `document.getElementById("dice-status").innerText.startsWith("Saved, in use in every answer: 1 die")`)

	var text string
	p.eval(`JSON.parse(localStorage.getItem("odds.files")).find((f) => f.name === "my-symbol-dice.yaml").text`, &text)
	file := filepath.Join(t.TempDir(), "my-symbol-dice.yaml")
	if err := os.WriteFile(file, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	args := []string{"symbol", "fire", "--attack", "blue:2", "--defence", "blue:1", "--target", "infantry", "--format", "json"}
	_, mine, errs := run(context.Background(), append([]string{"--profiles", file}, args...)...)
	_, example, _ := run(context.Background(), args...)
	outcomes := func(doc string) map[string]string {
		var d struct {
			Results []struct {
				Outcomes []struct {
					Name string
					P    float64
				}
			}
		}
		if err := json.Unmarshal([]byte(doc), &d); err != nil || len(d.Results) != 1 {
			t.Fatalf("the CLI's answer: %v\n%s%s", err, doc, errs)
		}
		m := map[string]string{}
		for _, o := range d.Results[0].Outcomes {
			m[o.Name] = render.Pct(o.P)
		}
		return m
	}
	want, other := outcomes(mine), outcomes(example)
	if fmt.Sprint(want) == fmt.Sprint(other) {
		t.Fatalf("the CLI answers alike with the page's dice and the example dice: %v", want)
	}
	p.open("/symbol/fire?attack=blue:2&defence=blue:1&target=infantry", answered)
	for name, pct := range want {
		if got := p.text(`#answer-body span.p[data-outcome="` + name + `"]`); got != pct && !(got == "" && pct == "0%") {
			t.Errorf("symbol fire with the page's dice: P(%s) = %q, the CLI with the same file says %s (with the example dice %s)", name, got, pct, other[name])
		}
	}

	// The dice are kept: the editor opens on them; the file's editor says
	// it is in use.
	p.open("/cards", `document.querySelector("#die-0 .die-name") !== null`)
	if got := p.text("#die-0 .die-faces"); !strings.Contains(got, "damage point + suppression") {
		t.Errorf("the kept die reads %q", got)
	}
	p.click(`li[data-file="my-symbol-dice.yaml"] button.small`)
	p.waitFor("the file's check", `document.querySelector("#problems li") !== null`)
	if got := p.text("#problems li"); got != "No problems: in use in every answer." {
		t.Errorf("the saved dice file's editor says %q", got)
	}
}
