package mbg

import (
	"testing"

	"github.com/sandtable/sandtable/kit/source"
	"github.com/sandtable/sandtable/scripts"
)

func TestHirePrice(t *testing.T) {
	// facts §6.2: 曹操 (sum 447, max 99) → 30 × (44.7 + 49.5) = 2826 × [0.9, 1.1).
	got := HirePrice([5]float64{72, 99, 92, 96, 88}, 30)
	if got != [2]float64{2543.4, 3108.6} {
		t.Errorf("price range = %v, want [2543.4 3108.6]", got)
	}
}

func TestInspectSample(t *testing.T) {
	src, ds := source.Load("../../scenarios/mbg/sample", source.Options{Builtin: scripts.FS})
	if len(ds) > 0 {
		t.Fatal(ds)
	}
	in := Inspect(Resolve(Decode(src)))
	// 许昌: large, owned by 魏, no treasurer → max(20, 0) × (2.5 + [0, 0.5)), toll × 6.
	c := in.Cities[0]
	if c.Name != "许昌" || c.Defence != 1200 || c.Squares != 2 || c.Owner != "魏" ||
		c.Income != [2]float64{50, 60} || c.Toll != [2]float64{300, 360} {
		t.Errorf("许昌 = %+v", c)
	}
	if r := in.Roles[1]; r.Name != "蜀" || r.Start != "empty" || r.Direction != "backward" || len(r.Retinue) != 3 {
		t.Errorf("蜀 = %+v", r)
	}
	if in.Roles[0].Income != 50 {
		t.Errorf("魏's income = %v, want 50", in.Roles[0].Income)
	}
	// 10 officers, 6 in retinues or garrisons → 4 free: 张辽 and 赵云 high, 糜竺 mid, 华雄 mid.
	// (facts §11: 张辽 two props > 80 with average 81.8; 赵云 96 > 95; 糜竺 91 > 85
	// with average 63.2; 华雄 93 > 85 with average 55.4.)
	if in.Pool["high"] != 2 || in.Pool["mid"] != 2 || in.Pool["low"] != 0 {
		t.Errorf("free pool = %v, want high 2, mid 2", in.Pool)
	}
}
