package cli

import (
	"io"
	"os"
	"sync"
	"sync/atomic"
	"time"

	"github.com/schollz/progressbar/v3"
	"golang.org/x/term"

	"odds/cmd/internal/query"
)

// Progress shows a bar with an ETA on stderr for runs longer than about a
// second, when stderr is a terminal and --quiet is not given. The engine
// tells it of trials as they finish (sim.Options.Progress).
type Progress struct {
	w     io.Writer
	total int64 // -1: unknown (--precision)
	start time.Time
	done  atomic.Int64
	mu    sync.Mutex
	bar   *progressbar.ProgressBar
}

// showAfter is how long a run goes before its bar appears.
const showAfter = time.Second

// NewProgress returns the progress of a run of total trials (-1:
// unknown) told on w, or nil if no bar is to be shown: quiet, or w not
// a terminal. A nil progress takes Add and Finish.
func NewProgress(w io.Writer, quiet bool, total int64) *Progress {
	f, ok := w.(*os.File)
	if quiet || !ok || !term.IsTerminal(int(f.Fd())) {
		return nil
	}
	return &Progress{w: w, total: total, start: time.Now()}
}

// Add is the engine's callback: safe for concurrent use.
func (p *Progress) Add(n int64) {
	if p == nil {
		return
	}
	done := p.done.Add(n)
	if time.Since(p.start) < showAfter {
		return
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.bar == nil {
		p.bar = progressbar.NewOptions64(p.total,
			progressbar.OptionSetWriter(p.w),
			progressbar.OptionSetDescription(p.count(done)),
			progressbar.OptionSetPredictTime(true),
			progressbar.OptionThrottle(100*time.Millisecond),
			progressbar.OptionClearOnFinish(),
			progressbar.OptionSetWidth(30))
		_ = p.bar.Set64(done)
		return
	}
	p.bar.Describe(p.count(done))
	_ = p.bar.Set64(done)
}

// count is the bar's description: the trials done and of how many, with
// thousands separators as in the footer ("1,250,000/10,000,000 trials").
func (p *Progress) count(done int64) string {
	if p.total < 0 {
		return query.Group(done) + " trials"
	}
	return query.Group(done) + "/" + query.Group(p.total) + " trials"
}

// Finish clears the bar, if one was shown.
func (p *Progress) Finish() {
	if p == nil {
		return
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.bar != nil {
		_ = p.bar.Finish()
		_ = p.bar.Clear()
	}
}
