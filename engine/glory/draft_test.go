package glory_test

import (
	"slices"
	"testing"

	"github.com/sandtable/sandtable/engine/glory"
)

// scripted answers draft requests from a list of config hero indices (by
// option A) and records the heroes each request offered.
type scripted struct {
	picks   []int
	offered [][]int
	kinds   []glory.RequestKind
}

func (s *scripted) Decide(_ *glory.View, r *glory.Request) (int, error) {
	var offer []int
	for _, o := range r.Options {
		offer = append(offer, o.A)
	}
	s.offered = append(s.offered, offer)
	s.kinds = append(s.kinds, r.Kind)
	if r.Kind == glory.AskMain || r.Kind == glory.AskBan || r.Kind == glory.AskPick {
		want := s.picks[0]
		s.picks = s.picks[1:]
		return slices.IndexFunc(r.Options, func(o glory.Option) bool { return o.A == want }), nil
	}
	return r.Default, nil
}

func runDraft(t *testing.T, red, blue *scripted) *glory.Game {
	t.Helper()
	g, err := glory.New(testConfig(t), nil, 7, red, blue)
	if err != nil {
		t.Fatal(err)
	}
	for g.State().Phase < glory.PhaseWeapons {
		if err := g.Step(); err != nil {
			t.Fatal(err)
		}
	}
	return g
}

// TestDraftClashes works facts §7 by hand:
//   - step 1: both choose 581 → clash; both choose again without 581: red
//     takes An, blue 583;
//   - step 2: red bans Drrra for blue, blue bans SJK for red;
//   - step 3: red picks 581 (its lost main choice is allowed again), BM,
//     LYJ, YR; blue picks BM, LYJ, Office, Drrra is not offered to blue;
//     BM and LYJ clash: both drop them, never to be offered again, and
//     each picks twice more: red DXD, 郑阁; blue 明月, Yangtze.
func TestDraftClashes(t *testing.T) {
	red := &scripted{picks: []int{h581, hAn, hDrrra, h581, hBM, hLYJ, hYR, hDXD, hZheng}}
	blue := &scripted{picks: []int{h581, h583, hSJK, hBM, hLYJ, hOffice, h142, hMoon, hYangtze}}
	g := runDraft(t, red, blue)
	d := g.State().Draft
	if d.Main != [2]int{hAn, h583} {
		t.Errorf("mains %v, want An and 583", d.Main)
	}
	if d.Ban != [2]int{hDrrra, hSJK} {
		t.Errorf("bans %v", d.Ban)
	}
	if !slices.Equal(d.Picks[0], []int{h581, hYR, hDXD, hZheng}) {
		t.Errorf("red picks %v", d.Picks[0])
	}
	if !slices.Equal(d.Picks[1], []int{hOffice, h142, hMoon, hYangtze}) {
		t.Errorf("blue picks %v", d.Picks[1])
	}
	if !slices.Equal(d.Clashed, []int{hBM, hLYJ}) {
		t.Errorf("clashed %v, want BM and LYJ", d.Clashed)
	}
	// The second main choice did not offer 581.
	if slices.Contains(red.offered[1], h581) || slices.Contains(blue.offered[1], h581) {
		t.Errorf("581 offered again in step 1")
	}
	// Step 3: 581 offered to red again; Drrra never to blue; SJK never to red.
	if !slices.Contains(red.offered[3], h581) {
		t.Errorf("red's lost main choice is not offered in step 3")
	}
	for i, k := range blue.kinds {
		if k == glory.AskPick && slices.Contains(blue.offered[i], hDrrra) {
			t.Errorf("blue was offered the hero red banned")
		}
	}
	for i, k := range red.kinds {
		if k == glory.AskPick && slices.Contains(red.offered[i], hSJK) {
			t.Errorf("red was offered the hero blue banned")
		}
	}
	// The re-picks offer neither clashed hero, nor the heroes already held.
	last := red.offered[len(red.offered)-1]
	for _, h := range []int{hBM, hLYJ, hAn, h583, h581, hYR, hOffice} {
		if slices.Contains(last, h) {
			t.Errorf("red's last re-pick offered hero %d", h)
		}
	}
	// Ten distinct heroes on the board, five per side, on their spawns.
	hs := g.State().Heroes
	if len(hs) != 10 {
		t.Fatalf("%d heroes", len(hs))
	}
	for i, h := range hs {
		want := glory.Red
		if i >= 5 {
			want = glory.Blue
		}
		if h.Side != want || h.Point != g.Board().Spawn(want) || h.HP != testConfig(t).Heroes[h.Hero].HP {
			t.Errorf("hero %d: %+v", i, h)
		}
	}
	if g.State().G != [2]int{15, 15} {
		t.Errorf("purses %v, want 15 each", g.State().G)
	}
}

// weaponBuyer answers the preparation from a list of weapon choices per
// hero (-1 for none); everything else takes the default.
type weaponBuyer struct {
	scripted
	buy     []int
	offered [][]int
}

func (w *weaponBuyer) Decide(v *glory.View, r *glory.Request) (int, error) {
	if r.Kind != glory.AskWeapon {
		return w.scripted.Decide(v, r)
	}
	var offer []int
	for _, o := range r.Options {
		if o.Kind == glory.OptWeapon {
			offer = append(offer, o.A)
		}
	}
	w.offered = append(w.offered, offer)
	want := w.buy[0]
	w.buy = w.buy[1:]
	for i, o := range r.Options {
		if want < 0 && o.Kind == glory.OptNone || o.Kind == glory.OptWeapon && o.A == want {
			return i, nil
		}
	}
	return -1, nil
}

// TestPreparation: 15 G, one M202 per team in the preparation phase, no
// weapon beyond the purse (§5, §7).
func TestPreparation(t *testing.T) {
	red := &weaponBuyer{scripted: scripted{picks: []int{hBM, hLYJ, h581, h582, h583, hYR}},
		buy: []int{wM202, wGatling, wGatling, wGatling, wGatling}}
	blue := &weaponBuyer{scripted: scripted{picks: []int{hAn, hOffice, hDXD, hFake, hSJK, hDrrra}},
		buy: []int{wRPG, -1, wRPG, wRPG, wRPG}}
	g, err := glory.New(testConfig(t), nil, 3, red, blue)
	if err != nil {
		t.Fatal(err)
	}
	for g.State().Phase < glory.PhasePlay {
		if err := g.Step(); err != nil {
			t.Fatal(err)
		}
	}
	// Red: M202 (2) then Gatlings at 2 each: 13, 11, 9, 7 left; M202 is not
	// offered after the first.
	for i, offer := range red.offered[1:] {
		if slices.Contains(offer, wM202) {
			t.Errorf("red hero %d was offered a second M202", i+1)
		}
	}
	if g.State().G[glory.Red] != 15-2-4*2 || g.State().G[glory.Blue] != 15-4 {
		t.Errorf("purses %v, want [5 11]", g.State().G)
	}
	var weapons []int
	for _, h := range g.State().Heroes {
		weapons = append(weapons, h.Weapon)
	}
	if !slices.Equal(weapons, []int{wM202, wGatling, wGatling, wGatling, wGatling, wRPG, -1, wRPG, wRPG, wRPG}) {
		t.Errorf("weapons %v", weapons)
	}
}
