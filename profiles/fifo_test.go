//go:build unix

package profiles

import (
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"odds/resolve/all"
)

// A profile path that is not a regular file is refused at once with one
// line naming it: a FIFO blocked the open until a writer came (Ctrl-C did
// nothing), and a device was read up to the size bound.
func TestLoadNotAFile(t *testing.T) {
	dir := t.TempDir()
	fifo := filepath.Join(dir, "cards.yaml")
	if err := syscall.Mkfifo(fifo, 0o644); err != nil {
		t.Skip("no FIFO here:", err)
	}
	cases := []struct{ path, want string }{
		{fifo, fifo + ":1:1: cannot read: a named pipe (FIFO), not a file"},
		{dir, fifo + ":1:1: cannot read: a named pipe (FIFO), not a file"}, // a folder's *.yaml
		{"/dev/zero", "/dev/zero:1:1: cannot read: a device, not a file"},
	}
	for _, c := range cases {
		done := make(chan error, 1)
		go func() {
			r, _ := New(all.Systems())
			done <- r.Load(c.path)
		}()
		select {
		case err := <-done:
			if err == nil || err.Error() != c.want {
				t.Errorf("Load(%s): %v; want %s", c.path, err, c.want)
			}
		case <-time.After(30 * time.Second):
			t.Fatalf("Load(%s) still blocked after 30 s", c.path)
		}
	}
}

// rchar is the bytes this process has read so far (Linux), or -1.
func rchar() int64 {
	data, err := os.ReadFile("/proc/self/io")
	if err != nil {
		return -1
	}
	for _, line := range strings.Split(string(data), "\n") {
		if v, ok := strings.CutPrefix(line, "rchar: "); ok {
			n, _ := strconv.ParseInt(v, 10, 64)
			return n
		}
	}
	return -1
}

// A file over the size bound is refused by its size before any of it is
// read (it was read up to the bound, 4 MiB + 1 bytes, first): /proc's
// count of the bytes this process read moves by well under 1 MiB.
func TestOversizeNotRead(t *testing.T) {
	big := filepath.Join(t.TempDir(), "big.yaml")
	if err := os.WriteFile(big, nil, 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.Truncate(big, 1<<30); err != nil { // sparse: no disk used
		t.Fatal(err)
	}
	r, _ := New(all.Systems())
	before := rchar()
	if before < 0 {
		t.Skip("no /proc/self/io")
	}
	err := r.Load(big)
	if read := rchar() - before; read > 1<<20 {
		t.Errorf("read %d bytes of an oversize file", read)
	}
	if want := big + ":1:1: larger than 4 MiB: not a profile file"; err == nil || err.Error() != want {
		t.Errorf("Load: %v; want %s", err, want)
	}
}
