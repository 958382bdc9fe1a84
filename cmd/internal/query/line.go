package query

import (
	"bytes"
	"encoding/json"
	"fmt"
	"maps"
	"slices"
	"strconv"
	"strings"
)

// Line is a question as a line of odds batch gives it (docs/batch.md documents
// it): the system and action, parameter values and card names by name,
// and the run's settings. A value may be a number, a boolean or the
// text a flag takes ("1..6", "both", "a,b"): each is read as that text
// (Value) when the line is decoded.
//
//	{"system": "opposed", "action": "fire", "params": {"hesa": "1..3", "def": 1},
//	 "cards": {"attacker": "medium-tank"}, "method": "exact", "seed": 7}
type Line struct {
	System    string            `json:"system"`
	Action    string            `json:"action"`
	Params    map[string]Value  `json:"params,omitempty"`
	Cards     map[string]string `json:"cards,omitempty"`
	Method    string            `json:"method,omitempty"`
	Trials    Value             `json:"trials,omitempty"`
	Seed      Value             `json:"seed,omitempty"`
	Precision Value             `json:"precision,omitempty"`
	Vs        string            `json:"vs,omitempty"`
	Metric    string            `json:"metric,omitempty"`
	// Find and Vary are --find and --vary; Sensitivity is --sensitivity's
	// metric ("first": the action's headline outcome).
	Find        string `json:"find,omitempty"`
	Vary        string `json:"vary,omitempty"`
	Sensitivity string `json:"sensitivity,omitempty"`
	Until       string `json:"until,omitempty"`   // repeated attacks, as --until
	Attacks     Value  `json:"attacks,omitempty"` // with until, as --attacks
	// Then are a sequence's steps after the action, as --then (in order).
	Then []string `json:"then,omitempty"`
	// Expr is a roll's dice expression: System "roll", no Action.
	Expr string `json:"expr,omitempty"`
	// Matchup names a matchup of the profiles in force, as odds run
	// --matchup NAME: no System, Action, Params or Cards (its own), the
	// run settings odds run takes.
	Matchup string `json:"matchup,omitempty"`
	// Engage is odds engage's two attacks, A's on B then B's on A
	// ('SYSTEM ACTION FLAGS' each): no System, Action, Params or Cards.
	// A and B are then the sides' cards (--a, --b), and First,
	// Simultaneous, Rounds, Ends and Readings (names of readings chosen)
	// its settings.
	Engage       []string `json:"engage,omitempty"`
	A            string   `json:"a,omitempty"`
	B            string   `json:"b,omitempty"`
	First        string   `json:"first,omitempty"`
	Simultaneous Value    `json:"simultaneous,omitempty"`
	Rounds       Value    `json:"rounds,omitempty"`
	Ends         string   `json:"ends,omitempty"`
	Readings     []string `json:"readings,omitempty"`
	// ID is the asker's name for the question (a string or a number),
	// echoed with its answer so that a script can match the two; it
	// changes nothing in the answer.
	ID json.RawMessage `json:"id,omitempty"`
}

// ParseLine reads one line of odds batch: a Line, or the command's own
// words as a JSON array (["opposed", "fire", "--hesa", "3", "--def", "1"]).
// Decoding is strict: an unknown field is an error.
func ParseLine(line []byte) (*Line, error) {
	line = bytes.TrimSpace(line)
	dec := json.NewDecoder(bytes.NewReader(line))
	dec.UseNumber()
	dec.DisallowUnknownFields()
	if len(line) > 0 && line[0] != '[' && line[0] != '{' && !json.Valid(line) {
		return nil, notJSON(line)
	}
	if len(line) > 0 && line[0] == '[' {
		var words []string
		if err := dec.Decode(&words); err != nil {
			return nil, &Error{Err: fmt.Errorf("want a query object or an array of words: %v", err)}
		}
		return LineOfWords(words)
	}
	d := &Line{}
	if err := dec.Decode(d); err != nil {
		if name, ok := unknownField(err); ok {
			return nil, &Error{Hint: paramsHint(line, name), Err: fmt.Errorf("unknown field %q", name)}
		}
		if ve, ok := err.(*valueError); ok {
			if name := valueField(line, ve.raw); name != "" {
				return nil, &Error{Flag: name, Err: fmt.Errorf("--%s: %v", name, ve)}
			}
		}
		return nil, &Error{Err: fmt.Errorf("want a query object or an array of words: %v", err)}
	}
	if dec.More() {
		return nil, &Error{Err: fmt.Errorf("want one JSON value on the line")}
	}
	if len(d.ID) > 0 && LineID(line) == nil {
		return nil, &Error{Err: fmt.Errorf("id: want a string or a number, got %s", d.ID)}
	}
	return d, nil
}

// LineID is the id of a line that is a JSON object with an "id" that is
// a string or a number, compacted, else nil: a refused line's answer
// carries it too.
func LineID(line []byte) json.RawMessage {
	var probe struct {
		ID json.RawMessage `json:"id"`
	}
	if json.Unmarshal(line, &probe) != nil || len(probe.ID) == 0 {
		return nil
	}
	if c := probe.ID[0]; c != '"' && c != '-' && (c < '0' || c > '9') {
		return nil
	}
	var b bytes.Buffer
	if json.Compact(&b, probe.ID) != nil {
		return nil
	}
	return b.Bytes()
}

// notJSON refuses a line that is not JSON, showing a line of command
// words (opposed fire --hesa 3) as the JSON array it means.
func notJSON(line []byte) error {
	words := strings.Fields(string(line))
	if len(words) > 1 && words[0] == "odds" { // the whole command line
		words = words[1:]
	}
	shown := words[:min(len(words), 2)]
	array, _ := json.Marshal(shown)
	if len(words) > len(shown) {
		array = append(array[:len(array)-1], ",…]"...)
	}
	return &Error{Err: fmt.Errorf("not JSON; write the words as a JSON array: %s", array)}
}

// unknownField is the name encoding/json's strict decoding found no
// field for, if err is that error (it has no type of its own).
func unknownField(err error) (string, bool) {
	rest, ok := strings.CutPrefix(err.Error(), "json: unknown field ")
	if !ok {
		return "", false
	}
	name, uerr := strconv.Unquote(rest)
	return name, uerr == nil
}

// paramsHint says where an unknown field of a query object belongs: an
// action's values go under params, {"params": {"hesa": 3}}.
func paramsHint(line []byte, name string) string {
	var fields map[string]json.RawMessage
	value := json.RawMessage("…")
	if json.Unmarshal(line, &fields) == nil {
		if v, ok := fields[name]; ok {
			var b bytes.Buffer
			if json.Compact(&b, v) == nil && b.Len() <= 40 {
				value = b.Bytes()
			}
		}
	}
	key, _ := json.Marshal(name)
	return fmt.Sprintf(`an action's values go under "params": {"params": {%s: %s}}`, key, value)
}

// LineOfWords is the Line of a command's words: SYSTEM ACTION then flags,
// --name value or --name=value; a flag without a value (--smoke) is
// true, so a boolean's false is --smoke=false, as on the command line.
// Flags of the action and the run settings of a Line only: no --out,
// --format or --profiles.
//
// ["roll", EXPR, flags...] is a roll: System "roll" and Expr, with the
// run settings only (method, trials, seed, precision). ["run",
// "--matchup", NAME, flags...] is odds run's: Matchup, and its flags
// (those it does not take are refused when the question is read).
func LineOfWords(words []string) (*Line, error) {
	if len(words) >= 2 && words[0] == "roll" {
		return rollLineOfWords(words)
	}
	if len(words) >= 1 && words[0] == "run" {
		return runLineOfWords(words)
	}
	if len(words) >= 1 && words[0] == "engage" {
		return engageLineOfWords(words)
	}
	if len(words) < 2 || strings.HasPrefix(words[0], "-") || strings.HasPrefix(words[1], "-") {
		return nil, &Error{Hint: `for example ["opposed", "fire", "--hesa", "3", "--def", "1"]`, Err: fmt.Errorf("want SYSTEM ACTION and flags, got %q", words)}
	}
	d := &Line{System: words[0], Action: words[1], Params: map[string]Value{}}
	for i := 2; i < len(words); i++ {
		w := words[i]
		name, value, hasValue := strings.Cut(strings.TrimPrefix(w, "--"), "=")
		if !strings.HasPrefix(w, "--") || name == "" {
			return nil, &Error{Hint: "boolean flags take their value after '=': --smoke=both", Err: fmt.Errorf("unexpected argument %q", w)}
		}
		if !hasValue {
			// --vs always takes the next word (its flags: --vs --smoke).
			if i+1 < len(words) && (name == "vs" || !strings.HasPrefix(words[i+1], "--")) {
				i++
				value = words[i]
			} else {
				value = "true"
			}
		}
		if name == "sensitivity" && value == "true" && !hasValue { // bare --sensitivity: the first outcome
			value = "first"
		}
		if !d.SetRun(name, value) {
			d.Params[name] = Value(value)
		}
	}
	return d, nil
}

// SetRun sets the doc's run setting name (method, trials, seed,
// precision, vs, metric, find, vary, sensitivity, until or attacks) to
// value, a flag's text; false if name is none of them.
func (d *Line) SetRun(name, value string) bool {
	switch name {
	case "method":
		d.Method = value
	case "trials":
		d.Trials = Value(value)
	case "seed":
		d.Seed = Value(value)
	case "precision":
		d.Precision = Value(value)
	case "vs":
		d.Vs = value
	case "metric":
		d.Metric = value
	case "find":
		d.Find = value
	case "vary":
		d.Vary = value
	case "sensitivity":
		d.Sensitivity = value
	case "until":
		d.Until = value
	case "attacks":
		d.Attacks = Value(value)
	case "then":
		d.Then = append(d.Then, value)
	default:
		return false
	}
	return true
}

// Values are the doc's values by name, as flags take them: parameters,
// cards and run settings (a card role's name in Params is a card).
func (d *Line) Values() map[string]string {
	out := map[string]string{}
	for k, v := range d.Params {
		out[k] = string(v)
	}
	for k, v := range d.Cards {
		out[k] = v
	}
	if len(d.Engage) == 2 {
		out["a-attack"], out["b-attack"] = d.Engage[0], d.Engage[1]
	}
	for _, r := range d.Readings {
		out[r] = "true"
	}
	for k, v := range map[string]string{"a": d.A, "b": d.B, "first": d.First, "simultaneous": string(d.Simultaneous), "rounds": string(d.Rounds), "ends": d.Ends,
		"matchup": d.Matchup, "method": d.Method, "trials": string(d.Trials), "seed": string(d.Seed), "precision": string(d.Precision), "vs": d.Vs, "metric": d.Metric,
		"find": d.Find, "vary": d.Vary, "sensitivity": d.Sensitivity, "until": d.Until, "attacks": string(d.Attacks)} {
		if v != "" {
			out[k] = v
		}
	}
	return out
}

// Value is a value of a Line as a flag's text: the line gives a string
// (the text itself: "1..6", "both", "a,b"), a number (its digits as
// written), a boolean, or a list of them (0,2,4); anything else is
// refused when the line is decoded.
type Value string

func (v *Value) UnmarshalJSON(b []byte) error {
	dec := json.NewDecoder(bytes.NewReader(b))
	dec.UseNumber()
	var x any
	if err := dec.Decode(&x); err != nil {
		return err
	}
	t, ok := valueText(x, true)
	if !ok {
		return &valueError{raw: b}
	}
	*v = Value(t)
	return nil
}

// valueText is x as a flag's text; a list may hold no list.
func valueText(x any, list bool) (string, bool) {
	switch x := x.(type) {
	case nil:
		return "", true
	case string:
		return x, true
	case json.Number:
		return x.String(), true
	case bool:
		return strconv.FormatBool(x), true
	case []any:
		if !list {
			return "", false
		}
		parts := make([]string, len(x))
		for i, e := range x {
			t, ok := valueText(e, false)
			if !ok {
				return "", false
			}
			parts[i] = t
		}
		return strings.Join(parts, ","), true
	}
	return "", false
}

// rollLineOfWords is the Line of ["roll", EXPR, flags...]: the flags are
// the run settings a roll takes.
func rollLineOfWords(words []string) (*Line, error) {
	d, err := LineOfWords(append([]string{"_", "_"}, words[2:]...))
	if err != nil {
		return nil, err
	}
	for _, name := range slices.Sorted(maps.Keys(d.Params)) {
		return nil, &Error{Flag: name, Hint: "a roll takes --method, --trials, --seed and --precision",
			Err: fmt.Errorf("--%s: roll takes no such flag", name)}
	}
	if d.Vs != "" || d.Metric != "" || d.Find != "" || d.Vary != "" || d.Sensitivity != "" {
		return nil, &Error{Hint: "a roll takes --method, --trials, --seed and --precision", Err: fmt.Errorf("roll takes no --vs, --metric, --find, --vary or --sensitivity")}
	}
	d.System, d.Action, d.Params, d.Expr = "roll", "", nil, words[1]
	return d, nil
}

// runLineOfWords is the Line of ["run", "--matchup", NAME, flags...]: a
// line names no FILE (the profiles are those the batch started with).
func runLineOfWords(words []string) (*Line, error) {
	if len(words) > 1 && !strings.HasPrefix(words[1], "-") {
		return nil, &Error{Hint: `the matchups are the built-ins and those of the files odds batch started with (--profiles): ["run", "--matchup", NAME]`,
			Err: fmt.Errorf("run: a line names no FILE, got %q", words[1])}
	}
	d, err := LineOfWords(append([]string{"_", "_"}, words[1:]...))
	if err != nil {
		return nil, err
	}
	name := string(d.Params["matchup"])
	delete(d.Params, "matchup")
	if name == "" {
		return nil, &Error{Flag: "matchup", Hint: MatchupHint, Err: fmt.Errorf("--matchup: want a matchup's NAME")}
	}
	d.System, d.Action, d.Matchup = "", "", name
	return d, nil
}

// engageLineOfWords is the Line of ["engage", A ATTACK, B ATTACK,
// flags...]: odds engage's arguments and flags (a flag it does not take
// is a reading, refused when the question is read if no system has it).
func engageLineOfWords(words []string) (*Line, error) {
	if len(words) < 3 || strings.HasPrefix(words[1], "-") || strings.HasPrefix(words[2], "-") {
		return nil, &Error{Hint: `for example ["engage", "opposed fire --hesa 3 --def 1", "opposed fire --hesa 2 --def 2"]`,
			Err: fmt.Errorf("engage: want two attacks, A's on B and B's on A, then flags")}
	}
	d, err := LineOfWords(append([]string{"_", "_"}, words[3:]...))
	if err != nil {
		return nil, err
	}
	for _, name := range slices.Sorted(maps.Keys(d.Params)) {
		v := string(d.Params[name])
		switch name {
		case "a":
			d.A = v
		case "b":
			d.B = v
		case "first":
			d.First = v
		case "simultaneous":
			d.Simultaneous = Value(v)
		case "rounds":
			d.Rounds = Value(v)
		case "ends":
			d.Ends = v
		default:
			if v != "true" {
				return nil, &Error{Flag: name, Err: fmt.Errorf("--%s: engage takes no such flag", name)}
			}
			d.Readings = append(d.Readings, name)
		}
	}
	d.System, d.Action, d.Params, d.Engage = "", "", nil, words[1:3]
	return d, nil
}
