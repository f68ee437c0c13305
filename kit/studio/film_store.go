package studio

import (
	"strconv"
	"sync"
)

// filmStore keeps the last few films played on the pages, so a page asks
// for one frame's map at a time.
type filmStore struct {
	mu    sync.Mutex
	max   int
	next  int
	films map[string]*Film
	order []string
}

func newFilmStore(max int) *filmStore {
	return &filmStore{max: max, films: map[string]*Film{}}
}

func (fs *filmStore) add(f *Film) string {
	fs.mu.Lock()
	defer fs.mu.Unlock()
	fs.next++
	id := strconv.Itoa(fs.next)
	fs.films[id] = f
	fs.order = append(fs.order, id)
	for len(fs.order) > fs.max {
		delete(fs.films, fs.order[0])
		fs.order = fs.order[1:]
	}
	return id
}

func (fs *filmStore) get(id string) *Film {
	fs.mu.Lock()
	defer fs.mu.Unlock()
	return fs.films[id]
}
