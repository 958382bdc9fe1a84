package main

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"
	"testing"
)

// A compare link whose vs is written as on the command line (--smoke
// --attacker medium-tank: a flag and a card, the card's value its next
// word) opens with B's controls set as the CLI's --vs reads it, and
// answers as odds opposed fire --vs does (exact: every pair of d10s
// counted, so the figures agree to the digit).
func TestPageCompareBrowser(t *testing.T) {
	const vs = "--smoke --attacker medium-tank"
	code, out, errs := run(context.Background(), "opposed", "fire", "--attacker", "mg-team", "--defender", "rifle-section", "--vs", vs, "--format", "json")
	if code != 0 {
		t.Fatalf("odds opposed fire --vs: exit %d: %s", code, errs)
	}
	var cli struct {
		Comparisons []struct {
			Diffs []struct {
				Name, Kind string
				A, B       float64
			}
		}
	}
	if err := json.Unmarshal([]byte(out), &cli); err != nil || len(cli.Comparisons) != 1 {
		t.Fatalf("the CLI's --vs JSON: %v\n%.300s", err, out)
	}
	_, ts := newCountingHost(t)
	p := newPlayer(t, ts.URL+"/")
	p.open("/opposed/fire?attacker=mg-team&defender=rifle-section&vs=--smoke%20--attacker%20medium-tank",
		`document.querySelector("#answer-body table.compare tbody tr") !== null`)
	var form struct {
		Attacker, Defender string
		Smoke, Pressed     bool
		Note               string
	}
	p.eval(`({attacker: document.querySelector("#card-attacker").value, defender: document.querySelector("#card-defender").value,
  smoke: document.querySelector("#in-smoke").checked, pressed: document.querySelector("#compare").getAttribute("aria-pressed") === "true",
  note: document.querySelector("#cmp-note").innerText})`, &form)
	if form.Attacker != "medium-tank" || form.Defender != "rifle-section" || !form.Smoke || !form.Pressed {
		t.Errorf("B's controls: %+v, want attacker medium-tank, defender rifle-section, smoke on, comparing", form)
	}
	if !strings.Contains(form.Note, "A is fixed at: attacker mg team, defender rifle section.") || strings.Contains(form.Note, "not read") {
		t.Errorf("the compare note: %q, want A as the link's cards", form.Note)
	}
	var rows [][]string
	p.eval(`[...document.querySelectorAll("#answer-body table.compare tbody tr")].map((r) => [r.dataset.outcome, ...[...r.querySelectorAll("td")].map((d) => d.innerText.trim())])`, &rows)
	shown := map[string][]string{}
	for _, r := range rows {
		shown[r[0]] = r[1:]
	}
	for _, d := range cli.Comparisons[0].Diffs {
		if d.Kind != "outcome" || d.A == 0 && d.B == 0 {
			continue
		}
		got := shown[d.Name]
		a, b := pagePct(d.A), pagePct(d.B)
		if len(got) < 2 || !strings.HasPrefix(got[0], a) || !strings.HasPrefix(got[1], b) {
			t.Errorf("%s: the page shows %q, want A %s and B %s as the CLI", d.Name, got, a, b)
		}
	}
	var hash string
	p.eval(`location.hash`, &hash)
	if !strings.Contains(hash, "vs=--attacker%3Dmedium-tank+--smoke%3Dtrue") {
		t.Errorf("the link after answering: %s, want the page's own vs for the same B", hash)
	}
	p.shot("compare-link")
}

// pagePct is a probability as the page's pct writes it (none here is
// below 0.01% or above 99.99%).
func pagePct(p float64) string {
	switch {
	case p <= 0:
		return "0%"
	case p >= 1:
		return "100%"
	}
	return fmt.Sprintf("%.2f%%", 100*p)
}
