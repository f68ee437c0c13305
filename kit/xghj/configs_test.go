package xghj_test

import (
	"testing"

	"github.com/sandtable/sandtable/kit/build/buildtest"
	"github.com/sandtable/sandtable/kit/xghj"
)

// TestConfigsValid: the config of every shipped scenario, and of the
// scenario mapc new writes when the game has a template, passes the
// game's config schema (jsonschema/v5), as mapc build checks before
// writing one; mapc check, sim and test use the config without encoding it.
func TestConfigsValid(t *testing.T) {
	checked, errs := buildtest.Configs(xghj.Game{}, "../../scenarios/xghj", t.TempDir())
	for _, err := range errs {
		t.Error(err)
	}
	t.Logf("validated %d configs", len(checked))
}
