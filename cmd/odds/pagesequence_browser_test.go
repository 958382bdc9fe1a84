package main

import (
	"strings"
	"testing"
)

// A sequence's link (then=…&until=…) answers on the page as the CLI
// does: opposed fire at --hesa 3 --def 1 puts the target out of action
// with 28 of the 100 pairs of d10s, then fire at --hesa 2 with 21, so by
// step 2 0.28 + 0.72 × 0.21 = 43.12%, the second step made 72.00%.
func TestPageSequenceBrowser(t *testing.T) {
	_, ts := newCountingHost(t)
	p := newPlayer(t, ts.URL+"/")
	p.open("/opposed/fire?hesa=3&def=1&then=fire%20--hesa%202%20--def%201&until=out-of-action", `document.body.innerText.includes("43.12%")`)
	body := p.text("body")
	for _, want := range []string{"The target after each step", "fire --hesa 2 --def 1", "28.00%", "56.88%", "72.00%", "43.12%", "1.720"} {
		if !strings.Contains(body, want) {
			t.Errorf("the sequence's answer lacks %q:\n%.800s", want, body)
		}
	}
	p.shot("sequence")
}
