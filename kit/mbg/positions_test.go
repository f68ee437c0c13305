package mbg_test

import (
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/sandtable/sandtable/kit/build"
	"github.com/sandtable/sandtable/kit/diag"
	"github.com/sandtable/sandtable/kit/mbg"
)

// The scenario puts each layer's problem after tabs, CJK and astral-plane
// runes, so a column counted in bytes, cells or UTF-16 units would differ
// from the rune column the diagnostics promise.
const layersScenario = `#:schema mbg.scenario.schema.json
include = ["builtin:mbg/standard.toml"]
board = ["许昌", "hall", "chance", "empty"]
officers = [{ name = "曹操", wu = 72, zhan = 99, mou = 92, zheng = 96, jing = 88 }]

[scenario]
name = "层"
	title = "𠀀😀"
win_money = 9000

[[techs]]
id = "连弩"
script = "t.lua"
study = 400
trigger = "round_won"
prob = [0, 0.6]
value = [20, 35]
cooldown = 3

[[cities]]
name = "许昌"
scope = "small"
	mayor = "曹橾" # 😀
garrison = ["曹操"]

[[roles]]
name = "魏"
start = 0
money = 1000
	retinue = ["𠀀😀", 3]
`

const layersScript = "function effect(ctx)\n\tlocal s = \"曹操😀\" return 0 0\nend\n"

// TestPositionsAcrossLayers: schema, game-rule and Lua diagnostics land on
// the same line and rune column whatever the byte order mark and line
// endings of the scenario and the script (issue #11, failure 3: a BOM moved
// type errors to 1:1).
func TestPositionsAcrossLayers(t *testing.T) {
	want := map[string]string{
		"schema-type":     "scenario.toml:30:19", // the 3 after a tab, 𠀀 and 😀
		"mbg-unknown-ref": "scenario.toml:23:10", // "曹橾" after a tab
		"lua-syntax":      "t.lua:2:27",          // the second 0, after 曹操😀
	}
	for _, bom := range []string{"", "\uFEFF"} {
		for _, eol := range []string{"\n", "\r\n"} {
			dir := t.TempDir()
			write := func(name, text string) {
				text = bom + strings.ReplaceAll(text, "\n", eol)
				if err := os.WriteFile(filepath.Join(dir, name), []byte(text), 0o644); err != nil {
					t.Fatal(err)
				}
			}
			write("scenario.toml", layersScenario)
			write("t.lua", layersScript)
			res := build.NewCompiler(mbg.Game{}).Compile(dir, build.Options{})
			got := map[string]string{}
			for _, d := range diag.Normalize(res.Diags) {
				if d.Subject != nil && want[d.Code] != "" && got[d.Code] == "" {
					got[d.Code] = filepath.Base(d.Subject.File) + ":" + itoa(d.Subject.Start.Line) + ":" + itoa(d.Subject.Start.Column)
				}
			}
			for code, w := range want {
				if got[code] != w {
					t.Errorf("bom=%v crlf=%v: %s at %q, want %s (all: %v)", bom != "", eol != "\n", code, got[code], w, res.Diags)
				}
			}
		}
	}
}

func itoa(i int) string { return strconv.Itoa(i) }
