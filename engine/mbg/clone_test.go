package mbg_test

import (
	"slices"
	"testing"

	"github.com/sandtable/sandtable/engine/mbg"
)

// pure answers from the request and the view alone, so a game and its
// imagined copy given the same pure deciders play the same game.
type pure struct{}

func (pure) Decide(v *mbg.View, req *mbg.Request) (int, error) {
	h := uint64(v.Turn())*31 + uint64(req.Player)*7 + uint64(req.Kind)*3 + uint64(v.Role(req.Player).Money)
	return int(h % uint64(len(req.Options))), nil
}

// imaginer is a pure decider that is an Imaginer; at its at-th decision it
// plays an imagined game to the end, from inside the real game's step.
type imaginer struct {
	pure
	t      *testing.T
	cfg    *mbg.Config
	n, at  int
	result *mbg.Result
}

func (d *imaginer) Imagines() {}

func (d *imaginer) Decide(v *mbg.View, req *mbg.Request) (int, error) {
	d.n++
	if d.n == d.at {
		techs, cards := providers(d.t, d.cfg)
		g, prefix, ok := v.Imagine(techs, cards)
		if !ok {
			d.t.Fatal("no imagined game although a decider is an Imaginer")
		}
		ds := make([]mbg.Decider, len(d.cfg.Roles))
		for i := range ds {
			ds[i] = &replayThen{prefix: prefix}
		}
		res, err := g.Run(ds)
		if err != nil {
			d.t.Fatal(err)
		}
		d.result = &res
	}
	return d.pure.Decide(v, req)
}

// replayThen answers the recorded decisions, then as pure.
type replayThen struct {
	pure
	prefix []mbg.Decision
}

func (d *replayThen) Decide(v *mbg.View, req *mbg.Request) (int, error) {
	if len(d.prefix) > 0 {
		p := d.prefix[0]
		d.prefix = d.prefix[1:]
		return p.Choice, nil
	}
	return d.pure.Decide(v, req)
}

// TestImagineCopiesTheGame: an imagined game started at a decision in the
// middle of a game, with the same deciders and chance, ends exactly as the
// real game does; and playing it to the end from inside the real game's
// step leaves the real game unchanged (the copy shares no state).
func TestImagineCopiesTheGame(t *testing.T) {
	cfg := sanguoConfig(1)
	for _, at := range []int{1, 40, 200} {
		techs, cards := providers(t, cfg)
		g, err := mbg.New(cfg, techs, cards, 11)
		if err != nil {
			t.Fatal(err)
		}
		d := &imaginer{t: t, cfg: cfg, at: at}
		ds := make([]mbg.Decider, len(cfg.Roles))
		for i := range ds {
			ds[i] = pure{}
		}
		ds[0] = d
		real, err := g.Run(ds)
		if err != nil {
			t.Fatal(err)
		}
		if d.result == nil {
			t.Fatalf("at %d: the game took only %d decisions", at, d.n)
		}
		im := *d.result
		if real.Winner != im.Winner || real.Turns != im.Turns || real.Reason != im.Reason ||
			!slices.Equal(real.Money, im.Money) || !slices.Equal(real.Bankrupt, im.Bankrupt) {
			t.Errorf("at %d: real game %+v, imagined %+v", at, real, im)
		}
	}
}

func TestImagineNeedsAnImaginer(t *testing.T) {
	cfg := sanguoConfig(1)
	techs, cards := providers(t, cfg)
	g, err := mbg.New(cfg, techs, cards, 11)
	if err != nil {
		t.Fatal(err)
	}
	ds := make([]mbg.Decider, len(cfg.Roles))
	for i := range ds {
		ds[i] = pure{}
	}
	if _, err := g.Step(ds); err != nil {
		t.Fatal(err)
	}
	if g.View().Imaginable() {
		t.Error("a game without an Imaginer keeps copies of its steps")
	}
	g.View().KeepSteps()
	if _, err := g.Step(ds); err != nil {
		t.Fatal(err)
	}
	if !g.View().Imaginable() {
		t.Error("KeepSteps did not make the game keep its steps")
	}
}
