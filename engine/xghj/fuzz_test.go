package xghj

import (
	"encoding/binary"
	"strings"
	"testing"

	"github.com/sandtable/sandtable/engine/play"
)

// byteOrders is a decider whose orders come from fuzz bytes: any bid, any
// spawn, any diplomacy values (including out-of-range ones), bombs with
// any coordinates and sizes, any capital.
type byteOrders struct {
	data []byte
	at   int
}

func (b *byteOrders) int() int {
	if b.at+4 > len(b.data) {
		b.at = len(b.data)
		return 0
	}
	v := int(int32(binary.LittleEndian.Uint32(b.data[b.at:])))
	b.at += 4
	return v
}

func (b *byteOrders) Orders(v *View, _ *play.OrderRequest) (Commands, error) {
	c := Commands{Bid: b.int()}
	at := Pos{b.int() % 12, b.int() % 12}
	c.Spawn = &at
	if v.Phase != PhaseRound {
		return c, nil
	}
	if b.int()%3 != 0 {
		c.Diplomacy = make([]Dip, v.Players)
		for q := range c.Diplomacy {
			c.Diplomacy[q] = Dip(b.int() % 5)
		}
	}
	for range b.int() % 40 {
		c.Bombs = append(c.Bombs, Bomb{b.int() % 12, b.int() % 12, b.int()})
	}
	if b.int()%4 == 0 {
		capital := Pos{b.int() % 12, b.int() % 12}
		c.Capital = &capital
	}
	return c, nil
}

// FuzzOrders plays games with arbitrary orders: the engine never panics,
// refuses what it cannot read, finishes the game, and a save made at the
// end loads to the same state.
func FuzzOrders(f *testing.F) {
	f.Add([]byte{}, false)
	f.Add([]byte("\x05\x00\x00\x00\x01\x00\x00\x00\x02\x00\x00\x00\x07\x00\x00\x00\xff\xff\xff\x7f"), true)
	f.Add([]byte("\x00\x00\x00\x80\x0b\x00\x00\x00\x03\x00\x00\x00\x04\x00\x00\x00\x02\x00\x00\x00\x03\x00\x00\x00\x10\x00\x00\x00\x01\x00\x00\x00\x01\x00\x00\x00\x64\x00\x00\x00"), false)
	f.Fuzz(func(t *testing.T, data []byte, exact bool) {
		cfg := testConfig(t, []string{"rrrrgg~~rrrr", "rTTrggg~rrhh", "rrrrBsrrrrhh", "ggggggrDDrrr"}, 3, exact)
		cfg.Constants.MaxRound = 8
		g, err := New(cfg, 3)
		if err != nil {
			t.Fatal(err)
		}
		for p := range 3 {
			g.Orders.Deciders = append(g.Orders.Deciders, &byteOrders{data: data, at: p * 4})
		}
		if _, err := g.Run(); err != nil {
			t.Fatal(err)
		}
		st := g.State()
		for _, p := range st.Players {
			if p.Saving < 0 {
				t.Fatalf("negative saving %+v", p)
			}
		}
		save, err := g.Save()
		if err != nil {
			t.Fatal(err)
		}
		l, err := Load(cfg, save)
		if err != nil {
			t.Fatal(err)
		}
		again, _ := l.Save()
		if string(again) != string(save) {
			t.Fatal("save → load → save changed the game")
		}
	})
}

// FuzzLoad: a damaged save is refused with an error or loads into a game
// that plays on; it never panics.
func FuzzLoad(f *testing.F) {
	cfg := testConfig(f, []string{"rrrrgg~~", "rTTrggg~", "rrrrBsrr"}, 3, false)
	cfg.Constants.MaxRound = 6
	g, err := New(cfg, 2)
	if err != nil {
		f.Fatal(err)
	}
	g.Orders.Deciders = pushers(3)
	for range 3 {
		if _, err := g.Step(); err != nil {
			f.Fatal(err)
		}
	}
	save, err := g.Save()
	if err != nil {
		f.Fatal(err)
	}
	f.Add(save)
	f.Add([]byte(strings.Replace(string(save), `"alive_count":3`, `"alive_count":-1`, 1)))
	f.Add([]byte(strings.Replace(string(save), `"capital":{"x":`, `"capital":{"x":-7`, 1)))
	f.Add([]byte(strings.Replace(string(save), `"alive_count":3`, `"alive_count":0`, 1)))
	f.Add([]byte(strings.Replace(string(save), `"round":4`, `"round":400000000000`, 1)))
	f.Fuzz(func(t *testing.T, data []byte) {
		l, err := Load(cfg, data)
		if err != nil {
			return
		}
		l.Orders.Deciders = pushers(3)
		for range 4 {
			if over, err := l.Step(); err != nil || over {
				return
			}
		}
	})
}
