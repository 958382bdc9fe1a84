// Package page is the page of odds: a static single-page app whose
// engine is odds's query pipeline compiled to WebAssembly (cmd/odds-wasm)
// and run in a Web Worker, with a service worker and a web app manifest
// so that it loads and answers offline. odds serve serves its files at /
// and odds page DIR writes them as a static site.
//
// The files are embedded from web/; odds.wasm.gz, wasm_exec.js and the
// icons are generated (go generate: pagegen) and committed, so that go
// install gives the page its engine. The engine is one file, compressed
// (odds.wasm.gz, about a quarter of the WebAssembly): every host sends
// it as it is and the page's worker decompresses it, so a plain static
// host sends as few bytes as odds serve. page imports no other package
// of odds.
package page

import (
	"crypto/sha256"
	"embed"
	"encoding/hex"
	"encoding/json"
	"io"
	"io/fs"
	"mime"
	"path"
	"slices"
	"strings"
)

//go:generate go run ./pagegen

//go:embed web GOVERSION
var web embed.FS

// File is one file of the page.
type File struct {
	Name string // its path in the site: index.html, odds.wasm.gz, …
	Type string // its MIME type
	Data []byte // its contents, sent as they are
}

// GoVersion is the Go version that built the page's engine.
func GoVersion() string {
	b, _ := web.ReadFile("GOVERSION")
	return strings.TrimSpace(string(b))
}

// Files are the page's files, in name order, sw.js among them with its
// cache name (odds- and a hash of every other file, so that any change
// replaces the cache) and the list of files it caches.
func Files() ([]File, error) {
	var files []File
	var sw []byte
	err := fs.WalkDir(web, "web", func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		data, err := web.ReadFile(p)
		if err != nil {
			return err
		}
		name := strings.TrimPrefix(p, "web/")
		f := File{Name: name, Type: typeOf(name), Data: data}
		if f.Name == "sw.js" {
			sw = data
			return nil
		}
		files = append(files, f)
		return nil
	})
	if err != nil {
		return nil, err
	}
	h := sha256.New()
	names := []string{"./"}
	for _, f := range files {
		io.WriteString(h, f.Name+"\x00")
		h.Write(f.Data)
		names = append(names, f.Name)
	}
	list, _ := json.Marshal(names)
	head := "const CACHE = \"odds-" + hex.EncodeToString(h.Sum(nil))[:16] + "\";\nconst FILES = " + string(list) + ";\n"
	files = append(files, File{Name: "sw.js", Type: typeOf("sw.js"), Data: append([]byte(head), sw...)})
	slices.SortFunc(files, func(a, b File) int { return strings.Compare(a.Name, b.Name) })
	return files, nil
}

// typeOf is a page file's MIME type.
func typeOf(name string) string {
	switch path.Ext(name) {
	case ".gz":
		return "application/gzip"
	case ".webmanifest":
		return "application/manifest+json"
	case ".js":
		return "text/javascript; charset=utf-8"
	case ".html":
		return "text/html; charset=utf-8"
	case ".css":
		return "text/css; charset=utf-8"
	case ".svg":
		return "image/svg+xml"
	}
	if t := mime.TypeByExtension(path.Ext(name)); t != "" {
		return t
	}
	return "application/octet-stream"
}

// Hash names a file's contents (hex, 16 digits): its ETag.
func Hash(f File) string {
	h := sha256.Sum256(f.Data)
	return hex.EncodeToString(h[:8])
}
