//go:build unix

package main

import (
	"bytes"
	"os/exec"
	"syscall"
	"testing"
	"time"
)

// SIGINT and SIGTERM stop a run of the process that is computing, in
// each phase that can take long: Monte Carlo, an exact answer. Each winds down by itself (the line is
// the plain one, not the last-resort exit), promptly, with 130 or 143.
func TestSignalStops(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the command")
	}
	exe := buildOdds(t)
	for _, c := range []struct {
		args  []string
		sig   syscall.Signal
		code  int
		msg   string
		stdin string // written to the command's input, which stays open
	}{
		{[]string{"opposed", "fire", "--hesa", "3", "--def", "1", "--method", "mc", "--trials", "1e11"}, syscall.SIGTERM, 143, "odds: terminated\n", ""},
		{[]string{"opposed", "fire", "--hesa", "3", "--def", "1", "--method", "mc", "--trials", "1e11"}, syscall.SIGINT, 130, "odds: interrupted\n", ""},
		// Auto weighs an exact answer: keeping 999 of 1,000 d100 would take
		// 1.6 GB of tables and hours (nothing stopped it), so Monte Carlo
		// answers; keeping 500 of 1,000 d10 is exact, and stops.
		{[]string{"roll", "1000d100kl999", "--trials", "1e9"}, syscall.SIGTERM, 143, "odds: terminated\n", ""},
		{[]string{"roll", "1000d10kl500", "--trials", "1e9"}, syscall.SIGTERM, 143, "odds: terminated\n", ""},
		// odds batch with its input open: idle, or in the middle of a line.
		{[]string{"batch"}, syscall.SIGTERM, 143, "odds: terminated\n", ""},
		{[]string{"batch"}, syscall.SIGINT, 130, "odds: interrupted\n", `["opposed",`},
	} {
		cmd := exec.Command(exe, append(c.args, "--quiet")...)
		var stdout, stderr bytes.Buffer
		cmd.Stdout, cmd.Stderr = &stdout, &stderr
		in, err := cmd.StdinPipe()
		if err != nil {
			t.Fatal(err)
		}
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		_, _ = in.Write([]byte(c.stdin))
		time.Sleep(500 * time.Millisecond)
		_ = cmd.Process.Signal(c.sig)
		sent := time.Now()
		exited := make(chan error, 1)
		go func() { exited <- cmd.Wait() }()
		select {
		case <-exited:
		case <-time.After(20 * time.Second):
			_ = cmd.Process.Kill()
			<-exited
			t.Fatalf("odds %v: still running 20 s after %v", c.args, c.sig)
		}
		// Generous: the 3 s last resort must not be what ended it.
		if took := time.Since(sent); took > 2500*time.Millisecond {
			t.Errorf("odds %v: took %v to stop after %v", c.args, took, c.sig)
		}
		if code := cmd.ProcessState.ExitCode(); code != c.code || stderr.String() != c.msg || stdout.Len() != 0 {
			t.Errorf("odds %v after %v: exit %d, stderr %q, stdout %.100q; want %d, %q and no output", c.args, c.sig, code, stderr.String(), stdout.String(), c.code, c.msg)
		}
		in.Close()
	}
}
