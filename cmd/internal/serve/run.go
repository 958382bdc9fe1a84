package serve

import (
	"bytes"
	"context"
	"fmt"
	"net/http"
	"net/url"
	"sync"
	"time"

	"odds/cmd/internal/answer"
	"odds/cmd/internal/question"
)

// reply is what running one request gave: the JSON document, or the
// error read from its type.
type reply struct {
	status int // 200, 400, 429, 500 or 503
	body   []byte
	plot   []byte
	err    string // the one-line message
	hint   string
	flag   string        // the flag the message names, if any
	buf    *bytes.Buffer // body's memory, from docs: give it back once body is written
}

// docs keeps the buffers answers are rendered into between requests: an
// exact answer's document is a kilobyte or two, made afresh every
// request otherwise. A buffer grown past maxKeptDoc (a large sweep's
// document) is left to the collector, so the pool holds little.
var docs = sync.Pool{New: func() any { return new(bytes.Buffer) }}

const maxKeptDoc = 64 << 10

// release gives the reply's buffer back to docs: body is not to be
// read after.
func (rep *reply) release() {
	if rep.buf != nil && rep.buf.Cap() <= maxKeptDoc {
		rep.buf.Reset()
		docs.Put(rep.buf)
	}
	rep.buf, rep.body = nil, nil
}

// run answers the request's question, read from its query string by ask
// (answer.QueryQuestion, or a reader of its values: byValues), on one
// core, waiting for a free one at most QueueWait. The question is read
// before it waits: bad input is answered 400 at once, never 429.
func (s *Server) run(r *http.Request, ask func(raw string) (*answer.Question, error), plot bool) reply {
	x, err := ask(r.URL.RawQuery)
	if err != nil {
		return errorReply(http.StatusBadRequest, err)
	}
	if rep, ok := s.take(r); !ok {
		return rep
	}
	defer func() { <-s.slots }()
	ctx, cancel := context.WithTimeout(r.Context(), runLimit)
	defer cancel()
	buf := docs.Get().(*bytes.Buffer)
	ans, err := s.engine.RunInto(ctx, x, nil, buf)
	if err == nil {
		rep := reply{status: http.StatusOK, body: ans.JSON, buf: buf}
		if plot {
			rep.plot = plotOf(ans, x.Metric)
		}
		return rep
	}
	buf.Reset()
	docs.Put(buf) // what the failed run wrote is not read
	switch {
	case ctx.Err() != nil:
		return reply{status: http.StatusServiceUnavailable, err: fmt.Sprintf("the run took longer than %s, or the client went away", runLimit)}
	case answer.IsBadInput(err):
		return errorReply(http.StatusBadRequest, err)
	}
	return reply{status: http.StatusInternalServerError, err: err.Error()}
}

// byValues is ask reading the query string's values (answer.ParseQuery):
// a matchup's question, an engagement's.
func byValues(ask func(url.Values) (*answer.Question, error)) func(raw string) (*answer.Question, error) {
	return func(raw string) (*answer.Question, error) {
		vals, err := answer.ParseQuery(raw)
		if err != nil {
			return nil, err
		}
		return ask(vals)
	}
}

// take takes a core for the request, at once if one is free (no timer
// then: a timer is a few hundred bytes a request), else waiting at most
// QueueWait; if none came, the reply says why.
func (s *Server) take(r *http.Request) (reply, bool) {
	select {
	case s.slots <- struct{}{}:
		return reply{}, true
	default:
	}
	wait := time.NewTimer(QueueWait)
	defer wait.Stop()
	select {
	case s.slots <- struct{}{}:
		return reply{}, true
	case <-wait.C:
		return reply{status: http.StatusTooManyRequests, err: "busy: every core is running a request; try again shortly"}, false
	case <-r.Context().Done():
		return reply{status: http.StatusServiceUnavailable, err: "the request was cancelled"}, false
	}
}

// plotOf is an answer's drawing (the --plot SVG), or nil for a shape
// that has none (a find or sensitivity of several points).
func plotOf(ans *answer.Answer, metric string) []byte {
	p, ok := ans.Of.(question.Plotter)
	if !ok {
		return nil
	}
	img, _ := p.Plot("odds.svg", metric, "")
	return img
}

// errorReply is bad input as the API reports it: the message, its hint
// and the flag it names, read from the error's type.
func errorReply(status int, err error) reply {
	rep := reply{status: status}
	rep.err, rep.hint, rep.flag = answer.Fields(err)
	return rep
}
