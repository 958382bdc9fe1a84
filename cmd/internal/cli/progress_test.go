package cli

import (
	"strings"
	"testing"
	"time"
)

// The bar counts trials with thousands separators, as the footer does.
func TestProgressGroupsCounts(t *testing.T) {
	var b strings.Builder
	p := &Progress{w: &b, total: 10_000_000, start: time.Now().Add(-2 * showAfter)}
	p.Add(1_250_000)
	p.Finish()
	if !strings.Contains(b.String(), "1,250,000/10,000,000 trials") {
		t.Errorf("bar %q: want 1,250,000/10,000,000 trials", b.String())
	}
	if got := (&Progress{total: -1}).count(12345); got != "12,345 trials" {
		t.Errorf("count with no total = %q", got)
	}
}
