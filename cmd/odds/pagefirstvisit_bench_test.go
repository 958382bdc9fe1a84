package main

import (
	"os"
	"strconv"
	"testing"
	"time"

	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/cdproto/page"
	"github.com/chromedp/chromedp"
)

// stopwatch records, in a page from its first script on, when the form
// (the catalog, no engine needed) and the first answer showed, in ms
// from the navigation's start.
const stopwatch = `(() => {
  const seen = () => {
    if (!window.__form && document.querySelector("#question .field")) window.__form = performance.now();
    if (!window.__answer && document.querySelector("#answer-body span.p[data-outcome]")) window.__answer = performance.now();
    return window.__answer;
  };
  const watch = () => { if (!seen()) new MutationObserver((_, o) => { if (seen()) o.disconnect(); }).observe(document, { subtree: true, childList: true }); };
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", watch); else watch();
})()`

// The page's first visit as a phone makes it (issue 36): a plain static
// host (Go's file server of odds page's folder) behind a link of 9 Mbit/s
// with 80 ms of latency (emulated at the host: Chromium's network
// emulation does not slow its workers' fetches, the engine's), the CPU
// slowed 4x (Chromium's emulation; ODDS_BENCH_CPU=1 for full speed), a
// fresh browser profile each time. It reports, in ms from
// the navigation's start, when the form showed (the catalog comes
// without the engine) and the first answer (opposed fire hesa 3 def 1);
// the bytes the host sent for that visit; and the first answer of a
// second visit, from the service worker's cache (warm). Goals: first
// answer under 3 s, warm under 300 ms, under 3 MB.
//
//	go test ./cmd/odds -run '^$' -bench PageFirstVisit -benchtime 3x
func BenchmarkPageFirstVisit(b *testing.B) {
	host, ts := newCountingHost(b)
	host.link = &link{latency: 80 * time.Millisecond, rate: 9e6 / 8}
	p := newPlayer(b, ts.URL+"/")
	cpu := 4.0
	if s := os.Getenv("ODDS_BENCH_CPU"); s != "" { // 1: compare with the CPU at full speed
		cpu, _ = strconv.ParseFloat(s, 64)
	}
	var form, first, warm, bytes float64
	n := 0
	for b.Loop() {
		ctx, cancel := chromedp.NewContext(p.ctx, chromedp.WithNewBrowserContext())
		q := &player{t: b, ctx: ctx, base: p.base}
		q.do("a fresh profile", chromedp.EmulateViewport(390, 844, chromedp.EmulateMobile, chromedp.EmulateTouch))
		if _, err := chromedp.Call(ctx, emulation.SetCPUThrottlingRate, emulation.SetCPUThrottlingRateParams{Rate: cpu}); err != nil {
			b.Fatal(err)
		}
		if _, err := chromedp.Call(ctx, page.AddScriptToEvaluateOnNewDocument, page.AddScriptToEvaluateOnNewDocumentParams{Source: stopwatch}); err != nil {
			b.Fatal(err)
		}
		before, _ := host.figures()
		q.open("/opposed/fire?hesa=3&def=1", `window.__answer > 0`)
		var t struct{ Form, Answer float64 }
		q.eval(`({form: window.__form, answer: window.__answer})`, &t)
		engine := func(visit string) {
			var eng map[string]float64
			q.eval(`(() => { const r = performance.getEntriesByName("odds-engine-ready")[0], a = performance.getEntriesByName("odds-answer")[0];
  return {...(r?.detail ?? {}), page: r?.startTime ?? 0, asked: a ? a.startTime - a.detail.ms : 0, took: a?.detail.ms ?? 0}; })()`, &eng)
			b.Logf(visit+": the engine: in its worker asked for at %.0f ms, headers at %.0f, compiled at %.0f, running at %.0f; the page knew at %.0f; the first question asked at %.0f, answered %.0f ms later",
				eng["start"], eng["response"], eng["compiled"], eng["ready"], eng["page"], eng["asked"], eng["took"])
		}
		engine("first visit")
		sent, _ := host.figures()
		q.waitFor("the service worker", offlineReady)
		// The second visit: the page opened again in a new tab of the same
		// profile, as from the home screen.
		tab, closeTab := chromedp.NewContext(ctx)
		q = &player{t: b, ctx: tab, base: p.base}
		q.do("a new tab", chromedp.EmulateViewport(390, 844, chromedp.EmulateMobile, chromedp.EmulateTouch))
		if _, err := chromedp.Call(tab, emulation.SetCPUThrottlingRate, emulation.SetCPUThrottlingRateParams{Rate: cpu}); err != nil {
			b.Fatal(err)
		}
		if _, err := chromedp.Call(tab, page.AddScriptToEvaluateOnNewDocument, page.AddScriptToEvaluateOnNewDocumentParams{Source: stopwatch}); err != nil {
			b.Fatal(err)
		}
		q.open("/opposed/fire?hesa=3&def=1", `window.__answer > 0`)
		var w float64
		q.eval(`window.__answer`, &w)
		engine("second visit")
		closeTab()
		cancel()
		b.Logf("visit %d: form at %.0f ms, first answer at %.0f ms, %d bytes; second visit's answer at %.0f ms", n+1, t.Form, t.Answer, sent-before, w)
		form, first, warm, bytes = form+t.Form, first+t.Answer, warm+w, bytes+float64(sent-before)
		n++
	}
	b.ReportMetric(form/float64(n), "ms-form")
	b.ReportMetric(first/float64(n), "ms-first-answer")
	b.ReportMetric(warm/float64(n), "ms-warm-answer")
	b.ReportMetric(bytes/float64(n), "bytes-first-visit")
	b.ReportMetric(0, "ns/op")
}
