package main

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"runtime"
	"strings"
	"sync"
	"testing"
	"time"

	"odds/cmd/internal/page"
	"odds/cmd/internal/query"
	"odds/cmd/internal/serve"
	"odds/resolve/all"
)

// testServer is odds serve on a test listener, with the built-in profiles.
func testServer(t testing.TB, maxTrials int64) *httptest.Server {
	t.Helper()
	a := &app{ctx: context.Background(), stdout: io.Discard, stderr: io.Discard, systems: all.Systems(), width: 80}
	reg, err := a.registry()
	if err != nil {
		t.Fatal(err)
	}
	ts := httptest.NewServer(serve.New(a.systems, reg, maxTrials, a.stdout, a.stderr))
	t.Cleanup(ts.Close)
	return ts
}

func get(t *testing.T, url string) (int, string, http.Header) {
	t.Helper()
	resp, err := http.Get(url)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	body, _ := io.ReadAll(resp.Body)
	return resp.StatusCode, string(body), resp.Header
}

// The API returns the document the command line prints, byte for byte
// apart from timings, and the CLI's one-line error with 400.
func TestServeAPI(t *testing.T) {
	ts := testServer(t, serve.DefaultMaxTrials)
	for _, c := range []struct {
		query string
		args  []string
	}{
		{"/api/v1/opposed/fire?hesa=3&def=1&method=exact&seed=7", []string{"opposed", "fire", "--hesa", "3", "--def", "1", "--method", "exact", "--seed", "7"}},
		{"/api/v1/opposed/fire?hesa=1..3&def=1&smoke=both&method=mc&trials=100000&seed=7", []string{"opposed", "fire", "--hesa", "1..3", "--def", "1", "--smoke=both", "--method", "mc", "--trials", "100000", "--seed", "7"}},
		{"/api/v1/symbol/fire?attacker=mg-team&defender=rifle-squad&range=close&seed=3", []string{"symbol", "fire", "--attacker", "mg-team", "--defender", "rifle-squad", "--range", "close", "--seed", "3"}},
		{"/api/v1/opposed/fire?hesa=3&def=1&vs=--smoke&seed=2&method=mc&trials=70000", []string{"opposed", "fire", "--hesa", "3", "--def", "1", "--vs", "--smoke", "--seed", "2", "--method", "mc", "--trials", "70000"}},
		{"/api/v1/opposed/fire?hesa=3&def=1&until=out-of-action&attacks=4&seed=7", []string{"opposed", "fire", "--hesa", "3", "--def", "1", "--until", "out-of-action", "--attacks", "4", "--seed", "7"}},
		// a bare boolean is true, as a bare flag is
		{"/api/v1/rof/fire?rof=4&leader&concealed&seed=7", []string{"rof", "fire", "--rof", "4", "--leader", "--concealed", "--seed", "7"}},
	} {
		status, body, h := get(t, ts.URL+c.query)
		_, cli, errs := run(context.Background(), append(c.args, "--format", "json")...)
		if status != 200 || h.Get("Content-Type") != "application/json" || normalize(body) != normalize(cli) {
			t.Errorf("%s: status %d (%s)\napi:\n%.400s\ncli:\n%.400s", c.query, status, errs, body, cli)
		}
	}
	for _, c := range []struct{ query, want, flag string }{
		{"/api/v1/opposed/fire?hesa=99&def=1", "--hesa: want 0..12, got 99", "hesa"},
		{"/api/v1/opposed/fire?hesa=3", "--def", "def"},
		{"/api/v1/opposed/fire?hesa&def=1", `--hesa: want an integer`, "hesa"},
		{"/api/v1/opposed/fire?hesa=3&def=%zz", `"def=%zz" does not decode`, "def"},
		{"/api/v1/opposed/fire?hesa=3&def=1&profiles=/etc/passwd", "--profiles: opposed fire takes no such parameter", "profiles"},
		{"/api/v1/opposed/fire?hesa=3&def=1&out=x.json", "--out: opposed fire takes no such parameter", "out"},
		{"/api/v1/opposed/fire?hesa=3&def=1&plot=x.svg", "--plot: opposed fire takes no such parameter", "plot"},
		{"/api/v1/opposed/nosuch?hesa=3", `opposed has no action "nosuch"`, ""},
		{"/api/v1/symbol/fire?attacker=nosuch&defender=tank&range=close", `no symbol unit card "nosuch"`, "attacker"},
		{"/api/v1/opposed/fire?hesa=1..12&def=0..12&method=mc&trials=1000000", "more than the 100,000,000 trials", "trials"},
	} {
		status, body, _ := get(t, ts.URL+c.query)
		var e struct{ Error, Flag string }
		if err := json.Unmarshal([]byte(body), &e); status != 400 || err != nil || !strings.Contains(e.Error, c.want) || e.Flag != c.flag || strings.Contains(e.Error, "\n") {
			t.Errorf("%s: status %d, body %q; want 400 with %q (flag %q)", c.query, status, body, c.want, c.flag)
		}
	}
}

// The page: its files at /, the engine gzip-compressed as served with
// the WebAssembly type, the service worker's list of every file, the
// content policy that lets the worker compile WebAssembly; an old page's
// link is redirected to the page's link for the same question.
func TestServePage(t *testing.T) {
	ts := testServer(t, serve.DefaultMaxTrials)
	client := &http.Client{CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}
	fetch := func(path, acceptEncoding string) (*http.Response, []byte) {
		t.Helper()
		req, _ := http.NewRequest("GET", ts.URL+path, nil)
		if acceptEncoding != "" {
			req.Header.Set("Accept-Encoding", acceptEncoding) // set by hand: the client then does not decompress
		}
		resp, err := client.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		defer resp.Body.Close()
		body, _ := io.ReadAll(resp.Body)
		return resp, body
	}
	resp, _ := fetch("/opposed/fire?hesa=3&def=1", "")
	if loc := resp.Header.Get("Location"); resp.StatusCode != http.StatusMovedPermanently || loc != "/#/opposed/fire?hesa=3&def=1" {
		t.Errorf("an old page's link: %d to %q, want 301 to /#/opposed/fire?hesa=3&def=1", resp.StatusCode, loc)
	}
	if resp, _ := fetch("/nosuch/fire", ""); resp.StatusCode != http.StatusNotFound {
		t.Errorf("/nosuch/fire: %d, want 404", resp.StatusCode)
	}
	files, err := page.Files()
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range append(files, page.File{Name: "", Type: "text/html; charset=utf-8"}) {
		resp, body := fetch("/"+f.Name, "gzip")
		if resp.StatusCode != 200 || resp.Header.Get("Content-Type") != f.Type {
			t.Errorf("/%s: %d %q, want 200 %q", f.Name, resp.StatusCode, resp.Header.Get("Content-Type"), f.Type)
		}
		if csp := resp.Header.Get("Content-Security-Policy"); !strings.Contains(csp, "script-src 'self' 'wasm-unsafe-eval'; worker-src 'self'; manifest-src 'self'") {
			t.Errorf("/%s: content policy %q", f.Name, csp)
		}
		if f.Name == "odds.wasm" {
			if resp.Header.Get("Content-Encoding") != "gzip" || !bytes.Equal(body, f.Data) {
				t.Errorf("odds.wasm with Accept-Encoding gzip: encoding %q, %d bytes; want gzip, the stored %d", resp.Header.Get("Content-Encoding"), len(body), len(f.Data))
			}
			resp, body = fetch("/odds.wasm", "identity")
			if resp.Header.Get("Content-Encoding") != "" || !bytes.HasPrefix(body, []byte("\x00asm")) {
				t.Errorf("odds.wasm without gzip: encoding %q, starts %q; want WebAssembly", resp.Header.Get("Content-Encoding"), body[:min(8, len(body))])
			}
		}
		if f.Name == "sw.js" {
			for _, g := range files {
				if g.Name != "sw.js" && !strings.Contains(string(body), `"`+g.Name+`"`) {
					t.Errorf("sw.js does not cache %s", g.Name)
				}
			}
		}
	}
	if status, body, h := get(t, ts.URL+"/plot/opposed/fire?hesa=1..4&def=1&seed=1"); status != 200 || h.Get("Content-Type") != "image/svg+xml" || !strings.Contains(body, "<svg") {
		t.Errorf("plot: %d %q", status, h.Get("Content-Type"))
	}
}

// 200 concurrent requests of good, bad and expensive questions: every one
// is answered 200, 400 or 429, nothing crashes, the heap stays bounded,
// and the server answers afterwards.
func TestServeLoad(t *testing.T) {
	ts := testServer(t, serve.DefaultMaxTrials)
	queries := []string{
		"/api/v1/opposed/fire?hesa=3&def=1&seed=1",
		"/api/v1/opposed/fire?hesa=77&def=1",
		"/api/v1/symbol/fire?attacker=tank&defender=mg-team&range=close&seed=2",
		"/api/v1/rof/fire?rof=3&target-teams=2&method=mc&trials=3000000&seed=3",
		"/api/v1/roll/x?y=1",
		"/opposed/fire?hesa=2&def=1&seed=4",
	}
	var wg sync.WaitGroup
	codes := make([]int, 200)
	start := time.Now()
	for i := range codes {
		wg.Add(1)
		go func() {
			defer wg.Done()
			resp, err := http.Get(ts.URL + queries[i%len(queries)])
			if err != nil {
				codes[i] = -1
				return
			}
			_, _ = io.Copy(io.Discard, resp.Body)
			resp.Body.Close()
			codes[i] = resp.StatusCode
		}()
	}
	wg.Wait()
	seen := map[int]int{}
	for i, c := range codes {
		seen[c]++
		if c != 200 && c != 400 && c != 429 {
			t.Errorf("request %d (%s): status %d", i, queries[i%len(queries)], c)
		}
	}
	if seen[200] == 0 || seen[400] == 0 {
		t.Errorf("statuses %v: want good and bad answers", seen)
	}
	var ms runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&ms)
	if ms.HeapAlloc > 256<<20 {
		t.Errorf("heap %d MB after the load", ms.HeapAlloc>>20)
	}
	if status, _, _ := get(t, ts.URL+queries[0]); status != 200 {
		t.Errorf("after the load: %d", status)
	}
	t.Logf("200 requests in %v: %v", time.Since(start), seen)
}

// Ctrl-C: the server stops, cancelling a run in flight (1e11 trials,
// which would take many minutes); --addr :0 warns that the page is
// shared on the network. Every wait is bounded by serveWait, wide enough
// that a loaded machine never reaches it: the time the stop took is
// logged, not held to a wall-clock figure.
func TestServeShutdown(t *testing.T) {
	var out, errs syncBuffer
	a := &app{ctx: context.Background(), stdout: &out, stderr: &errs, systems: all.Systems(), width: 80}
	reg, err := a.registry()
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- serve.New(a.systems, reg, 1e12, a.stdout, a.stderr).ListenAndServe(ctx, ":0") }()
	var url string
	for start := time.Now(); time.Since(start) < serveWait; time.Sleep(10 * time.Millisecond) {
		if s := out.String(); strings.Contains(s, "http://") {
			url = strings.TrimSpace(s[strings.Index(s, "http://"):])
			break
		}
	}
	if url == "" || !strings.Contains(errs.String(), "warning: listening on every network interface") {
		t.Fatalf("no URL (%q) or no warning (%q)", out.String(), errs.String())
	}
	inflight := make(chan int, 1)
	go func() {
		resp, err := http.Get(url + "/api/v1/opposed/fire?hesa=3&def=1&method=mc&trials=1e11&seed=1")
		if err != nil {
			inflight <- -1
			return
		}
		resp.Body.Close()
		inflight <- resp.StatusCode
	}()
	time.Sleep(300 * time.Millisecond)
	stop := time.Now()
	cancel()
	select {
	case <-done:
	case <-time.After(serveWait):
		t.Fatalf("the server did not stop within %v", serveWait)
	}
	t.Logf("stopped %v after the cancel", time.Since(stop))
	select {
	case code := <-inflight:
		if code == 200 {
			t.Error("the run in flight finished instead of being cancelled")
		}
	case <-time.After(serveWait):
		t.Error("the request in flight was left hanging")
	}
}

// serveWait bounds TestServeShutdown's waits.
const serveWait = 30 * time.Second

// syncBuffer is a bytes.Buffer safe for a writer and a reader at once.
type syncBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (s *syncBuffer) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}

func (s *syncBuffer) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.String()
}

// TestServeHostAndHeaders: the listening server refuses a Host that is
// another site's name (DNS rebinding: evil.example resolving to
// 127.0.0.1 would read the API as its own origin, and its name reached
// the permalink), accepts localhost and IP literals, and every answer
// carries X-Frame-Options, Content-Security-Policy and
// X-Content-Type-Options.
func TestServeHostAndHeaders(t *testing.T) {
	a := &app{ctx: context.Background(), stdout: &syncBuffer{}, stderr: io.Discard, systems: all.Systems(), width: 80}
	reg, err := a.registry()
	if err != nil {
		t.Fatal(err)
	}
	out := a.stdout.(*syncBuffer)
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- serve.New(a.systems, reg, 1e12, a.stdout, a.stderr).ListenAndServe(ctx, "127.0.0.1:0") }()
	defer func() { cancel(); <-done }()
	var base string
	for start := time.Now(); time.Since(start) < serveWait; time.Sleep(10 * time.Millisecond) {
		if s := out.String(); strings.Contains(s, "http://") {
			base = strings.TrimSpace(s[strings.Index(s, "http://"):])
			break
		}
	}
	if base == "" {
		t.Fatal("no URL")
	}
	port := base[strings.LastIndex(base, ":")+1:]
	for _, c := range []struct {
		host string
		want int
	}{
		{"evil.example:" + port, http.StatusMisdirectedRequest},
		{"evil.example", http.StatusMisdirectedRequest},
		{"localhost:" + port, http.StatusOK},
		{"127.0.0.1:" + port, http.StatusOK},
		{"[::1]:" + port, http.StatusOK},
	} {
		req, _ := http.NewRequest("GET", base+"/opposed/fire?hesa=3&def=1&method=exact&seed=1", nil)
		req.Host = c.host
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		body, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		if resp.StatusCode != c.want || strings.Contains(string(body), "evil.example/") {
			t.Errorf("Host %s: status %d, want %d (%.200s)", c.host, resp.StatusCode, c.want, body)
		}
		h := resp.Header
		if h.Get("X-Content-Type-Options") != "nosniff" {
			t.Errorf("Host %s: X-Content-Type-Options %q", c.host, h.Get("X-Content-Type-Options"))
		}
		if c.want == http.StatusOK && (h.Get("X-Frame-Options") != "DENY" || !strings.Contains(h.Get("Content-Security-Policy"), "frame-ancestors 'none'")) {
			t.Errorf("Host %s: X-Frame-Options %q, CSP %q", c.host, h.Get("X-Frame-Options"), h.Get("Content-Security-Policy"))
		}
	}
}

// TestServeCompileBound: issue 24's GET (a 450-point 30v20 symbol fire
// sweep with one trial) compiled every point before its trial budget
// applied and ran the server out of memory; now, at the default bound,
// the run's size is estimated after its first point (26 MB) and the
// request is a 400 with one line.
func TestServeCompileBound(t *testing.T) {
	ts := testServer(t, serve.DefaultMaxTrials)
	status, body, _ := get(t, ts.URL+"/api/v1/symbol/fire?attack=red:30&defence=blue:20&target=infantry&damage-capacity=1..6&hindrances=0..2&attacker-experience=all&defender-experience=all&method=mc&trials=1&seed=1")
	if status != http.StatusBadRequest || !strings.Contains(body, "the run's 450 results would hold about") {
		t.Errorf("status %d, body %.300s; want 400 naming the compile bound", status, body)
	}
}

// TestServeExactBudget: method=exact skipped the trial budget, so a
// sweep of any size ran and was rendered (99,372 points: 169 MB of JSON).
// A request now has at most query.MaxBudgetPoints results whatever the
// method (lowered to 100 here: hesa 0..12 by def 0..12 is 13*13 = 169).
func TestServeExactBudget(t *testing.T) {
	defer func(old int) { query.MaxBudgetPoints = old }(query.MaxBudgetPoints)
	query.MaxBudgetPoints = 100
	ts := testServer(t, serve.DefaultMaxTrials)
	status, body, _ := get(t, ts.URL+"/api/v1/opposed/fire?hesa=0..12&def=0..12&method=exact&seed=1")
	if status != http.StatusBadRequest || !strings.Contains(body, "169 results is more than the 100 this server answers for one request") {
		t.Errorf("status %d, body %.300s; want 400", status, body)
	}
	status, _, _ = get(t, ts.URL+"/api/v1/opposed/fire?hesa=0..9&def=0..9&method=exact&seed=1")
	if status != http.StatusOK {
		t.Errorf("100 exact results: status %d, want 200", status)
	}
}
