package glory_test

import (
	"testing"

	"github.com/sandtable/sandtable/engine/glory"
)

// Weapon indices of testConfig.
const (
	wM202 = iota
	wRPG
	wGatling
)

// Hero indices of testConfig (the seed's 16, facts §10 rows 1–16).
const (
	hBM = iota
	hLYJ
	h581
	h582
	h583
	hYR
	hDXD
	hFake
	hSJK
	hAn
	hOffice
	hDrrra
	hZheng
	hMoon
	hYangtze
	h142
)

// testConfig is the seed rulebook's content written out from the facts
// sheet (weapons §5, 偏移 §9.1, 数竞 §9.2, heroes §10), without skills.
func testConfig(t testing.TB) *glory.Config {
	t.Helper()
	hero := func(id string, hp, ext, math int, ident string, class5 bool, gender string) glory.Hero {
		return glory.Hero{ID: id, Name: id, HP: hp, Extreme: ext, Math: math, Identity: ident, Class5: class5, Gender: gender, Speed: 1}
	}
	const (
		weak, mid, strong, giant, god = glory.MathWeak, glory.MathMid, glory.MathStrong, glory.MathGiant, glory.MathGod
		m, f                          = glory.Male, glory.Female
	)
	heroes := []glory.Hero{
		hero("BM", 110, 5, strong, "5", true, m),
		hero("LYJ", 125, 2, god, "5", true, m),
		hero("581", 100, 11, weak, "6", false, f),
		hero("582", 100, 11, mid, "其他班学生", false, f),
		hero("583", 100, 10, strong, "6", false, f),
		hero("YR", 150, 0, weak, "5教师", true, m),
		hero("DXD", 135, 2, weak, "5外教师", false, m),
		hero("Fakeflower", 100, 6, giant, "5教师", true, f),
		hero("SJK", 130, 0, god, "5外教师", false, m),
		hero("An", 125, 5, giant, "5教师", true, f),
		hero("Office", 100, 6, weak, "5教师", true, f),
		hero("Drrra", 130, 3, giant, "5", true, m),
		hero("郑阁", 100, 0, giant, "其他班学生", false, m),
		hero("明月", 105, 7, strong, "其他班学生", false, f),
		hero("Yangtze", 115, 8, strong, "6", false, f),
		hero("142", 110, 6, mid, "6", false, f),
	}
	heroes[hSJK].Imaginary = true
	heroes[hDrrra].Speed = 2
	return &glory.Config{
		Version: glory.ConfigVersion, Game: "glory", Name: "test",
		Map:   standardMap(t),
		Rules: glory.DefaultRules(),
		Weapons: []glory.Weapon{
			{ID: "M202", Damage: []int{50, 35, 30, 25, 25, 20, 15}, Splash: [2]int{10, 7}, FireCost: 2, PrepareCost: 2, PrepLimit: 1},
			{ID: "RPG", Damage: []int{30, 25, 25, 20, 20, 15, 10}, Splash: [2]int{5, 3}, FireCost: 1, PrepareCost: 1},
			{ID: "Gatling", Damage: []int{40, 35, 20, 20, 15, 10, 10}, Single: true, FireCost: 0, PrepareCost: 2},
		},
		Shift: []float64{5, 5, 4, 4, 3, 3, 2.5},
		Contests: []glory.Contest{
			{ID: "A", Damage: [5]int{35, 25, 15, 5, 0}},
			{ID: "B", Damage: [5]int{30, 20, 10, 0, 0}},
			{ID: "C", Damage: [5]int{25, 15, 5, 0, 0}},
			{ID: "mislead", Damage: [5]int{0, 0, 30, 20, 10}},
		},
		Heroes: heroes,
	}
}
