package main

import (
	"context"
	"path/filepath"
	"strings"
	"testing"
)

// A drawing's headline says in words what it shows, on one line; the
// full question (every flag) stands under it in smaller type; --title
// replaces the headline, and is refused without --plot.
func TestPlotHeadline(t *testing.T) {
	tornado := []string{"symbol", "fire", "--attacker", "mg-team", "--defender", "rifle-squad", "--range", "medium", "--sensitivity"}
	for _, c := range []struct {
		name     string
		args     []string
		headline string
	}{
		{"tornado", tornado, "symbol fire (mg-team against rifle-squad): what each change does to P(eliminated)"},
		{"titled", append(tornado, "--title", "What moves an MG team's fire"), "What moves an MG team's fire"},
		{"sweep", hesaSweep, "opposed fire: each outcome's chance by hesa"},
		{"until", []string{"opposed", "fire", "--hesa", "3", "--def", "1", "--until", "out-of-action"}, "opposed fire: attack by attack until out-of-action"},
	} {
		d := drawSVG(t, c.name, c.args...)
		area := d.dataArea(t)
		var above []drawnText // the heading: texts above the data
		for _, x := range d.texts {
			if x.y > area.y1+10 && !x.rotated {
				above = append(above, x)
			}
		}
		if len(above) < 2 || above[0].s != c.headline {
			t.Errorf("%s: heading %q, want the headline %q first, the question under it", c.name, d.all(), c.headline)
			continue
		}
		words := ""
		for _, x := range above[1:] {
			if x.size >= above[0].size {
				t.Errorf("%s: the question's line %q (%.0f pt) is not smaller than the headline (%.0f pt)", c.name, x.s, x.size, above[0].size)
			}
			words += " " + x.s
		}
		if c.name == "tornado" && (!strings.Contains(words, "attacker=mg-team") || !strings.Contains(words, "range=medium")) {
			t.Errorf("%s: the question under the headline lacks the flags: %q", c.name, words)
		}
	}
	code, _, errs := run(context.Background(), "opposed", "fire", "--hesa", "3", "--def", "1", "--title", "x")
	if code != 2 || !strings.Contains(errs, "--title: names a --plot drawing") {
		t.Errorf("--title without --plot: exit %d, %q", code, errs)
	}
	png := filepath.Join(t.TempDir(), "t.png")
	if code, _, errs := run(context.Background(), append(tornado, "--plot", png, "--title", "x")...); code != 0 {
		t.Errorf("--title with a PNG: exit %d: %s", code, errs)
	}
}

// The tornado's figures stand past their bars' ends, never over a bar
// (dark on blue): a change's label starts right of a bar that grows
// right, and left of one that grows left.
func TestTornadoLabelsBesideBars(t *testing.T) {
	for name, args := range map[string][]string{
		"exact": {"symbol", "fire", "--attacker", "mg-team", "--defender", "rifle-squad", "--range", "medium", "--sensitivity"},
		"mc":    {"opposed", "fire", "--hesa", "3", "--def", "1", "--sensitivity", "--method", "mc", "--trials", "20000"},
	} {
		d := drawSVG(t, "tornado-"+name, args...)
		checked := 0
		for _, x := range d.texts {
			neg := strings.HasPrefix(x.s, "−")
			if !neg && !strings.HasPrefix(x.s, "+") || !strings.HasSuffix(x.s, "%") || x.size > 9 {
				continue // not a bar's figure (the axis' ticks are larger)
			}
			for _, m := range d.marks {
				if !isColour(m.fill) || x.y < m.y0-2 || x.y > m.y1+2 || m.x1-m.x0 < 1 {
					continue // not this label's bar
				}
				checked++
				if neg && x.x >= m.x0 || !neg && x.x < m.x1 {
					t.Errorf("%s: label %q at x=%.1f is over its bar %.1f..%.1f", name, x.s, x.x, m.x0, m.x1)
				}
			}
		}
		if checked < 5 {
			t.Errorf("%s: %d labels found beside bars: %q", name, checked, d.all())
		}
	}
}
