package mbg_test

import (
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/sandtable/sandtable/engine/mbg"
	"github.com/sandtable/sandtable/engine/mbg/native"
)

// seedConstants is the seed's constant table (manual §所有常数, facts §1)
// with the manual's mayor_heal_scale 1.5 (rules/mbg.md).
func seedConstants() mbg.Constants {
	return mbg.Constants{
		TrainRound: 6, TrainPlus: 3, StudyScale: 1, PHPBase: 1000, PHPScale: 20, PPriceScale: 30,
		PPoisonPropScale: 0.75, DefSmall: 500, DefMedium: 800, DefBig: 1200, DefPlusScale: 0.05,
		FengshuiRound: 5, MinEarn: 20, MaxStep: 6, FastScale: 2, SlowScale: 2, RobberSteal: 2000,
		MeetionSteal: 0.04, TaxScale: 6, OwnTaxScale: 3, HPPlusScale: 1.5, AllocateTurn: 8,
		BattleRoundMin: 40, BattleRoundStep: 30, BurnHurt: 20, CardStealMoney: 1500,
		CardHPRecoverScale: 0.1, MayorHealScale: 1.5,
	}
}

// officer builds an officer with the seed's derived values: hpmax = 1000 +
// 4 × sum of the properties, level by facts §11.
func officer(name string, props ...float64) mbg.Officer {
	var p [mbg.NumProps]float64
	copy(p[:], props)
	sum, over95, over85, over80 := 0.0, 0, 0, 0
	for _, v := range p {
		sum += v
		if v > 95 {
			over95++
		}
		if v > 85 {
			over85++
		}
		if v > 80 {
			over80++
		}
	}
	avg := sum / 5
	level := 0
	switch {
	case over95 > 0 && avg >= 50, over80 >= 2 && avg >= 70:
		level = 2
	case over85 > 0 && avg >= 50, avg >= 60:
		level = 1
	}
	hp := 1000 + 4*sum
	return mbg.Officer{Name: name, Props: p, HPMax: hp, HP: hp, Level: level}
}

// robber is the seed's robber (facts §1).
func robber() mbg.Robber {
	return mbg.Robber{Name: "robber", Props: [5]float64{60, 50, 10, 20, 30}, HPMax: 1800, HP: 1500, Scale: 1}
}

// smallConfig is a 16-square board with 4 cities, 2 halls, 2 institutes,
// 2 training rooms, 4 chance squares, 10 officers, 3 roles, and the seed's
// 12 techs and 14 cards (the manual's rules).
func smallConfig() *mbg.Config {
	sq := func(class string, i int) mbg.Square { return mbg.Square{Class: class, Index: i} }
	cfg := &mbg.Config{
		Version: mbg.ConfigVersion, Game: "mbg", Name: "small", WinMoney: 30000, MaxTurn: 50,
		Constants: seedConstants(),
		Rules:     mbg.Rules{TollToOwner: true, MoneyVictory: mbg.VictoryRichest, StatusBlocksTechs: true},
		Robber:    robber(),
		Board: []mbg.Square{
			sq(mbg.SquareEmpty, 0), sq(mbg.SquareCity, 0), sq(mbg.SquareCity, 0), sq(mbg.SquareHall, 0),
			sq(mbg.SquareChance, 0), sq(mbg.SquareCity, 1), sq(mbg.SquareInstitute, 0), sq(mbg.SquareChance, 0),
			sq(mbg.SquareEmpty, 0), sq(mbg.SquareCity, 2), sq(mbg.SquareTraining, 0), sq(mbg.SquareChance, 0),
			sq(mbg.SquareCity, 3), sq(mbg.SquareHall, 0), sq(mbg.SquareInstitute, 1), sq(mbg.SquareTraining, 1),
		},
		Officers: []mbg.Officer{
			officer("曹操", 72, 91, 96, 94, 94), // sum 447, max 96
			officer("夏侯惇", 90, 83, 58, 70, 50),
			officer("刘备", 75, 78, 76, 80, 75),
			officer("关羽", 97, 94, 75, 62, 60),
			officer("孙权", 67, 78, 80, 89, 85),
			officer("周瑜", 71, 97, 96, 86, 80),
			officer("荀彧", 14, 56, 97, 98, 92),
			officer("许褚", 96, 70, 36, 20, 24),
			officer("糜竺", 30, 32, 50, 60, 95),
			officer("潘凤", 60, 40, 20, 15, 36),
		},
		Cities: []mbg.City{
			{Name: "许昌", Scope: 2, DefMax: 1200, Garrison: []int{}, Mayor: -1, Treasurer: -1},
			{Name: "新野", Scope: 0, DefMax: 500, Garrison: []int{}, Mayor: -1, Treasurer: -1},
			{Name: "建业", Scope: 1, DefMax: 800, Garrison: []int{}, Mayor: -1, Treasurer: -1},
			{Name: "陈留", Scope: 1, DefMax: 800, Garrison: []int{6}, Mayor: 6, Treasurer: -1},
		},
		Institutes: []mbg.Institute{{Name: "水镜", Techs: []int{0, 1, 2, 5, 10}}, {Name: "卧龙", Techs: []int{3, 4, 6, 7, 8, 9, 11}}},
		Trainings:  []mbg.Training{{Name: "武馆", Prop: mbg.Wu}, {Name: "书院", Prop: mbg.Mou}},
		Roles: []mbg.Role{
			{Name: "魏", Start: 0, Techs: []int{}, Retinue: []int{0, 1}, Cities: []int{3}, Money: 10000, Dir: 1},
			{Name: "蜀", Start: 8, Techs: []int{}, Retinue: []int{2, 3}, Cities: []int{}, Money: 10000, Dir: 1},
			{Name: "吴", Start: 4, Techs: []int{}, Retinue: []int{4, 5}, Cities: []int{}, Money: 10000, Dir: -1},
		},
		Techs: native.StandardTechs(),
		Cards: native.StandardCards(),
	}
	return cfg
}

// sanguoConfig is a config the size of the original's sanguo.map (facts §3):
// 60 squares, 115 officers, 20 cities (6 large, 8 medium, 6 small, one to
// three squares each), 5 institutes, 5 training rooms, 3 roles at squares
// 0/20/40 with 4 officers and 10000 money each, win 30000, 50 turns. The
// officers' properties are drawn from seed.
func sanguoConfig(seed uint64) *mbg.Config {
	rng := rand.New(rand.NewPCG(seed, 0x5a96))
	cfg := &mbg.Config{
		Version: mbg.ConfigVersion, Game: "mbg", Name: "sanguo-sized", WinMoney: 30000, MaxTurn: 50,
		Constants: seedConstants(),
		Rules:     mbg.Rules{TollToOwner: true, MoneyVictory: mbg.VictoryRichest, StatusBlocksTechs: true},
		Robber:    robber(),
		Institutes: []mbg.Institute{
			{Name: "i0", Techs: []int{0, 1, 2, 5}}, {Name: "i1", Techs: []int{2, 3, 4, 6}}, {Name: "i2", Techs: []int{6, 8, 9}},
			{Name: "i3", Techs: []int{0, 1, 7, 10}}, {Name: "i4", Techs: []int{8, 9, 11}},
		},
		Techs: native.StandardTechs(),
		Cards: native.StandardCards(),
	}
	for i := range 115 {
		p := make([]float64, 5)
		for j := range p {
			p[j] = float64(10 + rng.IntN(91))
		}
		cfg.Officers = append(cfg.Officers, officer(fmt.Sprintf("o%d", i), p...))
	}
	for p := range mbg.NumProps {
		cfg.Trainings = append(cfg.Trainings, mbg.Training{Name: mbg.PropNames[p], Prop: p})
	}
	scopes := []int{2, 2, 2, 2, 2, 2, 1, 1, 1, 1, 1, 1, 1, 1, 0, 0, 0, 0, 0, 0}
	defs := []float64{500, 800, 1200}
	for i, s := range scopes {
		cfg.Cities = append(cfg.Cities, mbg.City{Name: fmt.Sprintf("c%d", i), Scope: s, DefMax: defs[s], Garrison: []int{}, Mayor: -1, Treasurer: -1})
	}
	// Twenty city blocks (even cities two squares, odd ones one) each
	// followed by one or two of 30 other squares: 5 institutes, 5 training
	// rooms, 4 halls, 9 chance and 7 empty squares.
	var fill []mbg.Square
	inst, room := 0, 0
	for _, c := range "EHICRCEICRHCEICRCHICRCEICRHCEC" {
		s := mbg.Square{Class: mbg.SquareEmpty}
		switch c {
		case 'H':
			s.Class = mbg.SquareHall
		case 'C':
			s.Class = mbg.SquareChance
		case 'I':
			s = mbg.Square{Class: mbg.SquareInstitute, Index: inst}
			inst++
		case 'R':
			s = mbg.Square{Class: mbg.SquareTraining, Index: room}
			room++
		}
		fill = append(fill, s)
	}
	for c := range 20 {
		for range 2 - c%2 {
			cfg.Board = append(cfg.Board, mbg.Square{Class: mbg.SquareCity, Index: c})
		}
		n := 1
		if c < 10 {
			n = 2
		}
		cfg.Board = append(cfg.Board, fill[:n]...)
		fill = fill[n:]
	}
	names := []string{"魏", "蜀", "吴"}
	for r := range 3 {
		cfg.Roles = append(cfg.Roles, mbg.Role{
			Name: names[r], Start: 20 * r, Techs: []int{}, Retinue: []int{4 * r, 4*r + 1, 4*r + 2, 4*r + 3},
			Cities: []int{}, Money: 10000, Dir: 1,
		})
	}
	return cfg
}

// providers returns the native tech and card runners of cfg.
func providers(t testing.TB, cfg *mbg.Config) (mbg.TechRunner, mbg.CardRunner) {
	t.Helper()
	techs, err := native.New(cfg.Techs)
	if err != nil {
		t.Fatal(err)
	}
	cards, err := native.NewCards(cfg.Cards)
	if err != nil {
		t.Fatal(err)
	}
	return techs, cards
}

// TestSanguoConfigShape checks the generated board has what the benchmark
// claims: 60 squares covering every city, institute and training room.
func TestSanguoConfigShape(t *testing.T) {
	t.Parallel()
	cfg := sanguoConfig(1)
	seen := map[string]map[int]bool{}
	for _, s := range cfg.Board {
		if seen[s.Class] == nil {
			seen[s.Class] = map[int]bool{}
		}
		seen[s.Class][s.Index] = true
	}
	if len(cfg.Board) != 60 || len(cfg.Officers) != 115 || len(seen[mbg.SquareCity]) != 20 ||
		len(seen[mbg.SquareInstitute]) != 5 || len(seen[mbg.SquareTraining]) != 5 {
		t.Fatalf("board %d squares, %d officers, cities %d, institutes %d, rooms %d",
			len(cfg.Board), len(cfg.Officers), len(seen[mbg.SquareCity]), len(seen[mbg.SquareInstitute]), len(seen[mbg.SquareTraining]))
	}
	if _, err := mbg.New(cfg, nil, nil, 1); err == nil {
		t.Fatal("New without providers accepted a config with techs and cards")
	}
	techs, cards := providers(t, cfg)
	if _, err := mbg.New(cfg, techs, cards, 1); err != nil {
		t.Fatal(err)
	}
}
