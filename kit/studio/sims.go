package studio

import (
	"bytes"
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"sync"

	"github.com/sandtable/sandtable/kit/build"
	"github.com/sandtable/sandtable/kit/sim"
)

// simRunner runs the batches started from the pages: one at a time,
// capped at Options.MaxGames games per seat order, stoppable.
type simRunner struct {
	s    *Server
	mu   sync.Mutex
	next int
	jobs map[string]*simJob
	busy *simJob
}

func newSimRunner(s *Server) *simRunner { return &simRunner{s: s, jobs: map[string]*simJob{}} }

// simRequest is what the sims page asks for.
type simRequest struct {
	Scenario string   `json:"scenario"`
	Games    int      `json:"games"`
	Seed     uint64   `json:"seed,string"` // a string: JavaScript numbers hold 53 bits
	Agents   []string `json:"agents"`
	Report   string   `json:"report"` // "wins" or "balance"
}

// simJob is one batch or balance study and what became of it.
type simJob struct {
	ID   string
	Key  string
	req  simRequest
	stop chan struct{}

	mu       sync.Mutex
	done     int // games finished, over every seat order
	total    int
	state    string // "running", "done", "stopped", "failed"
	problem  string // the failure, as mapc sim reports it
	text     string // the wins report, or the balance report as text
	html     []byte // the balance report's page
	balance  *sim.Balance
	recorded []played // every game, for the links into the replay viewer
}

// played is one game of a batch: enough to film it again.
type played struct {
	Seed    uint64
	Agents  []string
	Turns   int
	Content []string // what it used (Outcome.Uses), sorted
}

// recorder plays a batch's games and remembers each one.
type recorder struct {
	sim.Game
	job *simJob
}

func (r recorder) Play(seed uint64, agents []string) (sim.Outcome, error) {
	o, err := r.Game.Play(seed, agents)
	if err == nil {
		var content []string
		for _, u := range o.Uses {
			if !slices.Contains(content, u.Content) {
				content = append(content, u.Content)
			}
		}
		slices.Sort(content)
		r.job.mu.Lock()
		r.job.recorded = append(r.job.recorded, played{seed, slices.Clone(agents), o.Turns, content})
		r.job.mu.Unlock()
	}
	return o, err
}

// Columns and Content pass the game's own on (sim.Columnar, sim.Cataloguer).
func (r recorder) Columns() []sim.Column {
	if c, ok := r.Game.(sim.Columnar); ok {
		return c.Columns()
	}
	return nil
}

func (r recorder) Content() []string {
	if c, ok := r.Game.(sim.Cataloguer); ok {
		return c.Content()
	}
	return nil
}

// start begins a batch; an error is the user's (a bad request) or says a
// batch is already running.
func (sr *simRunner) start(sn *snapshot, req simRequest) (*simJob, error) {
	s, ok := sn.game.(sim.Simulator)
	if sn.game == nil || !ok {
		return nil, fmt.Errorf("%s scenarios cannot be simulated", sn.Game)
	}
	if sn.Result == nil || sn.Result.Value == nil || sn.Errors > 0 {
		return nil, errors.New("the scenario has errors: fix them first")
	}
	if req.Games <= 0 || req.Games > sr.s.opts.MaxGames {
		return nil, fmt.Errorf("games must be between 1 and %d", sr.s.opts.MaxGames)
	}
	if req.Report != "wins" && req.Report != "balance" {
		return nil, errors.New("the report is wins or balance")
	}
	known := s.Agents()
	if len(req.Agents) == 0 {
		req.Agents = known[:1]
	}
	for _, a := range req.Agents {
		if !slices.Contains(known, sim.AgentBase(a)) {
			return nil, fmt.Errorf("unknown agent %q (agents: %s)", a, strings.Join(known, ", "))
		}
	}
	game, _, err := s.Sim(sn.Result.Value, nil)
	if err != nil {
		if d, ok := build.ScriptsOf(sn.Result).Diagnostic(err); ok {
			return nil, errors.New(sn.excerpt(d))
		}
		return nil, err
	}
	roles := game.Roles()
	if len(req.Agents) > len(roles) {
		return nil, fmt.Errorf("%d agents for %d roles", len(req.Agents), len(roles))
	}
	sr.mu.Lock()
	defer sr.mu.Unlock()
	if sr.busy != nil {
		return nil, errBusy
	}
	sr.next++
	job := &simJob{ID: strconv.Itoa(sr.next), Key: sn.Key, req: req, stop: make(chan struct{}), state: "running"}
	agents := make([]string, len(roles))
	for i := range agents {
		agents[i] = req.Agents[min(i, len(req.Agents)-1)]
	}
	orders := [][]string{agents}
	if req.Report == "balance" {
		orders = sim.SeatOrders(agents)
	}
	job.total = req.Games * len(orders)
	sr.jobs[job.ID] = job
	// Keep only the last few finished jobs.
	for id, j := range sr.jobs {
		if n, _ := strconv.Atoi(id); n <= sr.next-8 && j != job {
			delete(sr.jobs, id)
		}
	}
	sr.busy = job
	go sr.run(job, sn, recorder{game, job}, orders)
	return job, nil
}

var errBusy = errors.New("a batch is running: stop it or wait for it")

// run plays the job's seat orders one after the other.
func (sr *simRunner) run(job *simJob, sn *snapshot, game sim.Game, orders [][]string) {
	defer func() {
		if p := recover(); p != nil {
			job.finish("failed", fmt.Sprintf("internal error: %v", p))
		}
		sr.mu.Lock()
		sr.busy = nil
		sr.mu.Unlock()
		sr.s.hub.publish("sim", job.ID)
	}()
	var batches []*sim.Batch
	for k, order := range orders {
		base := k * job.req.Games
		opts := sim.Options{Games: job.req.Games, Seed: job.req.Seed, Agents: order, Workers: sr.s.opts.Workers,
			Scenario: sn.Name, Stop: job.stop, Tool: "mapc studio",
			Progress: func(done, _ int) {
				job.mu.Lock()
				job.done = base + done
				job.mu.Unlock()
			}}
		b, err := sim.Play(game, opts)
		if errors.Is(err, sim.ErrStopped) {
			job.finish("stopped", "")
			return
		}
		if err != nil {
			job.finish("failed", sr.describe(sn, err))
			return
		}
		batches = append(batches, b)
	}
	var text bytes.Buffer
	if job.req.Report == "balance" {
		bal, err := sim.NewBalance(batches)
		if err != nil {
			job.finish("failed", err.Error())
			return
		}
		var page bytes.Buffer
		if err := bal.WriteHTML(&page); err != nil {
			job.finish("failed", err.Error())
			return
		}
		bal.WriteText(&text)
		job.mu.Lock()
		job.balance, job.html = bal, page.Bytes()
		job.mu.Unlock()
	} else {
		rep, err := batches[0].Report()
		if err != nil {
			job.finish("failed", err.Error())
			return
		}
		rep.WriteText(&text)
	}
	job.mu.Lock()
	job.text = text.String()
	job.mu.Unlock()
	job.finish("done", "")
}

// describe is a failed batch as mapc sim reports it: a hook's failure at
// its line with the excerpt, anything else as it is.
func (sr *simRunner) describe(sn *snapshot, err error) string {
	var fails sim.Failures
	if errors.As(err, &fails) {
		var parts []string
		for _, f := range fails {
			if d, ok := build.ScriptsOf(sn.Result).Diagnostic(f.Err); ok {
				parts = append(parts, fmt.Sprintf("game %d (seed %d):\n%s", f.Game, f.Seed, sn.excerpt(d)))
			} else {
				parts = append(parts, f.Error())
			}
		}
		return strings.Join(parts, "\n\n")
	}
	return err.Error()
}

func (j *simJob) finish(state, problem string) {
	j.mu.Lock()
	defer j.mu.Unlock()
	if j.state == "running" {
		j.state, j.problem = state, problem
	}
}

func (sr *simRunner) get(id string) *simJob {
	sr.mu.Lock()
	defer sr.mu.Unlock()
	return sr.jobs[id]
}

// stopJob stops a running job; stopping a finished one does nothing.
func (sr *simRunner) stopJob(j *simJob) {
	j.mu.Lock()
	defer j.mu.Unlock()
	if j.state == "running" {
		select {
		case <-j.stop:
		default:
			close(j.stop)
		}
	}
}

func (sr *simRunner) stopAll() {
	sr.mu.Lock()
	jobs := make([]*simJob, 0, len(sr.jobs))
	for _, j := range sr.jobs {
		jobs = append(jobs, j)
	}
	sr.mu.Unlock()
	for _, j := range jobs {
		sr.stopJob(j)
	}
}

// simStatus is what the sims page polls.
type simStatus struct {
	ID      string    `json:"id"`
	State   string    `json:"state"`
	Done    int       `json:"done"`
	Total   int       `json:"total"`
	Percent int       `json:"percent"`
	Problem string    `json:"problem,omitempty"`
	Text    string    `json:"text,omitempty"`
	HTML    bool      `json:"html"` // the balance page is at /api/sim/report
	Links   []simLink `json:"links,omitempty"`
}

// simLink opens one game of the batch in the replay viewer.
type simLink struct {
	Group  string   `json:"group"` // "content" or "length"
	Label  string   `json:"label"`
	Games  int      `json:"games"`       // how many games of the batch fit
	Seed   uint64   `json:"seed,string"` // game seeds use all 64 bits: a string for JavaScript
	Agents []string `json:"agents"`
}

func (j *simJob) status() simStatus {
	j.mu.Lock()
	defer j.mu.Unlock()
	st := simStatus{ID: j.ID, State: j.state, Done: j.done, Total: j.total, Problem: j.problem, Text: j.text, HTML: j.html != nil}
	if j.total > 0 {
		st.Percent = j.done * 100 / j.total
	}
	if j.state == "done" {
		st.Links = j.links()
	}
	return st
}

// links finds, for each content row and game-length bucket of a balance
// report (for a wins batch: each length from its shortest to its longest
// game), the first game of the batch that fits, in game order.
func (j *simJob) links() []simLink {
	var out []simLink
	first := func(group, label string, fits func(p played) bool) {
		n, at := 0, -1
		for i, p := range j.recorded {
			if fits(p) {
				if at < 0 {
					at = i
				}
				n++
			}
		}
		if at >= 0 {
			p := j.recorded[at]
			out = append(out, simLink{group, label, n, p.Seed, p.Agents})
		}
	}
	// The recorder appends as games end: order them by seed-independent
	// keys so links do not depend on which worker finished first.
	slices.SortStableFunc(j.recorded, func(a, b played) int {
		if c := strings.Compare(strings.Join(a.Agents, ","), strings.Join(b.Agents, ",")); c != 0 {
			return c
		}
		switch {
		case a.Seed < b.Seed:
			return -1
		case a.Seed > b.Seed:
			return 1
		}
		return 0
	})
	if j.balance != nil {
		for _, c := range j.balance.Content {
			first("content", c.Name, func(p played) bool { return slices.Contains(p.Content, c.Name) })
		}
		for _, b := range j.balance.Length.Bins {
			label := fmt.Sprintf("%d–%d turns", b.From, b.To)
			if b.From == b.To {
				label = fmt.Sprintf("%d turns", b.From)
			}
			first("length", label, func(p played) bool { return p.Turns >= b.From && p.Turns <= b.To })
		}
		return out
	}
	lo, hi := -1, -1
	for _, p := range j.recorded {
		if lo < 0 || p.Turns < lo {
			lo = p.Turns
		}
		hi = max(hi, p.Turns)
	}
	if lo >= 0 {
		first("length", fmt.Sprintf("shortest game (%d turns)", lo), func(p played) bool { return p.Turns == lo })
		first("length", fmt.Sprintf("longest game (%d turns)", hi), func(p played) bool { return p.Turns == hi })
	}
	return out
}
