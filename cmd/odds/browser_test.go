package main

import (
	"context"
	"net/http"
	"net/http/httptest"
	"os/exec"
	"path/filepath"
	"testing"
	"time"

	"github.com/chromedp/cdproto/network"
	"github.com/chromedp/chromedp"

	"odds/cmd/internal/serve"
)

// chromium finds a headless browser for the end-to-end test.
func chromium() string {
	for _, name := range []string{"chromium", "chromium-browser", "google-chrome"} {
		if p, err := exec.LookPath(name); err == nil {
			return p
		}
	}
	return ""
}

// askWorker is a script that starts the page's engine (worker.js), asks
// it to describe itself and then an exact opposed fire hesa 3 def 1, and
// returns the answer with the time from the page's navigation to it (ms),
// and the progress it told of a Monte Carlo run. A question the engine
// has not answered within pageAnswerBound fails the script.
const askWorker = `(async () => {
  const w = new Worker("worker.js");
  const progress = [];
  const ask = (m) => new Promise((resolve, reject) => {
    const late = setTimeout(() => reject(new Error("the page's engine did not answer " + m.op + " " + m.id + " within ` + pageAnswerMS + ` ms")), ` + pageAnswerMS + `);
    w.onmessage = (ev) => { if (ev.data.progress) progress.push(ev.data.progress); else if (ev.data.id === m.id) { clearTimeout(late); resolve(ev.data); } };
    w.postMessage(m);
  });
  const d = await ask({id: 1, op: "describe"});
  const q = await ask({id: 2, op: "query", system: "opposed", action: "fire", query: "hesa=3&def=1&method=exact&seed=7"});
  const ms = performance.now();
  const mc = await ask({id: 3, op: "query", system: "symbol", action: "fire", query: "attacker=mg-team&defender=rifle-squad&range=close&method=mc&trials=3000000&seed=1"});
  w.terminate();
  return {ms, describe: d.ok ? d.result.systems.map((s) => s.name).join(",") : JSON.stringify(d.error),
    ok: q.ok, result: JSON.stringify(q.ok ? q.result : q.error), mcOK: mc.ok, progress,
    controlled: !!(navigator.serviceWorker && navigator.serviceWorker.controller)};
})()`

// pageAnswerMS bounds the wait for each of the page's answers: wide
// enough that a loaded machine never reaches it, so only a page that does
// not answer fails. How fast it answers is BenchmarkPageFirstAnswer's
// figure, not a test's.
const pageAnswerMS = "30000"

type workerAnswer struct {
	MS         float64
	Describe   string
	OK         bool
	Result     string
	MCOK       bool
	Progress   []struct{ Done, Total int64 }
	Controlled bool
}

// The page in a real browser at a phone's size: its engine (the
// WebAssembly in the page's worker) answers what odds serve's API answers
// (apart from timings), and tells the progress of a Monte Carlo run;
// then, with the server gone and the network emulated offline, the page
// reloads from its service worker's cache and answers again. A page that
// does not answer at all fails (pageAnswerMS); the time it takes is
// logged here and measured by BenchmarkPageFirstAnswer.
func TestPageBrowser(t *testing.T) {
	path := chromium()
	if path == "" {
		t.Skip("headless Chromium not found: install Debian's chromium package (apt-get install chromium) to run the browser test")
	}
	tsAPI := testServer(t, serve.DefaultMaxTrials)
	_, api, _ := get(t, tsAPI.URL+"/api/v1/opposed/fire?hesa=3&def=1&method=exact&seed=7")
	// The page's own server: closed half way.
	ts := httptest.NewServer(tsAPI.Config.Handler)
	defer ts.Close()

	ctx := newBrowser(t, path)
	check := func(when string) workerAnswer { t.Helper(); return checkWorker(t, ctx, when, api) }

	if err := chromedp.Do(ctx, chromedp.Navigate(ts.URL+"/")); err != nil {
		t.Fatal(err)
	}
	first := check("first visit")
	t.Logf("first answer %.0f ms after the page's navigation began (describe, then exact opposed fire hesa=3 def=1); %d progress reports", first.MS, len(first.Progress))

	// Offline: the service worker has cached every file of the page.
	const ready = `(async () => { const r = await navigator.serviceWorker.register("sw.js"); await navigator.serviceWorker.ready;
	  for (let i = 0; i < 100 && !navigator.serviceWorker.controller; i++) await new Promise((ok) => setTimeout(ok, 50));
	  return !!navigator.serviceWorker.controller; })()`
	if ok, err := chromedp.Run(ctx, chromedp.Evaluate[bool](ready, chromedp.EvalAwaitPromise)); err != nil || !ok {
		t.Fatalf("service worker: controlling %v, %v", ok, err)
	}
	ts.CloseClientConnections()
	ts.Close()
	offline := chromedp.Func(func(ctx context.Context, tg *chromedp.Target) error {
		_, err := chromedp.Call(ctx, network.EmulateNetworkConditionsByRule, network.EmulateNetworkConditionsByRuleParams{
			EmulateOfflineServiceWorker: ptrTo(true),
			MatchedNetworkConditions:    []*network.Conditions{{Offline: true, DownloadThroughput: -1, UploadThroughput: -1}},
		})
		return err
	})
	if err := chromedp.Do(ctx, offline, chromedp.Reload()); err != nil {
		t.Fatal(err)
	}
	again := check("offline reload")
	if !again.Controlled {
		t.Errorf("offline reload: the page is not controlled by its service worker")
	}
	t.Logf("offline reload: first answer %.0f ms after navigation", again.MS)
}

// BenchmarkPageFirstAnswer is the time from the page's navigation to its
// engine's first answer (describe, then an exact opposed fire hesa 3 def
// 1), in a fresh browser tab each time, as first-answer-ms: what a player
// waits for on opening the page (2 s was the aim on a quiet machine).
//
//	go test -run '^$' -bench PageFirstAnswer -benchtime 5x ./cmd/odds
func BenchmarkPageFirstAnswer(b *testing.B) {
	path := chromium()
	if path == "" {
		b.Skip("headless Chromium not found")
	}
	ts := testServer(b, serve.DefaultMaxTrials)
	opts := append(chromedp.DefaultExecAllocatorOptions[:],
		chromedp.ExecPath(path), chromedp.NoSandbox, chromedp.WindowSize(390, 844), chromedp.Flag("disable-gpu", true))
	actx, cancel := chromedp.NewExecAllocator(context.Background(), opts...)
	defer cancel()
	bctx, cancel := chromedp.NewContext(actx)
	defer cancel()
	if err := chromedp.Do(bctx, chromedp.Navigate("about:blank")); err != nil {
		b.Fatal(err)
	}
	const first = `(async () => {
  const w = new Worker("worker.js");
  const ask = (m) => new Promise((resolve) => { w.onmessage = (ev) => { if (!ev.data.progress && ev.data.id === m.id) resolve(ev.data); }; w.postMessage(m); });
  await ask({id: 1, op: "describe"});
  const q = await ask({id: 2, op: "query", system: "opposed", action: "fire", query: "hesa=3&def=1&method=exact&seed=7"});
  w.terminate();
  if (!q.ok) throw new Error(JSON.stringify(q.error));
  return performance.now();
})()`
	var total float64
	for b.Loop() {
		tab, cancel := chromedp.NewContext(bctx)
		err := chromedp.Do(tab, chromedp.Navigate(ts.URL+"/"))
		ms := -1.0
		if err == nil {
			ms, err = chromedp.Run(tab, chromedp.Evaluate[float64](first, chromedp.EvalAwaitPromise))
		}
		cancel()
		if err != nil || ms < 0 {
			b.Fatalf("no answer: %v", err)
		}
		total += ms
	}
	b.ReportMetric(total/float64(b.N), "first-answer-ms")
}

func ptrTo[T any](v T) *T { return &v }

// newBrowser is a headless Chromium at a phone's size, with a context
// whose calls run under a deadline.
func newBrowser(t *testing.T, path string) context.Context {
	t.Helper()
	opts := append(chromedp.DefaultExecAllocatorOptions[:],
		chromedp.ExecPath(path), chromedp.NoSandbox, chromedp.WindowSize(390, 844), chromedp.Flag("disable-gpu", true))
	actx, cancel := chromedp.NewExecAllocator(context.Background(), opts...)
	t.Cleanup(cancel)
	bctx, cancel := chromedp.NewContext(actx)
	t.Cleanup(cancel)
	// The first call starts the browser and must have no deadline; the
	// rest run under one.
	if err := chromedp.Do(bctx, chromedp.Navigate("about:blank")); err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(bctx, 90*time.Second)
	t.Cleanup(cancel)
	return ctx
}

// checkWorker runs askWorker in the page and checks its answers against
// the API's document api.
func checkWorker(t *testing.T, ctx context.Context, when, api string) workerAnswer {
	t.Helper()
	a, err := chromedp.Run(ctx, chromedp.Evaluate[workerAnswer](askWorker, chromedp.EvalAwaitPromise))
	if err != nil {
		t.Fatalf("%s: %v", when, err)
	}
	if a.Describe != "opposed,rof,symbol,cohesion" || !a.OK || !sameDoc([]byte(a.Result), []byte(api)) {
		t.Errorf("%s: describe %q; query ok=%v\n%.300s\nthe API:\n%.300s", when, a.Describe, a.OK, a.Result, api)
	}
	if n := len(a.Progress); !a.MCOK || n == 0 || a.Progress[n-1].Done != 3_000_000 || a.Progress[n-1].Total != 3_000_000 {
		t.Errorf("%s: Monte Carlo ok=%v, progress %v; want it to end at 3000000 of 3000000", when, a.MCOK, a.Progress)
	}
	return a
}

// odds page DIR on a plain static file server (Go's, which sends none of
// odds serve's headers): the page loads, its engine answers what the API
// answers, and its service worker takes control.
func TestPageStaticSite(t *testing.T) {
	path := chromium()
	if path == "" {
		t.Skip("headless Chromium not found: install Debian's chromium package (apt-get install chromium) to run the browser test")
	}
	_, api, _ := get(t, testServer(t, serve.DefaultMaxTrials).URL+"/api/v1/opposed/fire?hesa=3&def=1&method=exact&seed=7")
	dir := filepath.Join(t.TempDir(), "site")
	if code, _, errs := run(context.Background(), "page", dir); code != 0 {
		t.Fatalf("odds page: exit %d: %s", code, errs)
	}
	ts := httptest.NewServer(http.StripPrefix("/odds", http.FileServer(http.Dir(dir)))) // under a path, as on a project's static host
	defer ts.Close()
	ctx := newBrowser(t, path)
	if err := chromedp.Do(ctx, chromedp.Navigate(ts.URL+"/odds/")); err != nil {
		t.Fatal(err)
	}
	a := checkWorker(t, ctx, "static site", api)
	t.Logf("static site: first answer %.0f ms after navigation", a.MS)
	const ready = `(async () => { const r = await navigator.serviceWorker.register("sw.js"); await navigator.serviceWorker.ready;
	  for (let i = 0; i < 100 && !navigator.serviceWorker.controller; i++) await new Promise((ok) => setTimeout(ok, 50));
	  return r.scope; })()`
	scope, err := chromedp.Run(ctx, chromedp.Evaluate[string](ready, chromedp.EvalAwaitPromise))
	if err != nil || scope != ts.URL+"/odds/" {
		t.Errorf("service worker: scope %q, %v; want %s/odds/", scope, err, ts.URL)
	}
}
