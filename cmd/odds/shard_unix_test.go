//go:build unix

package main

import (
	"context"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
)

// A FIFO as a shard is refused at once, not read (before, merge waited
// for a writer forever).
func TestShardFIFO(t *testing.T) {
	fifo := filepath.Join(t.TempDir(), "fifo.json")
	if err := syscall.Mkfifo(fifo, 0o600); err != nil {
		t.Skip(err)
	}
	done := make(chan struct{})
	var code int
	var errs string
	go func() {
		code, _, errs = run(context.Background(), "merge", fifo)
		close(done)
	}()
	select {
	case <-done:
	case <-time.After(30 * time.Second):
		t.Fatal("merge of a FIFO blocked (30 s)")
	}
	if code != 2 || !strings.Contains(errs, "fifo.json: not a regular file") {
		t.Errorf("merge FIFO: exit %d, stderr %q", code, errs)
	}
}
