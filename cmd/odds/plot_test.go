package main

import (
	"context"
	"encoding/xml"
	"image"
	"image/png"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// svgText lists the text of an SVG file and counts its drawn marks.
func svgText(t *testing.T, path string) (texts []string, marks int) {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	d := xml.NewDecoder(f)
	inText := false
	for {
		tok, err := d.Token()
		if err != nil {
			break
		}
		switch e := tok.(type) {
		case xml.StartElement:
			switch e.Name.Local {
			case "text":
				inText = true
			case "path", "rect", "polygon", "polyline", "line":
				marks++
			}
		case xml.EndElement:
			inText = inText && e.Name.Local != "text"
		case xml.CharData:
			if inText && strings.TrimSpace(string(e)) != "" {
				texts = append(texts, strings.TrimSpace(string(e)))
			}
		}
	}
	return texts, marks
}

// The SVG of each kind of plot names what it shows: the outcomes of a
// result, the lines' legend and swept axis, a heat map's cards and the
// values in its cells, a comparison's figures.
func TestPlotSVG(t *testing.T) {
	dir := t.TempDir()
	for _, c := range []struct {
		name  string
		args  []string
		want  []string
		marks int // the background, bars, lines, cells, whiskers, grid lines
	}{
		{"bars", []string{"opposed", "fire", "--hesa", "3", "--def", "1"}, []string{"opposed fire", "no-effect", "out-of-action", "P(outcome)"}, 1 + 4},
		{"lines", []string{"opposed", "fire", "--hesa", "1..6", "--def", "1", "--method", "mc", "--trials", "20000"}, []string{"hesa", "no-effect", "fall-back", "def=1"}, 1 + 4 + 4},
		{"heat", []string{"symbol", "fire", "--attacker", "mg-team,tank", "--defender", "rifle-squad,tank", "--range", "close"}, []string{"attacker", "defender", "mg-team", "rifle-squad", "19.03%", "P(eliminated)"}, 1 + 4},
		{"compare", []string{"opposed", "fire", "--hesa", "3", "--def", "1", "--vs", "--smoke"}, []string{"B − A", "--smoke", "no-effect"}, 1 + 4},
		{"chain", []string{"opposed", "fire", "--hesa", "3", "--def", "1", "--until", "out-of-action", "--attacks", "4"}, []string{"until out-of-action", "P(out-of-action by attack k)", "attack k", "4"}, 1 + 4},
	} {
		path := filepath.Join(dir, c.name+".svg")
		code, _, errs := run(context.Background(), append(c.args, "--seed", "1", "--plot", path)...)
		if code != 0 {
			t.Fatalf("%s: exit %d: %s", c.name, code, errs)
		}
		texts, marks := svgText(t, path)
		all := strings.Join(texts, "\n")
		for _, w := range c.want {
			if !strings.Contains(all, w) {
				t.Errorf("%s: no text %q in the SVG (texts: %q)", c.name, w, texts)
			}
		}
		if marks < c.marks {
			t.Errorf("%s: %d marks drawn", c.name, marks)
		}
	}
}

// A PNG decodes, has the plot's size, and is drawn on: bars in colour.
func TestPlotPNG(t *testing.T) {
	path := filepath.Join(t.TempDir(), "bars.png")
	if code, _, errs := run(context.Background(), "symbol", "fire", "--attack", "red:2", "--defence", "blue:1", "--target", "infantry", "--plot", path); code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	img, err := png.Decode(f)
	if err != nil {
		t.Fatal(err)
	}
	b := img.Bounds()
	if b.Dx() < 400 || b.Dy() < 250 {
		t.Errorf("size %v", b)
	}
	if n := coloured(img); n < 2000 {
		t.Errorf("%d coloured pixels: no bars drawn", n)
	}
}

// coloured counts pixels that are neither grey nor white.
func coloured(img image.Image) int {
	n := 0
	b := img.Bounds()
	for y := b.Min.Y; y < b.Max.Y; y++ {
		for x := b.Min.X; x < b.Max.X; x++ {
			r, g, bb, _ := img.At(x, y).RGBA()
			if max(r, g, bb)-min(r, g, bb) > 0x2000 {
				n++
			}
		}
	}
	return n
}

// Bad --plot input is exit 2 before any trial runs; an interrupted run
// writes no plot.
func TestPlotErrors(t *testing.T) {
	dir := t.TempDir()
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"opposed", "fire", "--hesa", "3", "--def", "1", "--plot", filepath.Join(dir, "x.txt")}, "--plot: want a .svg, .png or .pdf file"},
		{[]string{"opposed", "fire", "--hesa", "1,2", "--def", "1,2", "--smoke=both", "--plot", filepath.Join(dir, "x.svg")}, "--plot: 3 flags vary"},
		{[]string{"opposed", "fire", "--hesa", "3", "--def", "1", "--plot", filepath.Join(dir, "no", "x.svg")}, "no"},
		{[]string{"opposed", "fire", "--hesa", "3", "--def", "1", "--plot", filepath.Join(dir, "x.svg"), "--out", filepath.Join(dir, "x.svg")}, "that is the --out file"},
	} {
		code, out, errs := run(context.Background(), c.args...)
		if code != 2 && !(c.want == "no" && code == 1) || out != "" || !strings.Contains(errs, c.want) {
			t.Errorf("odds %v: exit %d, stdout %q, stderr %q; want %q", c.args, code, out, errs, c.want)
		}
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	path := filepath.Join(dir, "y.svg")
	if code, _, _ := run(ctx, "opposed", "fire", "--hesa", "3", "--def", "1", "--method", "mc", "--trials", "1e12", "--plot", path); code != 130 {
		t.Errorf("interrupted: exit %d", code)
	}
	if _, err := os.Stat(path); !os.IsNotExist(err) {
		t.Error("an interrupted run wrote --plot")
	}
}

// --until and its flags refuse what they cannot answer, in one line with
// exit status 2: a plot of chains over three swept flags, --attacks alone or out of
// range, an outcome the action does not have, an action that does not
// chain.
func TestUntilUsage(t *testing.T) {
	dir := t.TempDir()
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"opposed", "fire", "--hesa", "1,3", "--def", "0,1", "--cover", "all", "--until", "out-of-action", "--plot", filepath.Join(dir, "x.svg")}, "--plot: 3 flags vary; a plot of --until shows one"},
		{[]string{"opposed", "fire", "--hesa", "3", "--def", "1", "--attacks", "3"}, "--attacks: give --until OUTCOME too"},
		{[]string{"opposed", "fire", "--hesa", "3", "--def", "1", "--until", "out-of-action", "--attacks", "0"}, "--attacks: want 1..100, got 0"},
		{[]string{"opposed", "fire", "--hesa", "3", "--def", "1", "--until", "eliminated"}, `--until: want an outcome of opposed fire (out-of-action, suppressed, fall-back, no-effect), got "eliminated"`},
		{[]string{"opposed", "rally", "--until", "out-of-action"}, "--until: opposed rally: repeated attacks are not chained for it"},
		{[]string{"opposed", "fire", "--hesa", "3", "--def", "1", "--until", "out-of-action", "--vs", "--smoke"}, "--until: not with --vs"},
	} {
		code, out, errs := run(context.Background(), c.args...)
		if code != 2 || out != "" || !strings.Contains(errs, c.want) || strings.Count(errs, "odds: error:") != 1 {
			t.Errorf("%q: exit %d, stdout %q, stderr %q; want exit 2 and %q", c.args, code, out, errs, c.want)
		}
	}
}
