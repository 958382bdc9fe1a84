package serve

import (
	"bytes"
	"net/http"
	"net/url"
	"time"

	"odds/cmd/internal/page"
)

// pageFile serves one file of the page as it is stored: the engine too
// (odds.wasm.gz, which the page decompresses itself, as it does from any
// static host). Every answer is revalidated (no-cache, with an ETag:
// http.ServeContent answers 304): a new odds serves a new page at once,
// and the service worker keeps the copy that works offline.
func pageFile(f page.File) http.Handler {
	etag := `"` + page.Hash(f) + `"`
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		h := w.Header()
		h.Set("Content-Type", f.Type)
		h.Set("Cache-Control", "no-cache")
		h.Set("ETag", etag)
		if f.Name == "sw.js" {
			h.Set("Service-Worker-Allowed", "/")
		}
		http.ServeContent(w, r, "", time.Time{}, bytes.NewReader(f.Data))
	})
}

// oldPage redirects the server-rendered pages of earlier odds serves,
// /SYSTEM/ACTION?QUERY, to the page's link for the same question,
// /#/SYSTEM/ACTION?QUERY, so that old links keep working.
func (s *Server) oldPage(w http.ResponseWriter, r *http.Request) {
	sys, act := r.PathValue("system"), r.PathValue("action")
	if system := s.engine.System(sys); system == nil || system.Action(act) == nil {
		http.NotFound(w, r)
		return
	}
	to := "/#/" + url.PathEscape(sys) + "/" + url.PathEscape(act)
	if r.URL.RawQuery != "" {
		to += "?" + r.URL.RawQuery
	}
	http.Redirect(w, r, to, http.StatusMovedPermanently)
}
