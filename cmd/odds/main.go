// Command odds is an odds calculator for tactical wargames. See README.md.
package main

import (
	"os"
	"os/signal"
	"syscall"

	"odds/cmd/internal/dest"
)

func main() {
	// SIGINT (Ctrl-C) and SIGTERM alike stop the run: it winds down and
	// exits 130 or 143. A second signal is the default action again and
	// ends the process at once; a run still going windDown after the
	// first is ended too.
	sigs := make(chan os.Signal, 1)
	signal.Notify(sigs, os.Interrupt, syscall.SIGTERM)
	ctx, done := watchSignals(sigs, func() { signal.Stop(sigs) }, dest.RemoveTemps, windDown, os.Stderr, os.Exit)
	code := Main(ctx, os.Args[1:], os.Stdout, os.Stderr)
	done()
	if code == exitBrokenPipe {
		signal.Reset(syscall.SIGPIPE)
		_ = syscall.Kill(os.Getpid(), syscall.SIGPIPE)
	}
	os.Exit(code)
}
