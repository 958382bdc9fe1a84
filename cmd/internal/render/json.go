package render

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"io"
	"strconv"
	"strings"
	"sync"

	"odds/sim"
)

// jsonParams keeps the parameters in the action's order.
type jsonParams []param

func (ps jsonParams) MarshalJSON() ([]byte, error) {
	var b bytes.Buffer
	b.WriteByte('{')
	for i, p := range ps {
		if i > 0 {
			b.WriteByte(',')
		}
		if err := writeJSONValue(&b, p.Name); err != nil {
			return nil, err
		}
		b.WriteByte(':')
		if err := writeJSONValue(&b, p.Value); err != nil {
			return nil, err
		}
	}
	b.WriteByte('}')
	return b.Bytes(), nil
}

// writeJSONValue writes v as marshal does: strings, ints and bools
// directly (the server's hot path: a result has a dozen parameters),
// anything else through marshal.
func writeJSONValue(b *bytes.Buffer, v any) error {
	if out, ok := appendJSONScalar(b.AvailableBuffer(), v); ok {
		b.Write(out)
		return nil
	}
	out, err := marshal(v)
	if err != nil {
		return err
	}
	b.Write(out)
	return nil
}

// appendJSONScalar appends v's encoding when v is a string, an int or a
// bool (what parameters mostly hold), and reports whether it was one.
func appendJSONScalar(dst []byte, v any) ([]byte, bool) {
	switch x := v.(type) {
	case string:
		return appendJSONString(dst, x), true
	case int:
		return strconv.AppendInt(dst, int64(x), 10), true
	case bool:
		return strconv.AppendBool(dst, x), true
	}
	return dst, false
}

// encodeJSON writes v as one indented document, or compact (on one line,
// no newline after it: Style.Compact), without HTML escaping (expressions
// hold > and <): the whole-document answers (find, compare, sensitivity)
// share it.
func encodeJSON(w io.Writer, v any, compact bool) error {
	if compact {
		out, err := marshal(v)
		if err != nil {
			return err
		}
		_, err = w.Write(out)
		return err
	}
	enc := json.NewEncoder(w)
	enc.SetEscapeHTML(false)
	enc.SetIndent("", "  ")
	return enc.Encode(v)
}

// marshal is json.Marshal without HTML escaping: expressions hold > and <.
func marshal(v any) ([]byte, error) {
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		return nil, err
	}
	return bytes.TrimRight(b.Bytes(), "\n"), nil
}

type jsonOutcome struct {
	Name    string     `json:"name"`
	P       float64    `json:"p"`
	CI95    [2]float64 `json:"ci95"`
	AtLeast *jsonP     `json:"at_least,omitempty"` // numeric outcomes: P(X >= name)
	AtMost  *jsonP     `json:"at_most,omitempty"`  // and P(X <= name)
	Note    string     `json:"note,omitempty"`     // what the outcome means, where its name cannot say
}

// jsonP is a probability with its interval.
type jsonP struct {
	K    int        `json:"k,omitempty"`
	P    float64    `json:"p"`
	CI95 [2]float64 `json:"ci95"`
}

func newJSONP(k int, iv sim.Interval) jsonP {
	return jsonP{K: k, P: round12(iv.P), CI95: [2]float64{round12(iv.Lo), round12(iv.Hi)}}
}

// outcomeJSON is a named probability (an outcome, a state) with its
// interval, as documents write it.
func outcomeJSON(name string, iv sim.Interval) jsonOutcome {
	return jsonOutcome{Name: name, P: round12(iv.P), CI95: [2]float64{round12(iv.Lo), round12(iv.Hi)}}
}

type jsonStat struct {
	Mean    float64 `json:"mean"`
	SD      float64 `json:"sd"`
	Median  float64 `json:"median"`
	P5      float64 `json:"p5"`
	P95     float64 `json:"p95"`
	AtLeast []jsonP `json:"at_least,omitempty"` // counts: P(X >= k), k = 1..
}

type jsonStats []sim.Stat

func (ss jsonStats) MarshalJSON() ([]byte, error) {
	ps := make(jsonParams, len(ss))
	for i, s := range ss {
		js := jsonStat{Mean: round12(s.Mean), SD: round12(s.SD), Median: s.Median, P5: s.P5, P95: s.P95}
		for k, iv := range s.AtLeast {
			js.AtLeast = append(js.AtLeast, newJSONP(k+1, iv))
		}
		ps[i] = param{Name: s.Name, Value: js}
	}
	return ps.MarshalJSON()
}

type jsonResult struct {
	System  string     `json:"system"`
	Action  string     `json:"action"`
	Matchup string     `json:"matchup,omitempty"`
	Cards   jsonParams `json:"cards,omitempty"`
	Params  jsonParams `json:"params"`
	Sources jsonParams `json:"sources,omitempty"`
	// Trials are Monte Carlo trials: 0 for an exact answer, which says
	// what it counted in Paths (dice paths enumerated) or States (the
	// target states of a repeated attack's Markov chain).
	Trials    int64         `json:"trials"`
	Paths     int64         `json:"paths,omitempty"`
	States    int           `json:"states,omitempty"`
	Seed      uint64        `json:"seed"`
	Exact     bool          `json:"exact"`
	How       string        `json:"how"`
	Leftover  float64       `json:"unexplored,omitempty"`
	Note      string        `json:"note,omitempty"` // what holds whatever the outcome
	Outcomes  []jsonOutcome `json:"outcomes"`
	Stats     jsonStats     `json:"stats"`
	ElapsedMS float64       `json:"elapsed_ms"`
	// SharedDice: the trials are an earlier result's, whose dice are the
	// same (a sweep over a duel's modifiers rolls its dice once).
	SharedDice bool `json:"shared_dice,omitempty"`
	// Chain: repeated attacks (--until), what they reach by attack k.
	Chain *jsonChain `json:"chain,omitempty"`
}

// counted is what a result counted: Monte Carlo trials, or for an exact
// answer none, and the dice paths it enumerated or the target states of
// its repeated attacks' Markov chain (0 when it counted neither, as a
// convolution).
func counted(r *result) (trials, paths int64, states int) {
	switch {
	case !r.Exact:
		return r.Trials, 0, 0
	case r.Chain != nil:
		return 0, 0, len(r.Chain.States)
	case r.How == "enumeration":
		return 0, r.Trials, 0
	}
	return 0, 0, 0
}

// newJSONResult is one result as the JSON document gives it.
func newJSONResult(r *result) jsonResult {
	var sources jsonParams
	params := r.Params()
	for _, p := range params {
		if p.Source != "" {
			sources = append(sources, param{Name: p.Name, Value: p.Source})
		}
	}
	jr := jsonResult{
		System: r.System, Action: r.Action, Matchup: r.Matchup, Cards: jsonParams(r.Cards),
		Params: jsonParams(params), Sources: sources,
		Trials: r.Trials, Seed: r.Seed, Exact: r.Exact, How: r.How, Leftover: r.Leftover, Note: r.Note,
		Stats:      jsonStats(r.Summary.Stats),
		ElapsedMS:  float64(r.Elapsed.Microseconds()) / 1000,
		SharedDice: r.SharedDice,
		Chain:      newJSONChain(r),
	}
	jr.Trials, jr.Paths, jr.States = counted(r)
	for _, o := range r.Summary.Outcomes {
		jo := outcomeJSON(o.Name, o.Interval)
		jo.Note = r.Notes[o.Name]
		if r.Summary.Numeric {
			ge, le := newJSONP(0, o.AtLeast), newJSONP(0, o.AtMost)
			jo.AtLeast, jo.AtMost = &ge, &le
		}
		jr.Outcomes = append(jr.Outcomes, jo)
	}
	return jr
}

// jsonScratch is what renderJSON writes through: the output's buffer and
// a result's bytes. They are kept between documents (jsonScratches), so a
// server's answers do not allocate them afresh: the 64 KB buffer was
// three quarters of an exact answer's allocation. A result's bytes grown
// past maxKeptResult (a roll of many rows) are left to the collector.
type jsonScratch struct {
	bw     *bufio.Writer
	result []byte
}

const maxKeptResult = 64 << 10

var jsonScratches = sync.Pool{New: func() any { return &jsonScratch{bw: bufio.NewWriterSize(nil, 64<<10)} }}

// renderJSON writes the document {"matrix": …, "results": […]} as one
// indented encoding of it would (or compact: Style.Compact), a result at
// a time, each written by hand (jsonw): a sweep's document is never held
// whole (a 99,372-point sweep's is 169 MB).
func renderJSON(ctx context.Context, w io.Writer, reports []*result, metricFlag string, compact bool) error {
	kind := "once"
	if chained(reports) {
		kind = "until"
	}
	var matrix any
	if m, ok := matrixOf(reports); metricFlag != "" && ok {
		matrix = newJSONMatrix(m, parseMetric(metricFlag))
	}
	return writeResultsJSON(ctx, w, kind, matrix, reports, compact)
}

// writeResultsJSON writes the document of kind, its matrix (nil: none)
// and reports; compact: on one line (Style.Compact). A sweep's figures
// are remembered as they are written (jsonw.float12: its repeats).
func writeResultsJSON(ctx context.Context, w io.Writer, kind string, matrix any, reports []*result, compact bool) error {
	sc := jsonScratches.Get().(*jsonScratch)
	bw := sc.bw
	bw.Reset(w)
	jw := jsonw{b: sc.result[:0], depth: 2, compact: compact}
	if len(reports) >= 1024 {
		jw.memo = map[uint64][]byte{}
	}
	defer func() {
		bw.Reset(nil) // keep no writer of the caller's
		sc.result = nil
		if cap(jw.b) <= maxKeptResult {
			sc.result = jw.b[:0]
		}
		jsonScratches.Put(sc)
	}()
	// nl is a newline and the indentation of depth, or nothing compact;
	// colon a member's key's end.
	nl := func(depth int) string {
		if compact {
			return ""
		}
		return "\n" + strings.Repeat("  ", depth)
	}
	colon := ": "
	if compact {
		colon = ":"
	}
	bw.WriteString("{" + nl(1) + `"kind"` + colon + `"` + kind + `",` + nl(1))
	if matrix != nil {
		bw.WriteString(`"matrix"` + colon)
		if err := jsonElement(bw, matrix, 1, compact); err != nil {
			return err
		}
		bw.WriteString("," + nl(1))
	}
	bw.WriteString(`"results"` + colon + "[")
	for i, r := range reports {
		if err := ctx.Err(); err != nil {
			return err
		}
		if i > 0 {
			bw.WriteString(",")
		}
		bw.WriteString(nl(2))
		jw.b = jw.b[:0]
		jw.result(r)
		if jw.err != nil {
			return jw.err
		}
		if _, err := bw.Write(jw.b); err != nil {
			return err
		}
	}
	if len(reports) > 0 {
		bw.WriteString(nl(1))
	}
	bw.WriteString("]" + nl(0) + "}")
	if !compact {
		bw.WriteString("\n")
	}
	return bw.Flush()
}

// jsonElement writes v as the encoding of a whole document has it at
// depth (the matrix: 1): its lines after the first indented to that
// depth, no newline after it; or compact.
func jsonElement(w io.Writer, v any, depth int, compact bool) error {
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	if !compact {
		enc.SetIndent(strings.Repeat("  ", depth), "  ")
	}
	if err := enc.Encode(v); err != nil {
		return err
	}
	_, err := w.Write(bytes.TrimSuffix(buf.Bytes(), []byte("\n")))
	return err
}
