package studio

import (
	"fmt"
	"net/http"
	"sync"
	"time"
)

// hub fans server-sent events out to every open page.
type hub struct {
	mu     sync.Mutex
	subs   map[chan string]bool
	closed bool
}

func newHub() *hub { return &hub{subs: map[chan string]bool{}} }

// publish sends an event to every page; a page too slow to take it loses
// it (it catches up on the next one: each event names what to fetch).
func (h *hub) publish(event, data string) {
	msg := fmt.Sprintf("event: %s\ndata: %s\n\n", event, data)
	h.mu.Lock()
	defer h.mu.Unlock()
	for c := range h.subs {
		select {
		case c <- msg:
		default:
		}
	}
}

func (h *hub) subscribe() chan string {
	h.mu.Lock()
	defer h.mu.Unlock()
	c := make(chan string, 16)
	if h.closed {
		close(c)
		return c
	}
	h.subs[c] = true
	return c
}

func (h *hub) unsubscribe(c chan string) {
	h.mu.Lock()
	defer h.mu.Unlock()
	if h.subs[c] {
		delete(h.subs, c)
		close(c)
	}
}

// closeAll ends every stream (the server is shutting down).
func (h *hub) closeAll() {
	h.mu.Lock()
	defer h.mu.Unlock()
	h.closed = true
	for c := range h.subs {
		delete(h.subs, c)
		close(c)
	}
}

// maxStreams bounds the event streams open at once.
const maxStreams = 64

// serveEvents streams the hub's events to one page, with a comment every
// 15 s so proxies and the browser keep the stream open.
func (s *Server) serveEvents(w http.ResponseWriter, r *http.Request) {
	fl, ok := w.(http.Flusher)
	if !ok {
		http.Error(w, "streaming unsupported", http.StatusInternalServerError)
		return
	}
	s.hub.mu.Lock()
	n := len(s.hub.subs)
	s.hub.mu.Unlock()
	if n >= maxStreams {
		http.Error(w, "too many open pages", http.StatusServiceUnavailable)
		return
	}
	c := s.hub.subscribe()
	defer s.hub.unsubscribe(c)
	w.Header().Set("Content-Type", "text/event-stream")
	w.Header().Set("Cache-Control", "no-store")
	fmt.Fprint(w, "retry: 500\n: hello\n\n")
	fl.Flush()
	tick := time.NewTicker(15 * time.Second)
	defer tick.Stop()
	for {
		select {
		case <-r.Context().Done():
			return
		case msg, ok := <-c:
			if !ok {
				return
			}
			fmt.Fprint(w, msg)
			fl.Flush()
		case <-tick.C:
			fmt.Fprint(w, ": keep-alive\n\n")
			fl.Flush()
		}
	}
}
