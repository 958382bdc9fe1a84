package main

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"syscall"
	"testing"
	"time"
)

// buildOdds builds the command into a temporary folder and returns its
// path.
func buildOdds(t *testing.T) string {
	t.Helper()
	exe := filepath.Join(t.TempDir(), "odds")
	if out, err := exec.Command("go", "build", "-o", exe, ".").CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	return exe
}

// The first signal cancels the run's context with the signal as its
// cause (SIGTERM: status 143); a run still going a grace after it is
// ended with that status and one line, its temporary files removed; a
// run that ends in time is not.
func TestWatchSignals(t *testing.T) {
	sigs := make(chan os.Signal, 1)
	released := make(chan struct{})
	exited := make(chan int, 1)
	var stderr syncBuffer
	cleaned := make(chan struct{})
	ctx, done := watchSignals(sigs, func() { close(released) }, func() { close(cleaned) }, 50*time.Millisecond, &stderr, func(code int) { exited <- code })
	defer done()
	sigs <- syscall.SIGTERM
	<-ctx.Done()
	<-released
	if s := stopped(ctx); s.status() != 143 || s.stopWord() != "terminated" {
		t.Errorf("stopped by %v: status %d, %q; want 143, terminated", s.sig, s.status(), s.stopWord())
	}
	select {
	case code := <-exited:
		if code != 143 {
			t.Errorf("exit %d, want 143", code)
		}
	case <-time.After(10 * time.Second):
		t.Fatal("a run that did not wind down was not ended")
	}
	if got := stderr.String(); got != "odds: terminated: still winding down 50ms after the signal; exiting\n" {
		t.Errorf("stderr %q", got)
	}
	select {
	case <-cleaned:
	default:
		t.Error("the temporary files were not removed")
	}

	// A run that winds down in time is left to exit by itself.
	sigs = make(chan os.Signal, 1)
	ctx, done = watchSignals(sigs, func() {}, func() {}, 50*time.Millisecond, &stderr, func(code int) { exited <- code })
	sigs <- os.Interrupt
	<-ctx.Done()
	done()
	select {
	case code := <-exited:
		t.Errorf("a run that wound down was ended (exit %d)", code)
	case <-time.After(200 * time.Millisecond):
	}
	if s := stopped(ctx); s.status() != 130 {
		t.Errorf("Ctrl-C: status %d, want 130", s.status())
	}
	// A cancelled context without a signal (a test's) reads as Ctrl-C.
	cctx, cancel := context.WithCancel(context.Background())
	cancel()
	if s := stopped(cctx); s.status() != 130 {
		t.Errorf("cancelled: status %d, want 130", s.status())
	}
}

// An exact answer whose tables would pass the 1 GiB bound is refused in
// one line before they are allocated (before, 1000d100kl999 took 1.6 GB
// and ran for hours).
func TestExactMemoryRefused(t *testing.T) {
	code, out, errs := run(context.Background(), "roll", "1000d100kl999", "--method", "exact", "--max-paths", "1e12")
	want := "odds: error: --method exact: the exact answer would hold about 1525 MB of tables, more than the 1024 MB one run may use\nodds: hint: use --method mc\n"
	if code != 2 || out != "" || errs != want {
		t.Errorf("exit %d, stdout %q, stderr %q; want 2 and %q", code, out, errs, want)
	}
}
