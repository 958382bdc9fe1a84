package serve

import (
	"bytes"
	"net/http"
	"net/url"
	"strings"
	"time"

	"odds/cmd/internal/page"
)

// pageFile serves one file of the page: odds.wasm as it is stored,
// gzip-compressed (Content-Encoding: gzip), to every client that accepts
// gzip, and uncompressed to the rest. Every answer is revalidated
// (no-cache, with an ETag: http.ServeContent answers 304): a new odds serves a new page at once, and
// the service worker keeps the copy that works offline.
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
		if f.Gzip {
			h.Add("Vary", "Accept-Encoding")
		}
		data := f.Data
		if f.Gzip {
			if acceptsGzip(r.Header.Get("Accept-Encoding")) {
				h.Set("Content-Encoding", "gzip")
			} else {
				var err error
				if data, err = f.Bytes(); err != nil {
					http.Error(w, "the page's "+f.Name+" is damaged", http.StatusInternalServerError)
					return
				}
			}
		}
		http.ServeContent(w, r, "", time.Time{}, bytes.NewReader(data))
	})
}

// acceptsGzip reports whether an Accept-Encoding header accepts gzip
// (not with q=0).
func acceptsGzip(header string) bool {
	for _, part := range strings.Split(header, ",") {
		name, params, _ := strings.Cut(strings.TrimSpace(part), ";")
		if strings.EqualFold(strings.TrimSpace(name), "gzip") || strings.TrimSpace(name) == "*" {
			q := strings.ReplaceAll(params, " ", "")
			return q != "q=0" && q != "q=0.0" && q != "q=0.00" && q != "q=0.000"
		}
	}
	return false
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
