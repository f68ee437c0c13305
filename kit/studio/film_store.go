package studio

import (
	"strconv"
	"sync"

	"github.com/sandtable/sandtable/kit/film"
)

// filmStore keeps the last few films played on the pages, so a page asks
// for one frame's map at a time. It holds at most max films and, past the
// newest one, at most budget bytes of maps.
type filmStore struct {
	mu     sync.Mutex
	max    int
	budget int
	next   int
	films  map[string]*film.Film
	sizes  map[string]int
	order  []string
}

// filmBudget bounds the maps the studio keeps (a long game of a large map
// can hold a few hundred megabytes of SVG on its own; it is kept alone).
const filmBudget = 256 << 20

func newFilmStore(max, budget int) *filmStore {
	return &filmStore{max: max, budget: budget, films: map[string]*film.Film{}, sizes: map[string]int{}}
}

func (fs *filmStore) add(f *film.Film) string {
	size := 0
	for _, fr := range f.Frames {
		size += len(fr.SVG)
	}
	fs.mu.Lock()
	defer fs.mu.Unlock()
	fs.next++
	id := strconv.Itoa(fs.next)
	fs.films[id], fs.sizes[id] = f, size
	fs.order = append(fs.order, id)
	total := 0
	for _, k := range fs.order {
		total += fs.sizes[k]
	}
	for len(fs.order) > 1 && (len(fs.order) > fs.max || total > fs.budget) {
		old := fs.order[0]
		total -= fs.sizes[old]
		delete(fs.films, old)
		delete(fs.sizes, old)
		fs.order = fs.order[1:]
	}
	return id
}

func (fs *filmStore) get(id string) *film.Film {
	fs.mu.Lock()
	defer fs.mu.Unlock()
	return fs.films[id]
}
