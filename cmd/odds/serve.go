package main

import (
	"os"
	"runtime/debug"

	"github.com/spf13/cobra"

	"odds/cmd/internal/flagval"
	"odds/cmd/internal/serve"
)

func (a *app) serveCommand() *cobra.Command {
	var addr string
	maxTrials := flagval.Count{N: serve.DefaultMaxTrials, Min: 1, Max: 1e12}
	cmd := &cobra.Command{
		Use:   "serve [--addr HOST:PORT]",
		Short: "serve the odds as a web page and a JSON API (the phone at the table)",
		Long: a.paragraphs("serve serves the page (the one odds page DIR writes: odds's engine compiled to WebAssembly, answering in the browser and offline after the first visit) and a JSON API: GET /api/v1/SYSTEM/ACTION?flag=value&attacker=CARD returns the document odds … --format json prints; GET /api/v1/run?matchup=NAME&seed=7 the document odds run --matchup NAME --format json prints, of the matchups the server started with (built-in and --profiles). Links to the page are /#/SYSTEM/ACTION?flag=value; the old /SYSTEM/ACTION?flag=value pages redirect there.\n\n" +
			"By default only this machine can connect (127.0.0.1:8080); --addr :8080 shares it on the network. Each API request runs on one core, at most one per core at a time, with at most --max-trials Monte Carlo trials."),
		Example: "  odds serve\n  odds serve --addr :8080 --profiles my-cards.yaml",
		Args:    cobra.NoArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			reg, err := a.registry()
			if err != nil {
				return err
			}
			if os.Getenv("GOMEMLIMIT") == "" {
				// A soft bound: the collector works harder near it. The
				// hard bound on a request is query.MaxCompileBytes.
				debug.SetMemoryLimit(3 << 30)
			}
			s := serve.New(a.systems, reg, maxTrials.N, a.stdout, a.stderr)
			return s.ListenAndServe(cmd.Context(), addr)
		},
	}
	cmd.Flags().StringVar(&addr, "addr", "127.0.0.1:8080", "`HOST:PORT` to listen on (:8080 shares the page on the network)")
	cmd.Flags().Var(&maxTrials, "max-trials", "the most Monte Carlo trials one request may run in all")
	return cmd
}
