package main

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

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

// The page in a real browser at a phone's width: pick opposed fire, fill
// two fields, submit, and read the CLI's probabilities; follow the shared
// link to the same answer; a bad value shows its error beside its field.
// With -update it refreshes docs/serve-phone.png.
func TestServeBrowser(t *testing.T) {
	path := chromium()
	if path == "" {
		t.Skip("headless Chromium not found: install Debian's chromium package (apt-get install chromium) to run the browser test")
	}
	ts := testServer(t, serve.DefaultMaxTrials)
	opts := append(chromedp.DefaultExecAllocatorOptions[:],
		chromedp.ExecPath(path), chromedp.NoSandbox, chromedp.WindowSize(390, 844), chromedp.Flag("disable-gpu", true))
	actx, cancel := chromedp.NewExecAllocator(context.Background(), opts...)
	defer cancel()
	bctx, cancel := chromedp.NewContext(actx)
	defer cancel()
	// The first call starts the browser and must have no deadline; the
	// rest run under one.
	if err := chromedp.Do(bctx, chromedp.Navigate(ts.URL+"/")); err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(bctx, 60*time.Second)
	defer cancel()
	css := func(s string) chromedp.CSS { return chromedp.CSS(s) }

	// What the CLI says, exactly.
	_, cli, _ := run(context.Background(), "opposed", "fire", "--hesa", "3", "--def", "1", "--format", "csv", "--seed", "1")
	want := map[string]string{"no-effect": "36.00%", "fall-back": "19.00%", "suppressed": "17.00%", "out-of-action": "28.00%"}
	if !strings.Contains(cli, ",0.36,") || !strings.Contains(cli, ",0.28,") {
		t.Fatalf("the CLI's answer changed: %s", cli)
	}
	read := func() map[string]string {
		got := map[string]string{}
		for name := range want {
			s, err := chromedp.Run(ctx, chromedp.Text(css(`td[data-outcome="`+name+`"]`)))
			if err != nil {
				t.Fatalf("reading %s: %v", name, err)
			}
			got[name] = strings.TrimSpace(s)
		}
		return got
	}
	ask := func(hesa string) error {
		return chromedp.Do(ctx,
			chromedp.WaitVisible(css(`#hesa`)),
			chromedp.SetValue(css(`#hesa`), hesa),
			chromedp.SetValue(css(`#def`), "1"),
			chromedp.Click(css(`button[type=submit]`)),
		)
	}
	if err := chromedp.Do(ctx, chromedp.Click(css(`a[href="/opposed/fire"]`))); err != nil {
		t.Fatal(err)
	}
	if err := ask("3"); err != nil {
		t.Fatal(err)
	}
	if err := chromedp.Do(ctx, chromedp.WaitVisible(css(`td[data-outcome="no-effect"]`))); err != nil {
		t.Fatal(err)
	}
	for name, p := range read() {
		if p != want[name] {
			t.Errorf("page: P(%s) = %s, the CLI says %s", name, p, want[name])
		}
	}
	attr, err := chromedp.Run(ctx, chromedp.AttributeValue(css(`#permalink`), "href"))
	if err != nil {
		t.Fatal(err)
	}
	link := attr.Value
	if !strings.Contains(link, "seed=") || strings.Contains(link, "smoke=") {
		t.Errorf("shared link %q: want the seed and only the fields filled in", link)
	}
	if *update {
		shot, err := chromedp.Run(ctx, chromedp.FullScreenshot(100)) // 100: PNG
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join("..", "..", "docs", "serve-phone.png"), shot, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	// The shared link gives the same answer.
	if err := chromedp.Do(ctx, chromedp.Navigate(link), chromedp.WaitVisible(css(`td[data-outcome="no-effect"]`))); err != nil {
		t.Fatal(err)
	}
	for name, p := range read() {
		if p != want[name] {
			t.Errorf("shared link: P(%s) = %s, want %s", name, p, want[name])
		}
	}
	// A bad value: its error beside its field.
	if err := chromedp.Do(ctx, chromedp.Navigate(ts.URL+"/opposed/fire")); err != nil {
		t.Fatal(err)
	}
	if err := ask("99"); err != nil {
		t.Fatal(err)
	}
	if err := chromedp.Do(ctx, chromedp.WaitVisible(css(`#field-hesa .error`))); err != nil {
		t.Fatal(err)
	}
	msg, err := chromedp.Run(ctx, chromedp.Text(css(`#field-hesa .error`)))
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(msg, "--hesa: want 0..12, got 99") {
		t.Errorf("the error beside --hesa reads %q", msg)
	}
}
