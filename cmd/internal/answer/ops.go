package answer

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/url"
	"strings"

	"odds/cmd/internal/query"
	"odds/profiles"
)

// The page's engine protocol (docs: cmd/internal/page/web/worker.js and
// the page contract): one JSON request in, one JSON reply out, with
// progress told on the way. The WebAssembly main is glue around Ops.

// Request is one message of the page to its engine.
type Request struct {
	ID       json.Number `json:"id"`
	Op       string      `json:"op"` // describe, query, variant, engage, roll or validate
	System   string      `json:"system,omitempty"`
	Action   string      `json:"action,omitempty"`
	Query    string      `json:"query,omitempty"` // the JSON API's query string
	Profiles []PageFile  `json:"profiles,omitempty"`
	Name     string      `json:"name,omitempty"` // validate: the file's name
	Text     string      `json:"text,omitempty"` // validate: its YAML
}

// PageFile is a profile file kept in the browser.
type PageFile struct {
	Name string `json:"name"`
	Text string `json:"text"`
}

// ErrorDoc is a failed request's error: the CLI's one-line message, its
// hint, the flag it names and the HTTP status the API would give.
type ErrorDoc struct {
	Message string `json:"message"`
	Flag    string `json:"flag,omitempty"`
	Hint    string `json:"hint,omitempty"`
	Status  int    `json:"status"`
}

type replyDoc struct {
	ID     json.Number     `json:"id"`
	OK     bool            `json:"ok"`
	Result json.RawMessage `json:"result,omitempty"`
	Error  *ErrorDoc       `json:"error,omitempty"`
}

// Ops answers the page's requests with an engine, adding the page's own
// profile files to its built-ins (the last set of files is kept
// compiled: the page sends the same files with every request).
type Ops struct {
	Base    *Engine
	Version string
	key     string
	withPF  *Engine
}

// maxRequest bounds one request: its profile files at most (a profile
// file may be 4 MiB), and a query string.
const maxRequest = profiles.MaxTotalSize + 64<<10

// Handle answers one request (JSON) with its reply (JSON), telling
// progress of a Monte Carlo run's trials.
func (o *Ops) Handle(ctx context.Context, req []byte, progress Progress) (reply []byte) {
	var r Request
	// A panic is a bug, never bad input; the page's engine must outlive
	// it: the request fails with the panic's text, the next one runs.
	defer func() {
		if p := recover(); p != nil {
			reply = o.fail(r.ID, &ErrorDoc{Message: fmt.Sprintf("odds: internal error: %v", p), Status: 500})
		}
	}()
	if len(req) > maxRequest {
		return o.fail(r.ID, &ErrorDoc{Message: fmt.Sprintf("request: more than %d MiB", maxRequest>>20), Status: 413})
	}
	if err := json.Unmarshal(req, &r); err != nil {
		return o.fail(r.ID, &ErrorDoc{Message: "request: " + err.Error(), Status: 400})
	}
	result, err := o.do(ctx, &r, progress)
	if err != nil {
		msg, hint, flag := Fields(err)
		status := 500
		var pe profiles.Errors
		if IsBadInput(err) || errors.As(err, &pe) {
			status = 400
		}
		return o.fail(r.ID, &ErrorDoc{Message: msg, Flag: flag, Hint: hint, Status: status})
	}
	return okReply(r.ID, result)
}

// okReply is marshalReply(replyDoc{ID: id, OK: true, Result: result}),
// written by hand: every op's result is compact JSON already (the
// answers written so, the rest by json.Marshal), which the encoder would
// only scan again (a third of the page's exact answer natively). A test
// holds the two to the same bytes.
func okReply(id json.Number, result json.RawMessage) []byte {
	if len(result) == 0 {
		return marshalReply(replyDoc{ID: id, OK: true, Result: result})
	}
	if id == "" {
		id = "0" // as encoding/json writes an empty Number
	}
	const head, mid = `{"id":`, `,"ok":true,"result":`
	out := make([]byte, 0, len(head)+len(id)+len(mid)+len(result)+1)
	out = append(append(append(append(out, head...), id...), mid...), result...)
	return append(out, '}')
}

func (o *Ops) fail(id json.Number, e *ErrorDoc) []byte {
	if id == "" {
		id = "0"
	}
	return marshalReply(replyDoc{ID: id, Error: e})
}

// marshalReply encodes a reply without escaping <, > and & (json.Marshal
// would write the CLI's "out-of-action>=0.5" as "out-of-action\u003e=0.5"):
// the result is the CLI's document byte for byte.
func marshalReply(r replyDoc) []byte {
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	_ = enc.Encode(r)
	return bytes.TrimSuffix(b.Bytes(), []byte("\n"))
}

// do answers a request with its result document.
func (o *Ops) do(ctx context.Context, r *Request, progress Progress) (json.RawMessage, error) {
	switch r.Op {
	case "describe":
		e, err := o.engine(ctx, r.Profiles)
		if err != nil {
			return nil, err
		}
		return e.catalogJSON(o.Version)
	case "query":
		e, x, err := o.queryQuestion(ctx, r)
		if err != nil {
			return nil, err
		}
		ans, err := e.run(ctx, x, progress, new(bytes.Buffer), true)
		if err != nil {
			return nil, err
		}
		return ans.JSON, nil
	case "variant": // what a compare link's vs changes (Variant)
		e, vals, err := o.question(ctx, r)
		if err != nil {
			return nil, err
		}
		v, err := e.Variant(vals, r.System, r.Action)
		if err != nil {
			return nil, err
		}
		return json.Marshal(v)
	case "engage": // odds engage: a-attack, b-attack and its settings in Query
		e, vals, err := o.question(ctx, r)
		if err != nil {
			return nil, err
		}
		x, err := e.EngageQuestion(vals)
		if err != nil {
			return nil, err
		}
		ans, err := e.run(ctx, x, progress, new(bytes.Buffer), true)
		if err != nil {
			return nil, err
		}
		return ans.JSON, nil
	case "roll":
		vals, err := parseQuery(r.Query)
		if err != nil {
			return nil, err
		}
		ans, err := new(Engine).Roll(ctx, vals, progress) // a roll needs no systems or profiles
		if err != nil {
			return nil, err
		}
		return ans.JSON, nil
	case "validate":
		others := make([]profiles.Source, 0, len(r.Profiles))
		for _, f := range r.Profiles {
			if f.Name != r.Name {
				others = append(others, profiles.Source{Name: f.Name, Data: []byte(f.Text)})
			}
		}
		v, err := o.Base.Validate(ctx, profiles.Source{Name: r.Name, Data: []byte(r.Text)}, others...)
		if err != nil {
			return nil, err
		}
		return json.Marshal(v)
	}
	return nil, &query.Error{Err: fmt.Errorf("request: no op %q (want describe, query, variant, engage, roll or validate)", r.Op)}
}

// Catalog is the describe op's result for the built-in profiles alone:
// the page ships it (catalog.json.gz), so that its worker answers describe
// while the engine is still starting.
func (o *Ops) Catalog() ([]byte, error) { return o.Base.catalogJSON(o.Version) }

func (e *Engine) catalogJSON(version string) ([]byte, error) {
	c, err := e.Describe(version)
	if err != nil {
		return nil, err
	}
	return json.Marshal(c)
}

// PageVersion is the version the page's engine reports: the Go that
// built it (the engine carries no VCS stamp, so that its bytes are
// reproducible).
func PageVersion(goVersion string) string { return "odds (page engine, " + goVersion + ")" }

// parseQuery reads the JSON API's query string (ParseQuery).
func parseQuery(q string) (url.Values, error) { return ParseQuery(strings.TrimPrefix(q, "?")) }

// ParseQuery reads a question's query string as URL values, a bare name
// (&leader) as true, as a bare boolean flag on the command line: the API,
// the page's links and their engine read a query string this way. A part
// that does not decode is bad input naming that part.
func ParseQuery(raw string) (url.Values, error) {
	vals := url.Values{}
	for part := range strings.SplitSeq(raw, "&") {
		if part == "" {
			continue
		}
		key, v, err := queryPart(part)
		if err != nil {
			return nil, &query.Error{Flag: key, Err: fmt.Errorf("query: %q does not decode: %v", part, err)}
		}
		vals[key] = append(vals[key], v)
	}
	return vals, nil
}

// queryPart is a query string's part name=value decoded, a bare name
// true (ParseQuery); err: it does not decode.
func queryPart(part string) (key, value string, err error) {
	k, v, eq := strings.Cut(part, "=")
	if key, err = url.QueryUnescape(k); err == nil {
		v, err = url.QueryUnescape(v)
	}
	if !eq {
		v = "true"
	}
	return key, v, err
}

// question is a request's engine (its profile files added) and its
// query string read (parseQuery): what the query, variant and engage ops
// start from.
func (o *Ops) question(ctx context.Context, r *Request) (*Engine, url.Values, error) {
	vals, err := parseQuery(r.Query)
	if err != nil {
		return nil, nil, err
	}
	e, err := o.engine(ctx, r.Profiles)
	return e, vals, err
}

// queryQuestion is the query op's engine and question: a question the
// engine keeps is found from the query string (QueryQuestion); refusals
// come in question's order, the query string's before the profiles'
// (a query string rawKey reads is one ParseQuery accepts).
func (o *Ops) queryQuestion(ctx context.Context, r *Request) (*Engine, *Question, error) {
	raw := strings.TrimPrefix(r.Query, "?")
	var buf [256]byte
	key, ok := rawKey(buf[:0], raw, r.System, r.Action)
	if !ok {
		e, vals, err := o.question(ctx, r)
		if err != nil {
			return nil, nil, err
		}
		x, err := e.Question(vals, r.System, r.Action)
		return e, x, err
	}
	e, err := o.engine(ctx, r.Profiles)
	if err != nil {
		return nil, nil, err
	}
	x, err := e.queryQuestion(key, ok, raw, r.System, r.Action)
	return e, x, err
}

// engine is the base engine with the page's profile files added.
func (o *Ops) engine(ctx context.Context, files []PageFile) (*Engine, error) {
	if len(files) == 0 {
		return o.Base, nil
	}
	var key strings.Builder
	srcs := make([]profiles.Source, len(files))
	for i, f := range files {
		fmt.Fprintf(&key, "%d:%s%d:%s", len(f.Name), f.Name, len(f.Text), f.Text)
		srcs[i] = profiles.Source{Name: f.Name, Data: []byte(f.Text)}
	}
	if o.withPF != nil && o.key == key.String() {
		return o.withPF, nil
	}
	e, err := o.Base.WithProfiles(ctx, srcs...)
	if err != nil {
		return nil, err
	}
	o.key, o.withPF = key.String(), e
	return e, nil
}
