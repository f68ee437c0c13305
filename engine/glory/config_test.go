package glory_test

import (
	"testing"

	"github.com/sandtable/sandtable/engine/glory"
	"github.com/sandtable/sandtable/engine/glory/internal/fixture"
)

// Weapon and hero indices of the seed config (engine/glory/internal/fixture).
const (
	wM202    = fixture.M202
	wRPG     = fixture.RPG
	wGatling = fixture.Gatling

	hBM      = fixture.BM
	hLYJ     = fixture.LYJ
	h581     = fixture.H581
	h582     = fixture.H582
	h583     = fixture.H583
	hYR      = fixture.YR
	hDXD     = fixture.DXD
	hFake    = fixture.Fake
	hSJK     = fixture.SJK
	hAn      = fixture.An
	hOffice  = fixture.Office
	hDrrra   = fixture.Drrra
	hZheng   = fixture.Zheng
	hMoon    = fixture.Moon
	hYangtze = fixture.Yangtze
	h142     = fixture.H142
)

// testConfig is the seed rulebook's content without skills.
func testConfig(t testing.TB) *glory.Config {
	t.Helper()
	cfg, err := fixture.Config(false)
	if err != nil {
		t.Fatal(err)
	}
	cfg.Name = "test"
	return cfg
}
