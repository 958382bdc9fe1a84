// Package serve is odds serve: the page's files (package page; its
// engine runs in the browser) and the JSON API: a request's URL values
// are asked of package answer, the one door the page's engine and odds
// batch use too, and rendered by the CLI's own renderers.
package serve

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"runtime"
	"strconv"
	"strings"
	"time"

	"odds/cmd/internal/answer"
	"odds/cmd/internal/page"
	"odds/cmd/internal/query"
	"odds/profiles"
	"odds/resolve"
)

// odds serve: the page (package page: its engine runs in the browser)
// and a JSON API. Every API request is a typed query (URL values ->
// answer.Question -> answer.Run) with the profiles the server started
// with, rendered by the CLI's own JSON renderer: the API's JSON is the
// CLI's, and its errors are the CLI's one-line messages, read from typed
// errors. The page's engine calls the same answer package.

// Limits of one request.
const (
	DefaultMaxTrials = 100_000_000      // Monte Carlo trials a request may run in all
	QueueWait        = 2 * time.Second  // how long a request waits for a free core
	runLimit         = 30 * time.Second // the longest a run may take
	maxQuery         = 4096             // bytes of query string
)

// Server answers odds serve's pages and API.
type Server struct {
	stdout io.Writer
	stderr io.Writer
	slots  chan struct{} // one per core: at most one run per core
	engine *answer.Engine
	mux    *http.ServeMux
}

// New is the server of odds serve: the
// systems, the profiles it started with, the most trials a request may
// run (0: no bound of its own), and where it says it is serving and
// reports its errors. It panics if the embedded page cannot be read (a
// build without it is a programmer error; tests catch it).
func New(systems []*resolve.System, reg *profiles.Registry, maxTrials int64, stdout, stderr io.Writer) *Server {
	s := &Server{stdout: stdout, stderr: stderr, slots: make(chan struct{}, runtime.NumCPU()),
		engine: &answer.Engine{Systems: systems, Reg: reg, MaxTrials: maxTrials}, mux: http.NewServeMux()}
	s.mux.HandleFunc("GET /api/v1/run", s.apiRun)
	s.mux.HandleFunc("GET /api/v1/engage", func(w http.ResponseWriter, r *http.Request) {
		s.writeAPI(w, s.run(r, byValues(s.engine.EngageQuestion), false))
	})
	s.mux.HandleFunc("GET /api/v1/{system}/{action}", s.api)
	s.mux.HandleFunc("GET /plot/{system}/{action}", s.plotImage)
	s.mux.HandleFunc("GET /plot/engage", func(w http.ResponseWriter, r *http.Request) {
		s.writePlot(w, s.run(r, byValues(s.engine.EngageQuestion), true))
	})
	s.mux.HandleFunc("GET /{system}/{action}", s.oldPage)
	files, err := page.Files()
	if err != nil {
		panic("serve: the page: " + err.Error())
	}
	for _, f := range files {
		h := pageFile(f)
		s.mux.Handle("GET /"+f.Name, h)
		if f.Name == "index.html" {
			s.mux.Handle("GET /{$}", h)
		}
	}
	return s
}

// ListenAndServe serves until ctx ends (Ctrl-C), then stops: in-flight
// runs are cancelled, and it returns within a second.
func (s *Server) ListenAndServe(ctx context.Context, addr string) error {
	ln, err := net.Listen("tcp", addr)
	if err != nil {
		return usagef("choose another --addr", "--addr %s: %v", addr, err)
	}
	host, port, _ := net.SplitHostPort(ln.Addr().String())
	if ip := net.ParseIP(host); ip == nil || ip.IsUnspecified() {
		fmt.Fprintf(s.stderr, "odds: warning: listening on every network interface: anyone on your network can use this page\n")
		host = "localhost"
	}
	fmt.Fprintf(s.stdout, "odds: serving http://%s\n", net.JoinHostPort(host, port))
	srv := &http.Server{
		Handler:           s.hostGuard(),
		ReadHeaderTimeout: 5 * time.Second,
		ReadTimeout:       10 * time.Second,
		WriteTimeout:      runLimit + QueueWait + 5*time.Second,
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

// contentPolicy lets the page load only its own scripts, style, images,
// worker, manifest and WebAssembly (compiled by the worker: the
// wasm-unsafe-eval source allows that and no eval of script), and be
// framed by no one. Charts may be data: images; bars' widths inline
// style attributes.
const contentPolicy = "default-src 'none'; script-src 'self' 'wasm-unsafe-eval'; worker-src 'self'; manifest-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; connect-src 'self'; form-action 'self'; base-uri 'none'; frame-ancestors 'none'"

func (s *Server) ServeHTTP(w http.ResponseWriter, r *http.Request) {
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
func (s *Server) hostGuard() http.Handler {
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
func (s *Server) api(w http.ResponseWriter, r *http.Request) {
	s.writeAPI(w, s.run(r, s.actionQuestion(r), false))
}

// apiRun answers GET /api/v1/run?matchup=NAME as api does: the document
// odds run --matchup NAME --format json prints.
func (s *Server) apiRun(w http.ResponseWriter, r *http.Request) {
	s.writeAPI(w, s.run(r, byValues(s.engine.MatchupQuestion), false))
}

// actionQuestion reads a request to SYSTEM/ACTION from its query string.
func (s *Server) actionQuestion(r *http.Request) func(raw string) (*answer.Question, error) {
	return func(raw string) (*answer.Question, error) {
		return s.engine.QueryQuestion(raw, r.PathValue("system"), r.PathValue("action"))
	}
}

// writeAPI writes an API answer: its document, or its error as JSON.
func (s *Server) writeAPI(w http.ResponseWriter, rep reply) {
	defer rep.release()
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
func (s *Server) plotImage(w http.ResponseWriter, r *http.Request) {
	s.writePlot(w, s.run(r, s.actionQuestion(r), true))
}

// writePlot writes a plot's answer: its SVG, or its error as text.
func (s *Server) writePlot(w http.ResponseWriter, rep reply) {
	defer rep.release()
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

// usagef is bad input with no flag to blame, and a hint.
func usagef(hint, format string, args ...any) error {
	return &query.Error{Hint: hint, Err: fmt.Errorf(format, args...)}
}
