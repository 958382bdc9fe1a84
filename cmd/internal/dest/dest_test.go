package dest

import (
	"bytes"
	"context"
	"errors"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestChunks: output held in pieces reads back as written, whatever the
// sizes of the writes (some larger than a piece), and no piece is
// larger than maxChunk.
func TestChunks(t *testing.T) {
	var c chunks
	var want bytes.Buffer
	for i, n := range []int{0, 1, 100, minChunk, 3*maxChunk + 7, 5, maxChunk, 12345} {
		p := bytes.Repeat([]byte{byte('a' + i)}, n)
		if k, err := c.Write(p); k != n || err != nil {
			t.Fatalf("write %d: %d, %v", n, k, err)
		}
		want.Write(p)
	}
	var got bytes.Buffer
	for _, p := range c.parts {
		if len(p) > maxChunk {
			t.Errorf("a piece of %d bytes", len(p))
		}
		got.Write(p)
	}
	if !bytes.Equal(got.Bytes(), want.Bytes()) {
		t.Errorf("read back %d bytes, wrote %d (or different ones)", got.Len(), want.Len())
	}
}

// TestOutStreamed: --out of a regular file is streamed into its
// temporary file (a 169 MB JSON sweep is never held whole), and renamed
// over the file only when the rendering succeeds: a rendering that fails
// or is interrupted half-way leaves the old file as it was and no
// temporary file; a hard-linked file is rewritten only once the output
// is whole.
func TestOutStreamed(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "sweep.json")
	if err := os.WriteFile(path, []byte("old"), 0o644); err != nil {
		t.Fatal(err)
	}
	tmpSize := func() int64 { // the size of the one temporary file beside path, -1 if none
		entries, _ := os.ReadDir(dir)
		for _, e := range entries {
			if strings.HasSuffix(e.Name(), ".tmp") {
				info, _ := e.Info()
				return info.Size()
			}
		}
		return -1
	}
	// Streamed: half the output is in the temporary file before the rest
	// is rendered, and the file is replaced at the end.
	err := WriteFunc(context.Background(), "out", path, func(w io.Writer) error {
		io.WriteString(w, "first half,")
		if n := tmpSize(); n != int64(len("first half,")) {
			t.Errorf("temporary file holds %d bytes mid-way, want 11 (not streamed)", n)
		}
		_, err := io.WriteString(w, "second half")
		return err
	})
	if data, _ := os.ReadFile(path); err != nil || string(data) != "first half,second half" {
		t.Errorf("streamed --out: %q, %v", data, err)
	}
	// A failure or a Ctrl-C half-way: the file as it was, no temporary file.
	fail := errors.New("render failed")
	ctx, cancel := context.WithCancel(context.Background())
	for _, c := range []struct {
		ctx  context.Context
		fill func(io.Writer) error
		want error
	}{
		{context.Background(), func(w io.Writer) error { io.WriteString(w, "partial"); return fail }, fail},
		{ctx, func(w io.Writer) error { io.WriteString(w, "partial"); cancel(); return nil }, context.Canceled},
	} {
		if err := WriteFunc(c.ctx, "out", path, c.fill); !errors.Is(err, c.want) {
			t.Errorf("failed rendering: %v, want %v", err, c.want)
		}
		if data, _ := os.ReadFile(path); string(data) != "first half,second half" {
			t.Errorf("the file after a failed rendering: %q", data)
		}
		if n := tmpSize(); n != -1 {
			t.Errorf("a temporary file of %d bytes left behind", n)
		}
	}
	// A hard-linked file, rewritten in place: untouched by a failure.
	if err := os.Link(path, filepath.Join(dir, "hard.json")); err != nil {
		t.Fatal(err)
	}
	err = WriteFunc(context.Background(), "out", path, func(w io.Writer) error { io.WriteString(w, "partial"); return fail })
	if data, _ := os.ReadFile(path); !errors.Is(err, fail) || string(data) != "first half,second half" {
		t.Errorf("hard-linked file after a failed rendering: %q, %v", data, err)
	}
}
