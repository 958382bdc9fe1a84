package serve

import (
	"io"
	"net/http"
	"net/http/httptest"
	"testing"
	"time"

	"odds/profiles"
	"odds/resolve/all"
)

func get(t *testing.T, url string) (int, string, http.Header) {
	t.Helper()
	resp, err := http.Get(url)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	body, err := io.ReadAll(resp.Body)
	if err != nil {
		t.Fatal(err)
	}
	return resp.StatusCode, string(body), resp.Header
}

// TestServeBusy: with every core running a request, the next waits
// QueueWait for one and is answered 429 with Retry-After.
func TestServeBusy(t *testing.T) {
	reg, err := profiles.New(all.Systems())
	if err != nil {
		t.Fatal(err)
	}
	s := New(all.Systems(), reg, DefaultMaxTrials, io.Discard, io.Discard)
	for range cap(s.slots) { // every core busy
		s.slots <- struct{}{}
	}
	ts := httptest.NewServer(s)
	defer ts.Close()
	start := time.Now()
	status, body, h := get(t, ts.URL+"/api/v1/opposed/fire?hesa=3&def=1&method=exact&seed=1")
	if status != http.StatusTooManyRequests || h.Get("Retry-After") != "2" || len(body) == 0 {
		t.Errorf("status %d, Retry-After %q, body %q; want 429", status, h.Get("Retry-After"), body)
	}
	if d := time.Since(start); d < QueueWait {
		t.Errorf("answered after %v, before the %v wait", d, QueueWait)
	}
	// The plot answers 429 with Retry-After too (it had none).
	status, _, h = get(t, ts.URL+"/plot/opposed/fire?hesa=1..3&def=1&method=exact&seed=1")
	if status != http.StatusTooManyRequests || h.Get("Retry-After") != "2" {
		t.Errorf("/plot: status %d, Retry-After %q; want 429 with Retry-After 2", status, h.Get("Retry-After"))
	}
	// Bad input is answered 400 without waiting for a core: every core
	// is still busy, so input checked only after admission would wait
	// QueueWait and get 429. The status says which, with no clock.
	for _, q := range []string{
		"/api/v1/opposed/fire?hesa=3&def=1&method=exact&precision=0.01",
		"/api/v1/opposed/fire?hesa=3&def=1&vs=--nosuch",
		"/api/v1/opposed/fire?hesa=3&def=1&vs=--smoke&metric=no-effect",
	} {
		status, body, _ := get(t, ts.URL+q)
		if status != http.StatusBadRequest {
			t.Errorf("%s: status %d (%s); want 400 before admission", q, status, body)
		}
	}
}
