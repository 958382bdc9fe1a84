package main

import (
	"bytes"
	"fmt"
	"image"
	"image/color"
	"image/png"
	"os"
	"path/filepath"
	"testing"
)

// A screenshot of the page matches the README's picture docs/page-NAME.png
// by what it shows, not by its bytes, which another Chromium build draws
// its own way (its text antialiasing, its PNG encoder): the same size, at
// most shotShare of its pixels off by more than shotChannel in some colour
// channel, and the same text on the screen (shownText) as
// testdata/page-NAME.txt. A missing panel, another view or a moved layout
// changes far more than that. Only go test -update writes them; a
// mismatch writes testdata/page-NAME.png.got (and .txt.got) to look at.
const (
	shotChannel = 64   // of 255
	shotShare   = 0.03 // of the pixels
)

// shownText is the text a screenshot shows: each text node of the page
// whose box lies wholly on the screen, one a line. A node cut by the
// screen's edge is left out, so a pixel's difference in where a build
// lays out a line does not decide it.
const shownText = `(() => {
  const out = [], r = document.createRange();
  const w = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let n; (n = w.nextNode()); ) {
    const s = n.textContent.replace(/\s+/g, " ").trim();
    if (!s) continue;
    r.selectNodeContents(n);
    const b = r.getBoundingClientRect(), st = getComputedStyle(n.parentElement);
    if (b.width > 0 && b.height > 0 && b.top >= 0 && b.left >= 0 && b.bottom <= innerHeight && b.right <= innerWidth &&
      st.visibility !== "hidden" && st.opacity !== "0") out.push(s);
  }
  return out.join("\n") + "\n";
})()`

// checkShot compares the screenshot shot, and the text the page shows
// with it, with the README's picture name; with -update it writes both.
func checkShot(t *testing.T, name string, shot []byte, shown string) {
	t.Helper()
	img := filepath.Join("..", "..", "docs", "page-"+name+".png")
	txt := filepath.Join("testdata", "page-"+name+".txt")
	if *update {
		if err := os.WriteFile(img, shot, 0o644); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(txt, []byte(shown), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	got := func(path string, data []byte) string {
		if err := os.WriteFile(path, data, 0o644); err != nil {
			t.Fatal(err)
		}
		return path
	}
	if want, err := os.ReadFile(txt); err != nil || string(want) != shown {
		t.Errorf("%s: the page shows other text than %s (%v): see %s; if it is right, go test -run TestPageUIBrowser -update ./cmd/odds",
			name, txt, err, got(txt+".got", []byte(shown)))
	}
	want, err := os.ReadFile(img)
	if err != nil {
		t.Fatalf("%s: %v (go test -run TestPageUIBrowser -update ./cmd/odds draws it)", name, err)
	}
	off, err := shotDiff(shot, want)
	t.Logf("%s: %.2f%% of the pixels differ from %s", name, 100*off, img)
	if err != nil || off > shotShare {
		t.Errorf("%s: the screenshot is not %s: %v, %.1f%% of the pixels differ (at most %.0f%%): see %s; if it is right, go test -run TestPageUIBrowser -update ./cmd/odds",
			name, img, err, 100*off, 100*shotShare, got(filepath.Join("testdata", "page-"+name+".png.got"), shot))
	}
}

// shotDiff is the share of pixels of two PNGs of the same size that differ
// by more than shotChannel in some colour channel.
func shotDiff(a, b []byte) (float64, error) {
	x, err := png.Decode(bytes.NewReader(a))
	if err != nil {
		return 1, err
	}
	y, err := png.Decode(bytes.NewReader(b))
	if err != nil {
		return 1, err
	}
	r := x.Bounds()
	if r.Size() != y.Bounds().Size() {
		return 1, fmt.Errorf("%v, not %v", r.Size(), y.Bounds().Size())
	}
	off := 0
	for py := range r.Dy() {
		for px := range r.Dx() {
			if pixelsDiffer(x, y, r.Min.X+px, r.Min.Y+py, y.Bounds().Min.X+px, y.Bounds().Min.Y+py) {
				off++
			}
		}
	}
	return float64(off) / float64(r.Dx()*r.Dy()), nil
}

func pixelsDiffer(x, y image.Image, x0, y0, x1, y1 int) bool {
	r0, g0, b0, _ := x.At(x0, y0).RGBA()
	r1, g1, b1, _ := y.At(x1, y1).RGBA()
	far := func(u, v uint32) bool {
		d := int(u>>8) - int(v>>8)
		return d > shotChannel || d < -shotChannel
	}
	return far(r0, r1) || far(g0, g1) || far(b0, b1)
}

// shotDiff tells a page's picture from itself, from one a little off
// (antialiasing) and from another picture.
func TestShotDiff(t *testing.T) {
	read := func(name string) []byte {
		data, err := os.ReadFile(filepath.Join("..", "..", "docs", "page-"+name+".png"))
		if err != nil {
			t.Fatal(err)
		}
		return data
	}
	fire, home := read("fire"), read("home")
	if off, err := shotDiff(fire, fire); err != nil || off != 0 {
		t.Errorf("a picture against itself: %v, %g", err, off)
	}
	if off, err := shotDiff(fire, home); err != nil || off <= shotShare {
		t.Errorf("the fire page against the home page: %v, %.1f%% of the pixels differ, want more than %.0f%%", err, 100*off, 100*shotShare)
	}
	// Every pixel a little lighter or darker, as another build's
	// antialiasing draws it: the same picture.
	img, _ := png.Decode(bytes.NewReader(fire))
	m := image.NewNRGBA(img.Bounds())
	for y := img.Bounds().Min.Y; y < img.Bounds().Max.Y; y++ {
		for x := img.Bounds().Min.X; x < img.Bounds().Max.X; x++ {
			r, g, b, a := img.At(x, y).RGBA()
			shift := func(v uint32) uint8 { return uint8(max(0, min(255, int(v>>8)+((x+y)%3-1)*shotChannel/2))) }
			m.Set(x, y, color.NRGBA{shift(r), shift(g), shift(b), uint8(a >> 8)})
		}
	}
	var buf bytes.Buffer
	if err := png.Encode(&buf, m); err != nil {
		t.Fatal(err)
	}
	if off, err := shotDiff(buf.Bytes(), fire); err != nil || off != 0 {
		t.Errorf("a picture shifted by at most %d a channel: %v, %.1f%% of the pixels differ", shotChannel/2, err, 100*off)
	}
}
