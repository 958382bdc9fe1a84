// Command odds is an odds calculator for tactical wargames. See README.md.
package main

import (
	"context"
	"os"
	"os/signal"
	"syscall"
)

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	go func() {
		// After the first Ctrl-C the run winds down; a second one is the
		// default action again and ends the process at once.
		<-ctx.Done()
		stop()
	}()
	code := Main(ctx, os.Args[1:], os.Stdout, os.Stderr)
	stop()
	if code == exitBrokenPipe {
		signal.Reset(syscall.SIGPIPE)
		_ = syscall.Kill(os.Getpid(), syscall.SIGPIPE)
	}
	os.Exit(code)
}
