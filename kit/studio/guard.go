package studio

import (
	"net/http"
	"net/url"
	"slices"
	"strings"
)

// Limits of what a request may send.
const (
	maxBody   = 64 << 10 // a form or a JSON request
	maxUpload = 16 << 20 // a recorded game
	maxQuery  = 4 << 10  // the query string
)

// guard refuses what a page of this studio never sends: a Host that is
// not the bound address (DNS rebinding: another name resolving to this
// machine), 421; an Origin of another site, 403; a query or body larger
// than the limits, 414 or 413; methods other than GET, HEAD and POST, 405.
// Every answer says not to be framed or sniffed.
func (s *Server) guard(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		h := w.Header()
		h.Set("X-Content-Type-Options", "nosniff")
		h.Set("X-Frame-Options", "SAMEORIGIN")
		h.Set("Referrer-Policy", "no-referrer")
		h.Set("Content-Security-Policy", "default-src 'self'; img-src 'self' data:; style-src 'self' 'unsafe-inline'; script-src 'self'; worker-src 'self'; connect-src 'self'; frame-ancestors 'self'; form-action 'self'")
		if !slices.Contains(s.allowed, strings.ToLower(r.Host)) {
			http.Error(w, "mapc studio: this server answers only to "+s.allowed[0], http.StatusMisdirectedRequest)
			return
		}
		if o := r.Header.Get("Origin"); o != "" {
			u, err := url.Parse(o)
			if err != nil || u.Scheme != "http" || !slices.Contains(s.allowed, strings.ToLower(u.Host)) {
				http.Error(w, "mapc studio: requests from other sites are refused", http.StatusForbidden)
				return
			}
		}
		if site := r.Header.Get("Sec-Fetch-Site"); site == "cross-site" {
			http.Error(w, "mapc studio: requests from other sites are refused", http.StatusForbidden)
			return
		}
		if len(r.URL.RawQuery) > maxQuery {
			http.Error(w, "query too long", http.StatusRequestURITooLong)
			return
		}
		switch r.Method {
		case http.MethodGet, http.MethodHead:
		case http.MethodPost:
			limit := int64(maxBody)
			if r.URL.Path == "/api/film" {
				limit = maxUpload
			}
			if r.ContentLength > limit {
				http.Error(w, "request too large", http.StatusRequestEntityTooLarge)
				return
			}
			r.Body = http.MaxBytesReader(w, r.Body, limit)
		default:
			h.Set("Allow", "GET, HEAD, POST")
			http.Error(w, "method not allowed", http.StatusMethodNotAllowed)
			return
		}
		next.ServeHTTP(w, r)
	})
}
