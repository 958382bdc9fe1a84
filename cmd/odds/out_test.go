package main

// Tests of where output goes: --out and its kinds of file, an interrupted
// run, a reader that went away.

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"syscall"
	"testing"
	"time"
)

func TestOutFile(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "fire.csv")
	code, out, errs := run(context.Background(), "opposed", "fire", "--hesa", "2", "--def", "1", "--format", "csv", "--out", path)
	if code != 0 || out != "" {
		t.Fatalf("exit %d, stdout %q, stderr %q", code, out, errs)
	}
	data, err := os.ReadFile(path)
	if err != nil || !strings.HasPrefix(string(data), "system,action,hesa,") {
		t.Fatalf("--out file: %q, %v", data, err)
	}
	// Bad input writes nothing.
	bad := filepath.Join(dir, "bad.csv")
	if code, _, _ := run(context.Background(), "opposed", "fire", "--hesa", "x", "--out", bad); code != 2 {
		t.Fatalf("exit %d, want 2", code)
	}
	if _, err := os.Stat(bad); !os.IsNotExist(err) {
		t.Errorf("bad input left %s behind", bad)
	}
	entries, _ := os.ReadDir(dir)
	if len(entries) != 1 {
		t.Errorf("temporary files left behind: %v", entries)
	}
}

// An interrupted run exits 130 and writes no partial file.
func TestInterrupted(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	path := filepath.Join(t.TempDir(), "out.json")
	code, out, errs := run(ctx, "opposed", "fire", "--hesa", "3", "--def", "1", "--method", "mc", "--trials", "1e12", "--out", path)
	if code != 130 || out != "" || !strings.Contains(errs, "interrupted") {
		t.Fatalf("exit %d, stdout %q, stderr %q; want 130 and 'interrupted'", code, out, errs)
	}
	if _, err := os.Stat(path); !os.IsNotExist(err) {
		t.Error("an interrupted run wrote --out")
	}
	// An exact grid of cheap cells, and a listing: the same.
	for _, args := range [][]string{
		{"opposed", "fire", "--hesa", "0..12", "--def", "0..12", "--smoke=both", "--out", path},
		{"roll", "1000d6+1000d6+1000d6", "--method", "mc", "--trials", "1e9", "--out", path},
		{"systems", "--out", path},
	} {
		code, out, errs := run(ctx, args...)
		if code != 130 || out != "" {
			t.Errorf("odds %v interrupted: exit %d, stdout %q, stderr %q; want 130", args, code, out, errs)
		}
		if _, err := os.Stat(path); !os.IsNotExist(err) {
			t.Errorf("odds %v interrupted wrote --out", args)
		}
	}
}

// --out keeps what the path is: a symbolic link stays a link to the new
// output, a file keeps its mode and its hard links, a pipe is written to,
// and a path that cannot be written exits 1 naming the path given.
func TestOutKinds(t *testing.T) {
	dir := t.TempDir()
	args := func(out string) []string {
		return []string{"roll", "2d6", "--format", "csv", "--seed", "1", "--out", out}
	}
	real := filepath.Join(dir, "real.csv")
	if err := os.WriteFile(real, []byte("old"), 0o640); err != nil {
		t.Fatal(err)
	}
	link := filepath.Join(dir, "link.csv")
	if err := os.Symlink("real.csv", link); err != nil {
		t.Fatal(err)
	}
	hard := filepath.Join(dir, "hard.csv")
	if err := os.Link(real, hard); err != nil {
		t.Fatal(err)
	}
	if code, _, errs := run(context.Background(), args(link)...); code != 0 {
		t.Fatalf("--out link: exit %d: %s", code, errs)
	}
	if st, err := os.Lstat(link); err != nil || st.Mode()&os.ModeSymlink == 0 {
		t.Errorf("the symbolic link was replaced: %v %v", st.Mode(), err)
	}
	data, _ := os.ReadFile(hard)
	if !strings.HasPrefix(string(data), "expr,value") {
		t.Errorf("the hard link does not see the output: %q", data)
	}
	if st, _ := os.Stat(real); st.Mode().Perm() != 0o640 {
		t.Errorf("mode %v, want the file's own 0640", st.Mode().Perm())
	}
	// A new file: 0666 less the umask, never 0600 because of a temp file.
	fresh := filepath.Join(dir, "fresh.csv")
	defer syscall.Umask(syscall.Umask(0o022))
	if code, _, errs := run(context.Background(), args(fresh)...); code != 0 {
		t.Fatalf("--out new: exit %d: %s", code, errs)
	}
	if st, _ := os.Stat(fresh); st.Mode().Perm() != 0o644 {
		t.Errorf("new file mode %v, want 0644 under umask 022", st.Mode().Perm())
	}
	// A named pipe is written to, not replaced.
	fifo := filepath.Join(dir, "pipe")
	if err := syscall.Mkfifo(fifo, 0o600); err != nil {
		t.Skip("no named pipes here:", err)
	}
	got := make(chan string)
	go func() {
		data, _ := os.ReadFile(fifo)
		got <- string(data)
	}()
	if code, _, errs := run(context.Background(), args(fifo)...); code != 0 {
		t.Fatalf("--out pipe: exit %d: %s", code, errs)
	}
	if data := <-got; !strings.HasPrefix(data, "expr,value") {
		t.Errorf("the pipe read %q", data)
	}
	if st, _ := os.Lstat(fifo); st.Mode()&os.ModeNamedPipe == 0 {
		t.Error("the pipe was replaced by a file")
	}
	entries, _ := os.ReadDir(dir)
	if len(entries) != 5 {
		t.Errorf("files left behind: %v", entries)
	}
	// Unwritable (a folder that does not exist): exit 1, the path as
	// given, before any trial runs.
	missing := filepath.Join(dir, "nosuch", "x.csv")
	code, _, errs := run(context.Background(), args(missing)...)
	if code != 1 || !strings.Contains(errs, "--out "+missing+": ") || strings.Contains(errs, ".tmp") {
		t.Errorf("unwritable --out: exit %d, %q; want 1 naming the path", code, errs)
	}
	// A profile file the run reads is not overwritten.
	cards := filepath.Join(dir, "cards.yaml")
	os.WriteFile(cards, []byte("units: []\n"), 0o644)
	code, _, errs = run(context.Background(), "opposed", "fire", "--hesa", "2", "--def", "1", "--profiles", cards, "--out", cards)
	if code != 2 || !strings.Contains(errs, "profile file") {
		t.Errorf("--out over --profiles: exit %d, %q", code, errs)
	}
}

// A reader that went away: exit 141 (main then dies of SIGPIPE), and no
// error message, as for any filter.
func TestBrokenPipe(t *testing.T) {
	var errb bytes.Buffer
	code := Main(context.Background(), []string{"roll", "2d6"}, brokenPipe{}, &errb)
	if code != exitBrokenPipe || errb.Len() != 0 {
		t.Errorf("exit %d, stderr %q; want %d and nothing", code, errb.String(), exitBrokenPipe)
	}
}

type brokenPipe struct{}

func (brokenPipe) Write([]byte) (int, error) { return 0, syscall.EPIPE }

// TestOutCheckedFirst: a --out or --plot that cannot be written is bad
// found before any trial: exit 1 (a file that cannot be written, as
// TestOutKinds), one line naming the flag that was wrong, nothing written to the other file. The run asked for is
// 10^12 Monte Carlo trials, so finding the problem only at the end
// (as a folder given as --out was, and as --plot's errors named --out)
// runs into the 5 s deadline and exits 130 instead.
func TestOutCheckedFirst(t *testing.T) {
	dir := t.TempDir()
	good := filepath.Join(dir, "fire.txt")
	folder := filepath.Join(dir, "p.svg")
	if err := os.Mkdir(folder, 0o755); err != nil {
		t.Fatal(err)
	}
	long := []string{"opposed", "fire", "--hesa", "1..3", "--def", "1", "--method", "mc", "--trials", "1e12"}
	for _, c := range []struct {
		extra []string
		want  string
	}{
		{[]string{"--out", dir}, "--out " + dir + ": is a folder"},
		{[]string{"--out", good, "--plot", folder}, "--plot " + folder + ": is a folder"},
		{[]string{"--out", good, "--plot", filepath.Join(dir, "no-such", "x.svg")}, "--plot " + filepath.Join(dir, "no-such", "x.svg") + ": no such file or directory"},
		{[]string{"--plot", filepath.Join(dir, "q.svg"), "--out", filepath.Join(dir, "no-such", "x.txt")}, "--out " + filepath.Join(dir, "no-such", "x.txt") + ": no such file or directory"},
	} {
		ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second) // a hang guard, not a speed test
		code, out, errs := run(ctx, append(slices.Clone(long), c.extra...)...)
		cancel()
		first, _, _ := strings.Cut(errs, "\n")
		if code != 1 || out != "" || !strings.Contains(first, c.want) {
			t.Errorf("%v: exit %d, stdout %q, stderr %q; want 1 and %q", c.extra, code, out, errs, c.want)
		}
		if _, err := os.Stat(good); !os.IsNotExist(err) {
			t.Errorf("%v: --out was written although --plot was bad", c.extra)
			os.Remove(good)
		}
	}
	// A read-only folder (root may write anywhere: then skipped).
	ro := filepath.Join(dir, "ro")
	if err := os.Mkdir(ro, 0o555); err != nil {
		t.Fatal(err)
	}
	if syscall.Access(ro, 2) == nil {
		t.Log("running as a user who may write a read-only folder: that case is not checked")
		return
	}
	code, _, errs := run(context.Background(), append(slices.Clone(long), "--out", filepath.Join(ro, "x.txt"))...)
	if code != 1 || !strings.Contains(errs, "--out "+filepath.Join(ro, "x.txt")+": cannot write in") {
		t.Errorf("read-only folder: exit %d, stderr %q", code, errs)
	}
}

// TestOutFIFOInterrupt: Ctrl-C while waiting for a reader of a FIFO
// given as --out (or --plot) ends odds at once (exit 130); the open used
// to block in open(2), deaf to the first Ctrl-C.
func TestOutFIFOInterrupt(t *testing.T) {
	dir := t.TempDir()
	for _, flag := range []string{"--out", "--plot"} {
		fifo := filepath.Join(dir, "pipe"+flag)
		if flag == "--plot" {
			fifo += ".svg"
		}
		if err := syscall.Mkfifo(fifo, 0o600); err != nil {
			t.Skip("no named pipes here:", err)
		}
		ctx, cancel := context.WithCancel(context.Background())
		done := make(chan int, 1)
		go func() {
			code, _, _ := run(ctx, "opposed", "fire", "--hesa", "1..3", "--def", "1", "--method", "exact", flag, fifo)
			done <- code
		}()
		time.Sleep(300 * time.Millisecond) // the run is done; odds waits for a reader
		cancel()
		select {
		case code := <-done:
			if code != 130 {
				t.Errorf("%s FIFO interrupted: exit %d, want 130", flag, code)
			}
		case <-time.After(30 * time.Second):
			t.Errorf("%s FIFO: Ctrl-C did not stop odds waiting for a reader (30 s)", flag)
			r, _ := os.OpenFile(fifo, os.O_RDONLY|syscall.O_NONBLOCK, 0) // free the blocked open
			<-done
			r.Close()
		}
	}
}
