package main

import (
	"context"
	"embed"
	"encoding/json"
	"fmt"
	"io/fs"
	"net"
	"net/http"
	"os"
	"runtime"
	"runtime/debug"
	"strconv"
	"strings"
	"time"

	"github.com/spf13/cobra"

	"odds/cmd/internal/flagval"
	"odds/profiles"
)

// odds serve: the engine behind a small local web page and a JSON API.
// Every request is a typed query (URL values -> query.Query -> query.Run
// -> Report) with the profiles the server started with, rendered by the
// CLI's own JSON renderer: the API's JSON is the CLI's, and its errors
// are the CLI's one-line messages, read from typed errors.

//go:embed web/templates web/static
var webFiles embed.FS

// Limits of one request.
const (
	defaultMaxTrials = 100_000_000      // Monte Carlo trials a request may run in all
	queueWait        = 2 * time.Second  // how long a request waits for a free core
	runLimit         = 30 * time.Second // the longest a run may take
	maxQuery         = 4096             // bytes of query string
)

type server struct {
	a         *app
	reg       *profiles.Registry
	slots     chan struct{} // one per core: at most one run per core
	maxTrials int64
	mux       *http.ServeMux
}

func (a *app) serveCommand() *cobra.Command {
	var addr string
	maxTrials := flagval.Count{N: defaultMaxTrials, Min: 1, Max: 1e12}
	cmd := &cobra.Command{
		Use:   "serve [--addr HOST:PORT]",
		Short: "serve the odds as a web page and a JSON API (the phone at the table)",
		Long: a.paragraphs("serve puts the engine behind a local web page: choose a system and an action, fill the form, and read the odds; a link reproduces the answer. The JSON API, GET /api/v1/SYSTEM/ACTION?flag=value&attacker=CARD, returns the document odds … --format json prints.\n\n" +
			"By default only this machine can connect (127.0.0.1:8080); --addr :8080 shares it on the network. Each request runs on one core, at most one per core at a time, with at most --max-trials Monte Carlo trials."),
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
			s := newServer(a, reg, maxTrials.N)
			return s.listenAndServe(cmd.Context(), addr)
		},
	}
	cmd.Flags().StringVar(&addr, "addr", "127.0.0.1:8080", "`HOST:PORT` to listen on (:8080 shares the page on the network)")
	cmd.Flags().Var(&maxTrials, "max-trials", "the most Monte Carlo trials one request may run in all")
	return cmd
}

func newServer(a *app, reg *profiles.Registry, maxTrials int64) *server {
	s := &server{a: a, reg: reg, slots: make(chan struct{}, runtime.NumCPU()), maxTrials: maxTrials, mux: http.NewServeMux()}
	s.mux.HandleFunc("GET /api/v1/{system}/{action}", s.api)
	s.mux.HandleFunc("GET /plot/{system}/{action}", s.plotImage)
	s.mux.HandleFunc("GET /{system}/{action}", s.actionPage)
	s.mux.HandleFunc("GET /{$}", s.index)
	static, _ := fs.Sub(webFiles, "web")
	s.mux.Handle("GET /static/{file}", http.FileServerFS(static))
	return s
}

// listenAndServe serves until ctx ends (Ctrl-C), then stops: in-flight
// runs are cancelled, and it returns within a second.
func (s *server) listenAndServe(ctx context.Context, addr string) error {
	ln, err := net.Listen("tcp", addr)
	if err != nil {
		return usagef("choose another --addr", "--addr %s: %v", addr, err)
	}
	host, port, _ := net.SplitHostPort(ln.Addr().String())
	if ip := net.ParseIP(host); ip == nil || ip.IsUnspecified() {
		fmt.Fprintf(s.a.stderr, "odds: warning: listening on every network interface: anyone on your network can use this page\n")
		host = "localhost"
	}
	fmt.Fprintf(s.a.stdout, "odds: serving http://%s\n", net.JoinHostPort(host, port))
	srv := &http.Server{
		Handler:           s.hostGuard(),
		ReadHeaderTimeout: 5 * time.Second,
		ReadTimeout:       10 * time.Second,
		WriteTimeout:      runLimit + queueWait + 5*time.Second,
		IdleTimeout:       60 * time.Second,
		MaxHeaderBytes:    16 << 10,
		BaseContext:       func(net.Listener) context.Context { return ctx },
	}
	done := make(chan error, 1)
	go func() { done <- srv.Serve(ln) }()
	select {
	case err := <-done:
		return err
	case <-ctx.Done():
	}
	stop, cancel := context.WithTimeout(context.Background(), time.Second)
	defer cancel()
	_ = srv.Shutdown(stop)
	return ctx.Err()
}

// contentPolicy lets the page load only its own script, style and
// images (the plot is a data: image; the bars' widths are inline
// style attributes), and be framed by no one.
const contentPolicy = "default-src 'none'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; connect-src 'self'; form-action 'self'; base-uri 'none'; frame-ancestors 'none'"

func (s *server) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	h := w.Header()
	h.Set("X-Content-Type-Options", "nosniff")
	h.Set("X-Frame-Options", "DENY")
	h.Set("Content-Security-Policy", contentPolicy)
	h.Set("Referrer-Policy", "no-referrer")
	if len(r.URL.RawQuery) > maxQuery {
		http.Error(w, "query too long", http.StatusRequestURITooLong)
		return
	}
	s.mux.ServeHTTP(w, r)
}

// hostGuard refuses (421) a request whose Host header is a name other
// than localhost or this machine's own: a page on evil.example whose
// name is made to resolve to 127.0.0.1 (DNS rebinding) would otherwise
// read the API as its own origin, and its name would reach the
// permalink. An IP literal is accepted: a browser sends one only when
// it was given the address itself, which no other site can arrange.
func (s *server) hostGuard() http.Handler {
	name, _ := os.Hostname()
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if !hostAllowed(r.Host, name) {
			w.Header().Set("X-Content-Type-Options", "nosniff")
			http.Error(w, "odds serve answers only to localhost, this machine's name or an IP address, not to Host "+strconv.Quote(r.Host), http.StatusMisdirectedRequest)
			return
		}
		s.ServeHTTP(w, r)
	})
}

// hostAllowed reports whether a request's Host header (with or without
// a port) names this machine: an IP literal, localhost (or a name under
// .localhost), or the machine's name (also under .local).
func hostAllowed(hostport, machine string) bool {
	host := hostport
	if h, _, err := net.SplitHostPort(hostport); err == nil {
		host = h
	}
	host = strings.TrimSuffix(strings.ToLower(strings.Trim(host, "[]")), ".")
	if host == "" {
		return false
	}
	if net.ParseIP(host) != nil || host == "localhost" || strings.HasSuffix(host, ".localhost") {
		return true
	}
	machine = strings.ToLower(machine)
	return machine != "" && (host == machine || host == machine+".local")
}

// api answers GET /api/v1/SYSTEM/ACTION with the CLI's JSON document, or
// {"error": …} with 400 (bad input), 429 (busy) or 503.
func (s *server) api(w http.ResponseWriter, r *http.Request) {
	rep := s.run(r, r.PathValue("system"), r.PathValue("action"), false)
	w.Header().Set("Content-Type", "application/json")
	if rep.status == http.StatusTooManyRequests {
		w.Header().Set("Retry-After", "2")
	}
	if rep.status != http.StatusOK {
		w.WriteHeader(rep.status)
		body, _ := json.Marshal(struct {
			Error string `json:"error"`
			Hint  string `json:"hint,omitempty"`
			Flag  string `json:"flag,omitempty"`
		}{rep.err, rep.hint, rep.flag})
		_, _ = w.Write(append(body, '\n'))
		return
	}
	_, _ = w.Write(rep.body)
}

// plotImage answers GET /plot/SYSTEM/ACTION with the question's plot as
// SVG (the --plot drawing).
func (s *server) plotImage(w http.ResponseWriter, r *http.Request) {
	rep := s.run(r, r.PathValue("system"), r.PathValue("action"), true)
	if rep.status != http.StatusOK || rep.plot == nil {
		msg := rep.err
		if msg == "" {
			msg = "no plot"
		}
		if rep.status == http.StatusTooManyRequests {
			w.Header().Set("Retry-After", "2")
		}
		http.Error(w, msg, max(rep.status, http.StatusBadRequest))
		return
	}
	w.Header().Set("Content-Type", "image/svg+xml")
	_, _ = w.Write(rep.plot)
}
