package main

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// The committed generated files are what the generator makes of the
// code on this branch: the engine in odds.wasm.gz is the engine of this
// source (rebuilt and compared byte for byte), with the wasm_exec.js of
// the same Go. Run go generate ./cmd/internal/page to refresh them. The
// build is reproducible only with the Go version recorded in GOVERSION:
// another version skips, saying so.
func TestGeneratedFresh(t *testing.T) {
	recorded, err := os.ReadFile(filepath.Join("..", "GOVERSION"))
	if err != nil {
		t.Fatal(err)
	}
	have, err := goEnv("GOVERSION")
	if err != nil {
		t.Fatal(err)
	}
	if strings.TrimSpace(string(recorded)) != have {
		t.Skipf("the page's engine was built by %s and this is %s: the bytes would differ; run go generate ./cmd/internal/page with %s to check them",
			strings.TrimSpace(string(recorded)), have, strings.TrimSpace(string(recorded)))
	}
	files, err := Generated()
	if err != nil {
		t.Fatal(err)
	}
	for name, want := range files {
		got, err := os.ReadFile(filepath.Join("..", name))
		switch {
		case err != nil:
			t.Errorf("%s: %v: run go generate ./cmd/internal/page and commit it", name, err)
		case !bytes.Equal(got, want):
			t.Errorf("%s is stale (not what this source generates): run go generate ./cmd/internal/page and commit it", name)
		}
	}
}

// MaxServedWasm is the most the page's engine may weigh as served
// (gzip-compressed): a phone on a slow network downloads it once.
const MaxServedWasm = 4 << 20

// TestWasmSize prints the engine's size as served and fails above
// MaxServedWasm.
func TestWasmSize(t *testing.T) {
	gz, err := os.ReadFile(filepath.Join("..", "web", "odds.wasm.gz"))
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("odds.wasm.gz: %d bytes (%.2f MiB) as served, at most %d", len(gz), float64(len(gz))/(1<<20), MaxServedWasm)
	if len(gz) > MaxServedWasm {
		t.Errorf("odds.wasm.gz is %d bytes as served: more than %d", len(gz), MaxServedWasm)
	}
}

// Gzip output depends on the bytes alone (no name, no time): the same
// engine compresses to the same file.
func TestGzipReproducible(t *testing.T) {
	a, err := Gzip([]byte("odds odds odds"))
	if err != nil {
		t.Fatal(err)
	}
	b, _ := Gzip([]byte("odds odds odds"))
	if !bytes.Equal(a, b) || a[4]|a[5]|a[6]|a[7] != 0 {
		t.Errorf("gzip: %x and %x; want equal, with no time", a, b)
	}
}

// The engine leaves out what a browser cannot use or should not
// download: gonum/plot and its fonts (the render package's plot files
// are built for !(js && wasm): a new one without that line would bring
// them back) and net/http.
func TestWasmDeps(t *testing.T) {
	cmd := exec.Command(goCmd(), "list", "-deps", "./cmd/odds-wasm")
	cmd.Dir = filepath.Join("..", "..", "..", "..")
	cmd.Env = append(os.Environ(), "GOOS=js", "GOARCH=wasm")
	out, err := cmd.Output()
	if err != nil {
		t.Fatal(err)
	}
	for _, dep := range strings.Fields(string(out)) {
		if strings.HasPrefix(dep, "gonum.org/v1/plot") || dep == "net/http" {
			t.Errorf("the page's engine imports %s: give the file that brings it //go:build !(js && wasm)", dep)
		}
	}
}
