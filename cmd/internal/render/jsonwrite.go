package render

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math"
	"slices"
	"strconv"

	"odds/sim"
)

// jsonw writes a result as encoding/json's Encoder, with SetEscapeHTML
// false and an indent of two spaces a level, writes newJSONResult of it,
// byte for byte, without reflection or the intermediate structs (a
// 99,372-point sweep took 2.4 s of CPU through them, and allocated
// every outcome's structs anew). The test in jsonwrite_test.go holds it
// to encoding/json's output.
type jsonw struct {
	b       []byte
	memo    map[uint64][]byte // float12's output by its input's bits, if set: a sweep's figures repeat
	depth   int               // the nesting of the next line: two spaces a level
	empty   bool              // the innermost open object or array has no element yet
	compact bool              // no newlines or indentation: json.Compact's bytes (Style.Compact)
	err     error
}

func (w *jsonw) newline() {
	if w.compact {
		return
	}
	w.b = append(w.b, '\n')
	for range w.depth {
		w.b = append(w.b, ' ', ' ')
	}
}

// open starts an object ('{') or array ('[').
func (w *jsonw) open(c byte) {
	w.b = append(w.b, c)
	w.depth++
	w.empty = true
}

// close ends it: an empty one closes on its own line ({} and []), as
// json.Indent leaves them.
func (w *jsonw) close(c byte) {
	w.depth--
	if !w.empty {
		w.newline()
	}
	w.b = append(w.b, c)
	w.empty = false
}

// next starts an element of the open array.
func (w *jsonw) next() {
	if !w.empty {
		w.b = append(w.b, ',')
	}
	w.newline()
	w.empty = false
}

// key starts a member of the open object.
func (w *jsonw) key(k string) {
	w.next()
	w.b = appendJSONString(w.b, k)
	if w.compact {
		w.b = append(w.b, ':')
		return
	}
	w.b = append(w.b, ':', ' ')
}

// lit starts a member of the open object whose key is a name of the
// document's own (system, outcomes, ci95): letters, digits and _, which
// need no escaping.
func (w *jsonw) lit(k string) {
	w.next()
	w.b = append(w.b, '"')
	w.b = append(w.b, k...)
	if w.compact {
		w.b = append(w.b, '"', ':')
		return
	}
	w.b = append(w.b, '"', ':', ' ')
}

func (w *jsonw) str(s string) { w.b = appendJSONString(w.b, s) }

// float writes f as encoding/json does: the shortest decimal that reads
// back as f, in 'e' form below 1e-6 and from 1e21 up (with e-7, not e-07),
// and no NaN or infinity (an error, as json.Marshal's).
func (w *jsonw) float(f float64) {
	if math.IsInf(f, 0) || math.IsNaN(f) {
		if w.err == nil {
			w.err = fmt.Errorf("json: unsupported value: %s", strconv.FormatFloat(f, 'g', -1, 64))
		}
		w.b = append(w.b, '0')
		return
	}
	format := byte('f')
	if abs := math.Abs(f); abs != 0 && (abs < 1e-6 || abs >= 1e21) {
		format = 'e'
	}
	w.b = strconv.AppendFloat(w.b, f, format, -1, 64)
	if n := len(w.b); format == 'e' && n >= 4 && w.b[n-4] == 'e' && w.b[n-3] == '-' && w.b[n-2] == '0' {
		w.b[n-2] = w.b[n-1]
		w.b = w.b[:n-1]
	}
}

// float12 writes round12(x) as float does, from memo where it is set
// and holds x.
func (w *jsonw) float12(x float64) {
	if w.memo == nil {
		w.float(round12(x))
		return
	}
	bits := math.Float64bits(x)
	if s, ok := w.memo[bits]; ok {
		w.b = append(w.b, s...)
		return
	}
	n := len(w.b)
	w.float(round12(x))
	if w.err == nil && len(w.memo) < 1<<14 {
		w.memo[bits] = slices.Clone(w.b[n:])
	}
}

// value writes a parameter's value: ints, bools and strings directly,
// anything else as marshal has it, indented to where it stands.
func (w *jsonw) value(v any) {
	if b, ok := appendJSONScalar(w.b, v); ok {
		w.b = b
		return
	}
	out, err := marshal(v)
	if err != nil {
		if w.err == nil {
			w.err = err
		}
		return
	}
	if w.compact {
		w.b = append(w.b, out...)
		return
	}
	var b bytes.Buffer
	if err := json.Indent(&b, out, string(bytes.Repeat([]byte("  "), w.depth)), "  "); err != nil && w.err == nil {
		w.err = err
	}
	w.b = append(w.b, b.Bytes()...)
}

// result writes newJSONResult(r) at the writer's depth.
func (w *jsonw) result(r *result) {
	w.open('{')
	w.lit("system")
	w.str(r.System)
	w.lit("action")
	w.str(r.Action)
	if r.Matchup != "" {
		w.lit("matchup")
		w.str(r.Matchup)
	}
	if len(r.Cards) > 0 {
		w.lit("cards")
		w.open('{')
		for _, c := range r.Cards {
			w.key(c.Name)
			w.value(c.Value)
		}
		w.close('}')
	}
	w.lit("params")
	w.open('{')
	sourced := false
	for p := range r.EachParam() {
		w.key(p.Name)
		w.value(p.Value)
		sourced = sourced || p.Source != ""
	}
	w.close('}')
	if sourced {
		w.lit("sources")
		w.open('{')
		for p := range r.EachParam() {
			if p.Source != "" {
				w.key(p.Name)
				w.str(p.Source)
			}
		}
		w.close('}')
	}
	trials, paths, states := counted(r)
	w.lit("trials")
	w.b = strconv.AppendInt(w.b, trials, 10)
	if paths != 0 {
		w.lit("paths")
		w.b = strconv.AppendInt(w.b, paths, 10)
	}
	if states != 0 {
		w.lit("states")
		w.b = strconv.AppendInt(w.b, int64(states), 10)
	}
	w.lit("seed")
	w.b = strconv.AppendUint(w.b, r.Seed, 10)
	w.lit("exact")
	w.b = strconv.AppendBool(w.b, r.Exact)
	w.lit("how")
	w.str(r.How)
	if r.Leftover != 0 {
		w.lit("unexplored")
		w.float(r.Leftover)
	}
	if r.Note != "" {
		w.lit("note")
		w.str(r.Note)
	}
	w.lit("outcomes")
	if len(r.Summary.Outcomes) == 0 { // newJSONResult appends to a nil slice: null
		w.b = append(w.b, "null"...)
	} else {
		w.open('[')
		for _, o := range r.Summary.Outcomes {
			w.next()
			w.outcome(o.Name, o.Interval)
			if r.Summary.Numeric {
				w.lit("at_least")
				w.p(0, o.AtLeast)
				w.lit("at_most")
				w.p(0, o.AtMost)
			}
			if note := r.Notes[o.Name]; note != "" {
				w.lit("note")
				w.str(note)
			}
			w.close('}')
		}
		w.close(']')
	}
	w.lit("stats")
	w.open('{')
	for _, s := range r.Summary.Stats {
		w.key(s.Name)
		w.open('{')
		w.lit("mean")
		w.float12(s.Mean)
		w.lit("sd")
		w.float12(s.SD)
		w.lit("median")
		w.float(s.Median)
		w.lit("p5")
		w.float(s.P5)
		w.lit("p95")
		w.float(s.P95)
		if len(s.AtLeast) > 0 {
			w.lit("at_least")
			w.ps(s.AtLeast)
		}
		w.close('}')
	}
	w.close('}')
	w.lit("elapsed_ms")
	w.float(float64(r.Elapsed.Microseconds()) / 1000)
	if r.SharedDice {
		w.lit("shared_dice")
		w.b = append(w.b, "true"...)
	}
	if r.Chain != nil {
		w.lit("chain")
		w.chain(r)
	}
	w.close('}')
}

// outcome opens an outcome's object and writes its name, p and ci95: the
// caller writes the rest and closes it.
func (w *jsonw) outcome(name string, iv sim.Interval) {
	w.open('{')
	w.lit("name")
	w.str(name)
	w.interval(iv)
}

// interval writes iv's members p and ci95 ([lo, hi]), to 12 digits. An
// exact answer's bounds are its p: p's bytes are written again rather
// than rounded and formatted anew (round12 is most of a result's time).
func (w *jsonw) interval(iv sim.Interval) {
	w.lit("p")
	at := len(w.b)
	w.float12(iv.P)
	p := w.b[at:len(w.b):len(w.b)]
	w.lit("ci95")
	w.open('[')
	w.next()
	w.bound(iv.Lo, iv.P, p)
	w.next()
	w.bound(iv.Hi, iv.P, p)
	w.close(']')
}

// bound writes x to 12 digits: p's bytes if x is p (bit for bit: -0 is
// not 0).
func (w *jsonw) bound(x, p float64, written []byte) {
	if math.Float64bits(x) == math.Float64bits(p) {
		w.b = append(w.b, written...)
		return
	}
	w.float12(x)
}

// p writes newJSONP(k, iv).
func (w *jsonw) p(k int, iv sim.Interval) {
	w.open('{')
	if k != 0 {
		w.lit("k")
		w.b = strconv.AppendInt(w.b, int64(k), 10)
	}
	w.interval(iv)
	w.close('}')
}

// ps writes ivs as an array of newJSONP(k, iv), k counting from 1.
func (w *jsonw) ps(ivs []sim.Interval) {
	w.open('[')
	for k, iv := range ivs {
		w.next()
		w.p(k+1, iv)
	}
	w.close(']')
}

// chain writes newJSONChain(r).
func (w *jsonw) chain(r *result) {
	c := r.Chain
	w.open('{')
	w.lit("until")
	w.str(c.Until)
	w.lit("attacks")
	w.b = strconv.AppendInt(w.b, int64(c.Attacks), 10)
	w.lit("by_attack")
	if len(c.ByAttack) == 0 {
		w.b = append(w.b, "null"...)
	} else {
		w.ps(c.ByAttack)
	}
	w.lit("not_reached")
	w.p(0, c.NotReached)
	w.lit("mean_attacks_if_reached")
	if math.IsNaN(c.MeanIfReached) {
		w.b = append(w.b, "null"...)
	} else {
		w.float(round12(c.MeanIfReached))
	}
	w.lit("states")
	if len(c.States) == 0 {
		w.b = append(w.b, "null"...)
	} else {
		w.open('[')
		for _, s := range c.States {
			w.next()
			w.outcome(s.Name, s.Interval)
			w.close('}')
		}
		w.close(']')
	}
	w.close('}')
}
