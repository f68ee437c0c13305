package studio

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"time"

	"github.com/sandtable/sandtable/kit/build"
	"github.com/sandtable/sandtable/kit/watch"
)

// Options configure a studio.
type Options struct {
	// Dirs are the directories whose scenarios the studio shows (none:
	// scenarios/). Files are read only below them.
	Dirs []string
	// EditorURL makes the "open in editor" links: {path} is replaced by the
	// file's absolute path, {line} by the line (default
	// DefaultEditorURL).
	EditorURL string
	// MaxGames caps the games of a batch started from the page (0:
	// DefaultMaxGames); Workers plays them (0: 1).
	MaxGames, Workers int
	// Debounce is the quiet time after a save before the studio re-checks
	// (0: 30 ms).
	Debounce time.Duration
	// Log, when not nil, receives one line per re-check and per problem.
	Log io.Writer
}

// DefaultEditorURL opens a file at a line in Visual Studio Code.
const DefaultEditorURL = "vscode://file/{path}:{line}"

// DefaultMaxGames bounds a batch started from the page.
const DefaultMaxGames = 5000

// Server is a running studio: the scenarios as last checked, the films and
// the batch, and the pages that show them.
type Server struct {
	games    []build.Game
	opts     Options
	dirs     []string // absolute, cleaned
	allowed  []string // Host values accepted: the bound address and its localhost alias
	reg      *registry
	hub      *hub
	films    *filmStore
	sims     *simRunner
	mux      *http.ServeMux
	ready    chan struct{}
	readyErr error
}

// New returns a studio over games; call Run to check the scenarios and
// keep them current, and Handler for the pages. addr is the address the
// server is bound to (host:port); only requests naming it are served.
func New(games []build.Game, addr string, opts Options) (*Server, error) {
	if len(opts.Dirs) == 0 {
		opts.Dirs = []string{"scenarios"}
	}
	if opts.EditorURL == "" {
		opts.EditorURL = DefaultEditorURL
	}
	if opts.MaxGames <= 0 {
		opts.MaxGames = DefaultMaxGames
	}
	if opts.Workers <= 0 {
		opts.Workers = 1
	}
	if opts.Debounce <= 0 {
		opts.Debounce = 30 * time.Millisecond
	}
	s := &Server{games: games, opts: opts, hub: newHub(), films: newFilmStore(8, filmBudget), ready: make(chan struct{})}
	for _, d := range opts.Dirs {
		abs, err := filepath.Abs(d)
		if err != nil {
			return nil, err
		}
		st, err := os.Stat(abs)
		if err != nil || !st.IsDir() {
			return nil, fmt.Errorf("%s is not a directory", d)
		}
		s.dirs = append(s.dirs, filepath.Clean(abs))
	}
	allowed, err := allowedHosts(addr)
	if err != nil {
		return nil, err
	}
	s.allowed = allowed
	s.reg = newRegistry(s)
	s.sims = newSimRunner(s)
	s.routes()
	return s, nil
}

// allowedHosts lists the Host values of a server bound at addr: addr
// itself and, for a loopback address, localhost with the same port.
func allowedHosts(addr string) ([]string, error) {
	host, port, err := net.SplitHostPort(addr)
	if err != nil {
		return nil, fmt.Errorf("address %q: %v", addr, err)
	}
	out := []string{net.JoinHostPort(host, port)}
	if ip := net.ParseIP(host); (ip != nil && ip.IsLoopback()) || host == "localhost" {
		for _, h := range []string{"127.0.0.1", "localhost", "::1"} {
			if a := net.JoinHostPort(h, port); !slices.Contains(out, a) {
				out = append(out, a)
			}
		}
	}
	return out, nil
}

// Run checks every scenario, then again after every save until ctx ends.
func (s *Server) Run(ctx context.Context) error {
	err := watch.Run(ctx, watch.Options{
		Debounce: s.opts.Debounce,
		Check:    s.reg.update,
		Warn:     func(err error) { s.logf("watch: %v", err) },
		// Ready once the first check's directories are watched: a save
		// from then on is seen.
		Checked: func(n int) {
			if n == 1 {
				close(s.ready)
			}
		},
	})
	select {
	case <-s.ready:
	default:
		s.readyErr = err
		close(s.ready)
	}
	s.sims.stopAll()
	return err
}

// Ready is closed once the first check of every scenario is done.
func (s *Server) Ready() <-chan struct{} { return s.ready }

func (s *Server) logf(format string, args ...any) {
	if s.opts.Log != nil {
		fmt.Fprintf(s.opts.Log, "mapc studio: "+format+"\n", args...)
	}
}

// Serve serves the studio on ln until ctx ends, checking the scenarios
// and watching them meanwhile.
func (s *Server) Serve(ctx context.Context, ln net.Listener) error {
	srv := &http.Server{Handler: s.Handler(), ReadHeaderTimeout: 10 * time.Second, MaxHeaderBytes: 64 << 10}
	runErr := make(chan error, 1)
	go func() { runErr <- s.Run(ctx) }()
	go func() {
		<-ctx.Done()
		sctx, cancel := context.WithTimeout(context.Background(), 2*time.Second)
		defer cancel()
		s.hub.closeAll()
		srv.Shutdown(sctx)
	}()
	err := srv.Serve(ln)
	if errors.Is(err, http.ErrServerClosed) {
		err = nil
	}
	if rerr := <-runErr; err == nil {
		err = rerr
	}
	return err
}

// within reports whether path lies below one of the studio's directories.
func (s *Server) within(path string) bool {
	abs, err := filepath.Abs(path)
	if err != nil {
		return false
	}
	for _, d := range s.dirs {
		if rel, err := filepath.Rel(d, abs); err == nil && rel != ".." && !strings.HasPrefix(rel, ".."+string(filepath.Separator)) {
			return true
		}
	}
	return false
}
