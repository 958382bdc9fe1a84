//go:build !(js && wasm)

package answer

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"sync"

	"odds/cmd/internal/dest"
	"odds/cmd/internal/query"
)

// odds batch: questions as JSON lines (a query object, or the command's
// words as a JSON array), one JSON document per line, in order, each
// with its line number (and the question's id). Lines run concurrently
// on workers goroutines, at most a few lines ahead of the one being
// written (bounded memory); each answer is written and flushed as soon as
// it and every line before it are answered, so that a script may use
// odds batch as a co-process.

// MaxBatchLine is the longest line Batch reads; a longer one is refused
// by its number, and not held in memory.
const MaxBatchLine = 1 << 20

// batchLine is one line of the input, and where its answer goes.
type batchLine struct {
	n    int
	text []byte
	out  chan batchAnswer
}

// batchAnswer is one line's answer: its document, or its error, and the
// line's id if it has one.
type batchAnswer struct {
	doc []byte
	id  json.RawMessage
	err error
}

// Batch answers the lines of in (odds batch) on workers goroutines and
// writes the answers, in order, to w, each flushed as soon as it and
// every line before it are answered. A bad line stops the batch with
// its line number (LineError), unless keepGoing: then its answer is
// {"line": N, "error": …} and failed counts it. It returns as soon as ctx
// ends, even while a line is being read: the reader is then left blocked
// on in, which the process's exit ends. A failure to write w is a
// *dest.Error.
func Batch(ctx context.Context, e *Engine, in io.Reader, w io.Writer, workers int, keepGoing bool) (failed, total int, err error) {
	ctx, cancel := context.WithCancel(ctx)
	jobs := make(chan batchLine)
	order := make(chan batchLine, 4*workers) // lines read ahead of the one written
	readErr := make(chan error, 1)
	go func() { // the reader
		defer close(order)
		defer close(jobs)
		readErr <- readLines(in, MaxBatchLine, func(n int, text []byte, tooLong bool) bool {
			j := batchLine{n: n, text: text, out: make(chan batchAnswer, 1)}
			if tooLong { // answered here: no worker reads it
				j.out <- batchAnswer{err: &query.Error{Hint: "split the question, or sweep with a grid of values (--def 0..12)",
					Err: fmt.Errorf("longer than %s bytes, the most a line may hold", query.Group(MaxBatchLine))}}
			}
			select {
			case order <- j:
			case <-ctx.Done():
				return false
			}
			if tooLong {
				return true
			}
			select {
			case jobs <- j:
				return true
			case <-ctx.Done():
				return false
			}
		})
	}()
	var wg sync.WaitGroup
	for range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for {
				select {
				case j, ok := <-jobs:
					if !ok {
						return
					}
					doc, id, err := answerLine(ctx, e, j.text)
					j.out <- batchAnswer{doc, id, err}
				case <-ctx.Done():
					return
				}
			}
		}()
	}
	defer func() {
		cancel()
		wg.Wait() // the workers stop with ctx; the reader may be blocked on in
	}()
	bw := bufio.NewWriter(w)
	flush := func() error {
		if err := bw.Flush(); err != nil {
			return &dest.Error{Err: err}
		}
		return nil
	}
	for {
		j, ok, err := receive(ctx, order, flush)
		if err != nil {
			return failed, total, err
		}
		if !ok {
			break
		}
		ans, _, err := receive(ctx, j.out, flush)
		if err != nil {
			return failed, total, err
		}
		total++
		doc := ans.doc
		if ans.err != nil {
			if ctx.Err() != nil && !errors.As(ans.err, new(*query.Error)) {
				return failed, total, ctx.Err()
			}
			failed++
			if !keepGoing {
				cancel()
				if err := flush(); err != nil {
					return failed, total, err
				}
				return failed, total, LineError(j.n, ans.err)
			}
			msg, hint, flag := Fields(ans.err)
			doc, _ = json.Marshal(struct {
				Line  int             `json:"line"`
				ID    json.RawMessage `json:"id,omitempty"`
				Error string          `json:"error"`
				Hint  string          `json:"hint,omitempty"`
				Flag  string          `json:"flag,omitempty"`
			}{j.n, ans.id, msg, hint, flag})
		} else {
			doc = lined(j.n, ans.id, doc)
		}
		if _, err := bw.Write(append(doc, '\n')); err != nil {
			return failed, total, &dest.Error{Err: err}
		}
	}
	if err := flush(); err != nil {
		return failed, total, err
	}
	if err := <-readErr; err != nil {
		return failed, total, &query.Error{Err: fmt.Errorf("batch: stdin: %v", err)}
	}
	return failed, total, ctx.Err()
}

// receive is the next value of c. When none is ready it flushes first,
// so that what is written so far is read while the batch waits (for a
// line to be answered, or for the next line of input); err is ctx's if
// it ends first, or the flush's.
func receive[T any](ctx context.Context, c <-chan T, flush func() error) (v T, ok bool, err error) {
	select {
	case v, ok = <-c:
		return v, ok, nil
	default:
	}
	if err := flush(); err != nil {
		return v, false, err
	}
	select {
	case v, ok = <-c:
		return v, ok, nil
	case <-ctx.Done():
		return v, false, ctx.Err()
	}
}

// readLines reads in line by line and calls line with each line that is
// not blank: its number (counting every line), its text, and whether it
// was longer than limit bytes (then its text is nil: the rest of the line
// is read and dropped, never held). It stops when line returns false, at
// the end of in (nil), or at a read error.
func readLines(in io.Reader, limit int, line func(n int, text []byte, tooLong bool) bool) error {
	br := bufio.NewReaderSize(in, 64<<10)
	for n := 1; ; n++ {
		var text []byte
		tooLong := false
		var err error
		for {
			var chunk []byte
			chunk, err = br.ReadSlice('\n')
			chunk = bytes.TrimSuffix(chunk, []byte("\n"))
			if !tooLong {
				if len(text)+len(chunk) > limit {
					tooLong, text = true, nil
				} else {
					text = append(text, chunk...)
				}
			}
			if err != bufio.ErrBufferFull {
				break
			}
		}
		if tooLong || len(bytes.TrimSpace(text)) > 0 {
			if !line(n, text, tooLong) {
				return nil
			}
		}
		if err == io.EOF {
			return nil
		}
		if err != nil {
			return err
		}
	}
}

// answerLine answers one line of odds batch through the answer engine:
// its JSON document on one line (written compact, not indented and then
// compacted), and the query object's id, if it has
// one (also when the line is refused).
func answerLine(ctx context.Context, e *Engine, line []byte) (doc []byte, id json.RawMessage, err error) {
	d, err := query.ParseLine(line)
	if err != nil {
		return nil, query.LineID(line), err
	}
	var x *Question
	switch {
	case d.Matchup != "":
		x, err = e.matchupLine(d)
	case len(d.Engage) > 0:
		x, err = e.engageLine(d)
	case d.System == "roll":
		x, err = e.rollLine(d)
	default:
		x, err = e.LineQuestion(d)
	}
	var ans *Answer
	if err == nil {
		ans, err = e.run(ctx, x, nil, new(bytes.Buffer), true)
	}
	if err != nil {
		return nil, d.ID, err
	}
	return ans.JSON, d.ID, nil
}

// lined is an answer's document (a JSON object on one line) with the
// line's number, and its id if it has one, as its first fields:
// {"line":3,"id":"a","results":…}.
func lined(n int, id json.RawMessage, doc []byte) []byte {
	out := fmt.Appendf(nil, `{"line":%d`, n)
	if id != nil {
		out = append(append(out, `,"id":`...), id...)
	}
	rest := bytes.TrimPrefix(doc, []byte("{"))
	if len(rest) > 0 && rest[0] != '}' {
		out = append(out, ',')
	}
	return append(out, rest...)
}

// LineError is a bad line's error, with its line number in front and its
// hint and flag kept.
func LineError(line int, err error) error {
	var qe *query.Error
	if errors.As(err, &qe) {
		return &query.Error{Flag: qe.Flag, Hint: qe.Hint, Err: fmt.Errorf("line %d: %w", line, err)}
	}
	return fmt.Errorf("line %d: %w", line, err)
}
