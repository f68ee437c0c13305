package ftbt_test

import (
	"testing"

	"github.com/sandtable/sandtable/engine/ftbt"
	"github.com/sandtable/sandtable/engine/ftbt/internal/fixture"
	"github.com/sandtable/sandtable/engine/ftbt/native"
)

// pureDecider answers from the request and the view alone, so a game and
// its imagined copy given it play the same game. It never quits.
type pureDecider struct{}

func (pureDecider) Decide(v *ftbt.View, req *ftbt.Request) (int, error) {
	n := len(req.Options)
	for n > 1 && req.Options[n-1].Kind == ftbt.OptQuit {
		n--
	}
	h := v.Round()*31 + req.Player*7 + int(req.Kind)*3 + req.Person*5 + n
	return h % n, nil
}

// imagining is a pure decider that is an Imaginer; at its at-th decision it
// plays an imagined game to the end from inside the real game's step.
type imagining struct {
	pureDecider
	t      *testing.T
	cfg    *ftbt.Config
	n, at  int
	result *ftbt.Result
	people []ftbt.PersonView
}

func (d *imagining) Imagines() {}

func (d *imagining) Decide(v *ftbt.View, req *ftbt.Request) (int, error) {
	d.n++
	if d.n == d.at {
		r, err := native.New(d.cfg)
		if err != nil {
			d.t.Fatal(err)
		}
		g, prefix, ok := v.Imagine(r)
		if !ok {
			d.t.Fatal("no imagined game although a decider is an Imaginer")
		}
		rp := &prefixed{prefix: prefix}
		res, err := g.Run([]ftbt.Decider{rp, rp})
		if err != nil {
			d.t.Fatal(err)
		}
		d.result = &res
		for p := range d.cfg.People {
			d.people = append(d.people, g.Person(p))
		}
	}
	return d.pureDecider.Decide(v, req)
}

type prefixed struct {
	pureDecider
	prefix []ftbt.Decision
}

func (d *prefixed) Decide(v *ftbt.View, req *ftbt.Request) (int, error) {
	if len(d.prefix) > 0 {
		p := d.prefix[0]
		d.prefix = d.prefix[1:]
		return p.Choice, nil
	}
	return d.pureDecider.Decide(v, req)
}

// TestImagineCopiesTheGame: an imagined game started at a decision in the
// middle of a game, with the same deciders and chance, ends exactly as the
// real game does, with the same people's hp and cells; and playing it to the
// end inside the real game's step leaves the real game unchanged.
func TestImagineCopiesTheGame(t *testing.T) {
	cfg := fixture.Base(9, 9, 15)
	cfg.Rules.MaxRounds = 20
	hit := fixture.AddTech(cfg, ftbt.Tech{ID: "hit", Class: fixture.Damage, Offsets: fixture.Ring(1), Value: 15})
	fly := fixture.AddTech(cfg, ftbt.Tech{ID: "fly", Class: fixture.Fly, Offsets: [][2]int{{0, 0}}, AOERange: 5, AOERatio: 100, Duration: 2, Value: 70})
	for i := range 3 {
		fixture.AddPerson(cfg, ftbt.Person{Side: 0, Abi: 20, Def: 15, HP: 60, Speed: 60, X: i, Y: 3, Techs: []int{hit, fly}})
		fixture.AddPerson(cfg, ftbt.Person{Side: 1, Abi: 20, Def: 15, HP: 60, Speed: 60, X: 8 - i, Y: 5, Techs: []int{hit, fly}})
	}
	for _, at := range []int{1, 17, 60} {
		r, err := native.New(cfg)
		if err != nil {
			t.Fatal(err)
		}
		g, err := ftbt.New(cfg, r, 3)
		if err != nil {
			t.Fatal(err)
		}
		d := &imagining{t: t, cfg: cfg, at: at}
		real, err := g.Run([]ftbt.Decider{d, pureDecider{}})
		if err != nil {
			t.Fatal(err)
		}
		if d.result == nil {
			t.Fatalf("at %d: the game took only %d decisions", at, d.n)
		}
		if real != *d.result {
			t.Errorf("at %d: real game %+v, imagined %+v", at, real, *d.result)
		}
		for p := range cfg.People {
			if g.Person(p) != d.people[p] {
				t.Errorf("at %d: person %d ends as %+v, in the imagined game as %+v", at, p, g.Person(p), d.people[p])
			}
		}
	}
}
