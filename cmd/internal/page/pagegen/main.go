// Command pagegen writes the page's generated files into ../web (run by
// go generate in cmd/internal/page): odds.wasm.gz, the engine
// (cmd/odds-wasm built for GOOS=js GOARCH=wasm, reproducibly: -trimpath,
// no VCS stamp, no build id; gzip with no name and no time), Go's
// wasm_exec.js of the same toolchain, the icons (PNG 192 and 512, SVG),
// and catalog.json.gz, the engine's describe answer for the built-ins (the
// worker answers describe with it while the engine starts). It records the Go version used in ../GOVERSION: the same Go
// version builds the same bytes, and the freshness test checks them.
package main

import (
	"bytes"
	"compress/gzip"
	"fmt"
	"image"
	"image/color"
	"image/png"
	"os"
	"os/exec"
	"path/filepath"
	"strings"

	"odds/cmd/internal/answer"
	"odds/profiles"
	"odds/resolve/all"
)

func main() {
	if err := generate("."); err != nil {
		fmt.Fprintf(os.Stderr, "pagegen: %v\n", err)
		os.Exit(1)
	}
}

// generate writes the generated files of the page package in dir.
func generate(dir string) error {
	files, err := Generated()
	if err != nil {
		return err
	}
	for name, data := range files {
		if err := os.WriteFile(filepath.Join(dir, name), data, 0o644); err != nil {
			return err
		}
	}
	return nil
}

// Generated are the generated files by path in the page package.
func Generated() (map[string][]byte, error) {
	wasm, err := BuildWasm()
	if err != nil {
		return nil, err
	}
	gz, err := Gzip(wasm)
	if err != nil {
		return nil, err
	}
	goroot, err := goEnv("GOROOT")
	if err != nil {
		return nil, err
	}
	execJS, err := os.ReadFile(filepath.Join(goroot, "lib", "wasm", "wasm_exec.js"))
	if err != nil {
		return nil, err
	}
	version, err := goEnv("GOVERSION")
	if err != nil {
		return nil, err
	}
	systems := all.Systems()
	reg, err := profiles.New(systems)
	if err != nil {
		return nil, err
	}
	ops := &answer.Ops{Base: &answer.Engine{Systems: systems, Reg: reg}, Version: answer.PageVersion(version)}
	catalog, err := ops.Catalog()
	if err != nil {
		return nil, err
	}
	// Compressed as the engine is (85 kB of JSON is 13 kB): every static
	// host sends it as it is and the page decompresses it (gunzip.js).
	catalogGz, err := Gzip(append(catalog, '\n'))
	if err != nil {
		return nil, err
	}
	out := map[string][]byte{
		"web/catalog.json.gz": catalogGz,
		"web/odds.wasm.gz":    gz,
		"web/wasm_exec.js":    execJS,
		"web/icon.svg":        []byte(iconSVG),
		"GOVERSION":           []byte(version + "\n"),
	}
	for _, size := range []int{192, 512} {
		b, err := IconPNG(size)
		if err != nil {
			return nil, err
		}
		out[fmt.Sprintf("web/icon-%d.png", size)] = b
	}
	return out, nil
}

// BuildWasm builds the engine (cmd/odds-wasm) for the browser with the
// go command (goCmd), reproducibly.
func BuildWasm() ([]byte, error) {
	root, err := goEnv("GOMOD")
	if err != nil {
		return nil, err
	}
	tmp, err := os.MkdirTemp("", "pagegen")
	if err != nil {
		return nil, err
	}
	defer os.RemoveAll(tmp)
	out := filepath.Join(tmp, "odds.wasm")
	cmd := exec.Command(goCmd(), "build", "-trimpath", "-buildvcs=false", "-ldflags=-s -w -buildid=", "-o", out, "./cmd/odds-wasm")
	cmd.Dir = filepath.Dir(root)
	cmd.Env = append(os.Environ(), "GOOS=js", "GOARCH=wasm", "CGO_ENABLED=0", "GOFLAGS=")
	if msg, err := cmd.CombinedOutput(); err != nil {
		return nil, fmt.Errorf("go build ./cmd/odds-wasm: %v\n%s", err, msg)
	}
	return os.ReadFile(out)
}

// goCmd is the go command: $GOROOT/bin/go where go generate or go test
// set GOROOT, else go on the PATH.
func goCmd() string {
	if root := os.Getenv("GOROOT"); root != "" {
		p := filepath.Join(root, "bin", "go")
		if _, err := os.Stat(p); err == nil {
			return p
		}
	}
	return "go"
}

func goEnv(key string) (string, error) {
	out, err := exec.Command(goCmd(), "env", key).Output()
	if err != nil {
		return "", fmt.Errorf("go env %s: %v", key, err)
	}
	return strings.TrimSpace(string(out)), nil
}

// Gzip compresses b as the page serves it: the best compression, no
// name, no time, so the same bytes compress the same.
func Gzip(b []byte) ([]byte, error) {
	var buf bytes.Buffer
	w, err := gzip.NewWriterLevel(&buf, gzip.BestCompression)
	if err != nil {
		return nil, err
	}
	if _, err := w.Write(b); err != nil {
		return nil, err
	}
	if err := w.Close(); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}

// The icon: an ivory die showing five on the page's dark green, inside
// the middle 80% (a maskable icon's safe zone).
var (
	green = color.NRGBA{0x1b, 0x2a, 0x1f, 0xff}
	ivory = color.NRGBA{0xf3, 0xec, 0xd8, 0xff}
	pip   = color.NRGBA{0x1b, 0x2a, 0x1f, 0xff}
)

// iconShape says what colour the icon has at (x, y) in a unit square.
func iconShape(x, y float64) color.NRGBA {
	const lo, hi, r = 0.2, 0.8, 0.09 // the die's square and corner radius
	inDie := func() bool {
		if x < lo || x > hi || y < lo || y > hi {
			return false
		}
		cx, cy := min(max(x, lo+r), hi-r), min(max(y, lo+r), hi-r)
		return (x-cx)*(x-cx)+(y-cy)*(y-cy) <= r*r
	}
	if !inDie() {
		return green
	}
	for _, p := range pips {
		if (x-p[0])*(x-p[0])+(y-p[1])*(y-p[1]) <= 0.055*0.055 {
			return pip
		}
	}
	return ivory
}

var pips = [][2]float64{{0.35, 0.35}, {0.65, 0.35}, {0.5, 0.5}, {0.35, 0.65}, {0.65, 0.65}}

// IconPNG draws the icon size pixels square, each pixel the mean of 4x4
// samples.
func IconPNG(size int) ([]byte, error) {
	img := image.NewNRGBA(image.Rect(0, 0, size, size))
	const n = 4
	for py := 0; py < size; py++ {
		for px := 0; px < size; px++ {
			var r, g, b int
			for sy := 0; sy < n; sy++ {
				for sx := 0; sx < n; sx++ {
					c := iconShape((float64(px)+(float64(sx)+0.5)/n)/float64(size), (float64(py)+(float64(sy)+0.5)/n)/float64(size))
					r, g, b = r+int(c.R), g+int(c.G), b+int(c.B)
				}
			}
			img.SetNRGBA(px, py, color.NRGBA{uint8(r / (n * n)), uint8(g / (n * n)), uint8(b / (n * n)), 0xff})
		}
	}
	var buf bytes.Buffer
	enc := png.Encoder{CompressionLevel: png.BestCompression}
	if err := enc.Encode(&buf, img); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}

// iconSVG is the same drawing as IconPNG.
const iconSVG = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100">
<rect width="100" height="100" fill="#1b2a1f"/>
<rect x="20" y="20" width="60" height="60" rx="9" fill="#f3ecd8"/>
<g fill="#1b2a1f"><circle cx="35" cy="35" r="5.5"/><circle cx="65" cy="35" r="5.5"/><circle cx="50" cy="50" r="5.5"/><circle cx="35" cy="65" r="5.5"/><circle cx="65" cy="65" r="5.5"/></g>
</svg>
`
