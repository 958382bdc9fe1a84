package page

import (
	"bytes"
	"compress/gzip"
	"errors"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
)

// The page's files: the engine once, compressed, decompressing to
// WebAssembly; sw.js caching every other file under a name made of their
// contents.
func TestFiles(t *testing.T) {
	files, err := Files()
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	var sw string
	for _, f := range files {
		names = append(names, f.Name)
		switch f.Name {
		case "odds.wasm.gz":
			if b, err := gunzip(f.Data); err != nil || !bytes.HasPrefix(b, []byte("\x00asm")) || f.Type != "application/gzip" {
				t.Errorf("odds.wasm.gz: %v, type %q; want WebAssembly compressed, application/gzip", err, f.Type)
			}
		case "sw.js":
			sw = string(f.Data)
		}
	}
	for _, want := range []string{"index.html", "worker.js", "wasm_exec.js", "odds.wasm.gz", "sw.js", "manifest.webmanifest", "icon-192.png", "icon-512.png", "icon.svg"} {
		if !slices.Contains(names, want) {
			t.Errorf("the page has no %s: %v", want, names)
		}
	}
	if !strings.HasPrefix(sw, `const CACHE = "odds-`) {
		t.Errorf("sw.js starts %.80q", sw)
	}
	for _, n := range names {
		if n != "sw.js" && !strings.Contains(sw, `"`+n+`"`) {
			t.Errorf("sw.js does not cache %s", n)
		}
		if strings.HasSuffix(n, ".wasm") {
			t.Errorf("the page has %s: the engine is sent compressed only", n)
		}
	}
}

func gunzip(b []byte) ([]byte, error) {
	r, err := gzip.NewReader(bytes.NewReader(b))
	if err != nil {
		return nil, err
	}
	return io.ReadAll(r)
}

// odds page DIR: a new folder gets the page and its list; a second run
// replaces them, removes a file the page no longer has and leaves other
// files alone; a folder of other files without the list is refused.
func TestWrite(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "site")
	written, err := Write(dir)
	if err != nil {
		t.Fatal(err)
	}
	for _, n := range []string{"index.html", "odds.wasm.gz", "sw.js", Marker} {
		if _, err := os.Stat(filepath.Join(dir, n)); err != nil {
			t.Errorf("%s: %v", n, err)
		}
	}
	if _, err := os.Stat(filepath.Join(dir, "odds.wasm")); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("odds page wrote odds.wasm (%v): the engine is sent compressed only", err)
	}
	if gz, _ := os.ReadFile(filepath.Join(dir, "odds.wasm.gz")); !bytes.HasPrefix(must(gunzip(gz)), []byte("\x00asm")) {
		t.Errorf("odds.wasm.gz is not WebAssembly compressed")
	}
	// An older page had old.js; the host's CNAME is not the page's.
	os.WriteFile(filepath.Join(dir, "old.js"), []byte("x"), 0o644)
	os.WriteFile(filepath.Join(dir, Marker), []byte(strings.Join(append(written, "old.js", "../escape"), "\n")), 0o644)
	os.WriteFile(filepath.Join(dir, "CNAME"), []byte("odds.example"), 0o644)
	if _, err := Write(dir); err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(filepath.Join(dir, "old.js")); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("old.js, a file the page no longer has, is still there: %v", err)
	}
	if _, err := os.Stat(filepath.Join(dir, "CNAME")); err != nil {
		t.Errorf("CNAME, not the page's, was removed: %v", err)
	}
	other := t.TempDir()
	os.WriteFile(filepath.Join(other, "notes.txt"), []byte("mine"), 0o644)
	var fe *ForeignError
	if _, err := Write(other); !errors.As(err, &fe) || fe.File != "notes.txt" {
		t.Errorf("a folder of other files: %v, want a ForeignError naming notes.txt", err)
	}
	if entries, _ := os.ReadDir(other); len(entries) != 1 {
		t.Errorf("odds page wrote into a folder it refused: %d files", len(entries))
	}
}

func must(b []byte, err error) []byte {
	if err != nil {
		return nil
	}
	return b
}

// index.html names every module the page imports (modulepreload), so that
// the browser asks for them at once rather than level by level, and reads
// boot.js (which starts the engine) before them.
func TestModulesPreloaded(t *testing.T) {
	index, err := web.ReadFile("web/index.html")
	if err != nil {
		t.Fatal(err)
	}
	html := string(index)
	entries, err := web.ReadDir("web")
	if err != nil {
		t.Fatal(err)
	}
	imported := regexp.MustCompile(`from "\./([\w-]+\.js)"`)
	for _, e := range entries {
		if !strings.HasSuffix(e.Name(), ".js") {
			continue
		}
		src, _ := web.ReadFile("web/" + e.Name())
		for _, m := range imported.FindAllStringSubmatch(string(src), -1) {
			if !strings.Contains(html, `<link rel="modulepreload" href="`+m[1]+`">`) {
				t.Errorf("%s imports %s, which index.html does not preload", e.Name(), m[1])
			}
		}
	}
	if b, a := strings.Index(html, `src="boot.js"`), strings.Index(html, `src="app.js"`); b < 0 || b > a {
		t.Errorf("index.html reads boot.js at %d, app.js at %d: want boot.js first", b, a)
	}
}
