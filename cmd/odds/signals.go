package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"syscall"
	"time"
)

// stopSignal is the cause of a run's context when a signal stopped it:
// SIGINT (Ctrl-C) or SIGTERM, both a request to wind down.
type stopSignal struct{ sig os.Signal }

func (s *stopSignal) Error() string { return "stopped by " + s.sig.String() }

// status is the exit status of a run the signal stopped: 128 plus its
// number, as a shell reports a process the signal killed (130 for
// SIGINT, 143 for SIGTERM).
func (s *stopSignal) status() int {
	if n, ok := s.sig.(syscall.Signal); ok {
		return 128 + int(n)
	}
	return exitInterrupted
}

// stopWord is what the one line on stderr says a stopped run was.
func (s *stopSignal) stopWord() string {
	if s.sig == syscall.SIGTERM {
		return "terminated"
	}
	return "interrupted"
}

// stopped is the signal that stopped ctx's run, if one did; SIGINT for a
// run cancelled otherwise (a test's cancel, a caller's context).
func stopped(ctx context.Context) *stopSignal {
	var s *stopSignal
	if errors.As(context.Cause(ctx), &s) {
		return s
	}
	return &stopSignal{os.Interrupt}
}

// windDown is how long a stopped run may take to wind down before the
// process exits anyway: every phase checks its context within a fraction
// of a second, so this is the last line of defence against one that
// does not.
const windDown = 3 * time.Second

// watchSignals returns a context that the first signal on sigs cancels
// (its cause a *stopSignal). release is then called, so that a second
// signal has its default action and ends the process at once. If the
// run has not ended (done is not called) within grace of the first
// signal, cleanup is called (to remove the temporary files of --out:
// dest.RemoveTemps), one line says so on stderr, and exit is called with
// the signal's status.
func watchSignals(sigs <-chan os.Signal, release, cleanup func(), grace time.Duration, stderr io.Writer, exit func(int)) (ctx context.Context, done func()) {
	ctx, cancel := context.WithCancelCause(context.Background())
	finished := make(chan struct{})
	go func() {
		var sig os.Signal
		select {
		case sig = <-sigs:
		case <-finished:
			return
		}
		release()
		s := &stopSignal{sig}
		cancel(s)
		select {
		case <-finished:
		case <-time.After(grace):
			cleanup()
			fmt.Fprintf(stderr, "odds: %s: still winding down %v after the signal; exiting\n", s.stopWord(), grace)
			exit(s.status())
		}
	}()
	var once bool
	return ctx, func() {
		if !once {
			once = true
			close(finished)
		}
		cancel(nil)
	}
}
