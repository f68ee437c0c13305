package mbg

import (
	"testing"

	engine "github.com/sandtable/sandtable/engine/mbg"
)

// TestDescribeBattle: a battle is told with its generals' hp before and
// after, the result and the city's def.
func TestDescribeBattle(t *testing.T) {
	cfg := &engine.Config{
		Roles:    []engine.Role{{Name: "魏"}, {Name: "蜀"}},
		Officers: []engine.Officer{{Name: "曹操"}, {Name: "关羽"}, {Name: "张飞"}},
		Cities:   []engine.City{{Name: "许昌"}},
	}
	tb := &table{cfg: cfg}
	battles := []engine.BattleSummary{{Kind: engine.BattleCity, Attacker: 1, Defender: 0, City: 0, Scale: 1,
		Main: [2]int{1, 0}, Vice: [2]int{2, -1}, Outcome: engine.AttackerWon, Rounds: 33,
		HPBefore: [2]float64{2600, 2788}, HPAfter: [2]float64{2551, 0}, DefAfter: 0}}
	e := engine.Event{Kind: engine.EvBattle, Role: 1, Other: 0, Officer: -1, Place: 0, Index: 0, N: 1}
	want := "battle at 许昌 at scale 1: 蜀 (关羽 2600→2551 hp, vice 张飞) against 魏 (曹操 2788→0 hp); the attacker wins in 33 rounds; 许昌's def is now 0"
	if got := tb.describe(battles, e); got != want {
		t.Errorf("got  %s\nwant %s", got, want)
	}
	e = engine.Event{Kind: engine.EvOccupyFailed, Role: 0, Other: -1, Officer: -1, Place: 0, Index: -1}
	if got, want := tb.describe(nil, e), "魏 sends nobody into 许昌, so it stays unowned"; got != want {
		t.Errorf("got %q, want %q", got, want)
	}
}
