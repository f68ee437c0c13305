package build_test

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math"
	"math/rand/v2"
	"path/filepath"
	"reflect"
	"slices"
	"testing"

	"github.com/sandtable/sandtable/kit/build"
	"github.com/sandtable/sandtable/kit/ftbt"
	"github.com/sandtable/sandtable/kit/glory"
	"github.com/sandtable/sandtable/kit/mbg"
	"github.com/sandtable/sandtable/kit/source"
	"github.com/sandtable/sandtable/kit/xghj"
	"github.com/sandtable/sandtable/scripts"
)

// features exercises what the game models do not: nested structs, maps of
// slices, pointers to structs, ignored and renamed fields, Go names.
type features struct {
	Plain   string
	Renamed int    `json:"renamed,omitempty"`
	Skipped string `json:"-"`
	Nested  struct{ A, B float64 }
	Ptr     *struct{ X int }
	Lists   map[string][]int64
	Any     any
	Anys    []any
}

// targets are the types the kit decodes source tables into.
var targets = []func() any{
	func() any { return new(mbg.ScenarioMeta) }, func() any { return new(mbg.RulesSrc) },
	func() any { return new(mbg.RobberSrc) }, func() any { return new(mbg.OfficerSrc) },
	func() any { return new(mbg.CitySrc) }, func() any { return new(mbg.InstituteSrc) },
	func() any { return new(mbg.TrainingSrc) }, func() any { return new(mbg.RoleSrc) },
	func() any { return new(mbg.TechSrc) }, func() any { return new(mbg.CardSrc) },
	func() any { return new(ftbt.ScenarioMeta) }, func() any { return new(ftbt.TerrainSrc) },
	func() any { return new(ftbt.MapSrc) }, func() any { return new(ftbt.RulesSrc) },
	func() any { return new(ftbt.ClassSrc) }, func() any { return new(ftbt.TechSrc) },
	func() any { return new(ftbt.PersonSrc) },
	func() any { return new(glory.ScenarioMeta) }, func() any { return new(glory.MapSrc) },
	func() any { return new(glory.RulesSrc) }, func() any { return new(glory.WeaponSrc) },
	func() any { return new(glory.ContestSrc) }, func() any { return new(glory.HeroSrc) },
	func() any { return new(glory.SkillSrc) },
	func() any { return new(xghj.ScenarioMeta) }, func() any { return new(xghj.TerrainSrc) },
	func() any { return new(xghj.MapSrc) }, func() any { return new(xghj.OverrideSrc) },
	func() any { return new(xghj.RegionSrc) }, func() any { return new(xghj.RulesSrc) },
	func() any { return new(features) },
}

func viaJSON(v any, dst any) bool {
	data, err := json.Marshal(v)
	if err != nil {
		return false
	}
	return json.Unmarshal(data, dst) == nil
}

// tables lists every table of a tree.
func tables(v any, out *[]map[string]any) {
	switch v := v.(type) {
	case map[string]any:
		*out = append(*out, v)
		for _, e := range v {
			tables(e, out)
		}
	case []any:
		for _, e := range v {
			tables(e, out)
		}
	}
}

func cloneTree(v any) any {
	switch v := v.(type) {
	case map[string]any:
		m := make(map[string]any, len(v))
		for k, e := range v {
			m[k] = cloneTree(e)
		}
		return m
	case []any:
		a := make([]any, len(v))
		for i, e := range v {
			a[i] = cloneTree(e)
		}
		return a
	}
	return v
}

// odd values: wrong types, numbers at the edges of int and float64.
var odd = []any{
	"s", "", true, int64(-3), int64(math.MaxInt64), float64(2.5), float64(3), 1e21, 1e20, math.Copysign(0, -1), 9.223372036854775807e18,
	-9.223372036854775808e18, nil, []any{}, []any{int64(1), "x", 2.5}, map[string]any{}, map[string]any{"X": int64(2), "a": "b"},
	math.NaN(), math.Inf(1),
}

// DecodeInto gives exactly what json.Unmarshal(json.Marshal(v)) gives, in
// values and in success, for every table of the shipped scenarios and lint
// fixtures decoded into every source type of the games, and for the same
// tables with values replaced by odd ones (wrong types, fractions into
// integers, numbers past int64, keys differing in case).
func TestDecodeIntoMatchesJSON(t *testing.T) {
	for _, f := range targets {
		p := f()
		_, custom := p.(*ftbt.TechSrc) // its terrain list and intervals decode themselves
		if build.Direct(p) == custom {
			t.Errorf("%T: decoded directly = %v", p, !custom)
		}
	}
	var all []map[string]any
	dirs, _ := filepath.Glob("../../scenarios/*/*")
	fixtures, _ := filepath.Glob("../*/testdata/*")
	for _, dir := range append(dirs, fixtures...) {
		if src, _ := source.Load(dir, source.Options{Builtin: scripts.FS}); src != nil {
			tables(src.Root, &all)
		}
	}
	if len(all) < 100 {
		t.Fatalf("only %d tables", len(all))
	}
	rng := rand.New(rand.NewPCG(7, 8))
	compare := func(what string, v map[string]any) {
		for _, f := range targets {
			want, got := f(), f()
			wok, gok := viaJSON(v, want), build.DecodeInto(v, got)
			if wok != gok || !reflect.DeepEqual(want, got) {
				b, _ := json.Marshal(v)
				t.Fatalf("%s %s into %T: DecodeInto %v %+v, encoding/json %v %+v", what, b, got, gok, got, wok, want)
			}
		}
	}
	for i, tab := range all {
		compare(fmt.Sprintf("table %d", i), tab)
		keys := make([]string, 0, len(tab))
		for k := range tab {
			keys = append(keys, k)
		}
		slices.Sort(keys)
		for range 2 {
			m := cloneTree(tab).(map[string]any)
			switch r := rng.IntN(5); {
			case r == 0 && len(keys) > 0:
				k := keys[rng.IntN(len(keys))]
				m[string(k[0]-32)+k[1:]] = m[k] // a key differing in case
				delete(m, k)
			case r == 1:
				m["Plain"], m["renamed"], m["Nested"], m["Ptr"], m["Lists"], m["Any"], m["Anys"], m["Skipped"] =
					"p", int64(4), map[string]any{"A": int64(1), "B": 2.5}, map[string]any{"X": 3.0},
					map[string]any{"a": []any{int64(1)}}, map[string]any{"n": int64(1)}, []any{int64(1), "x"}, "no"
			default:
				if len(keys) > 0 {
					m[keys[rng.IntN(len(keys))]] = odd[rng.IntN(len(odd))]
				}
				m["Nested"] = odd[rng.IntN(len(odd))]
				m["Any"] = odd[rng.IntN(len(odd))]
			}
			compare(fmt.Sprintf("table %d changed", i), m)
		}
	}
}

// DecodeList marks the elements that are no table or do not fit.
func TestDecodeList(t *testing.T) {
	list := []any{
		map[string]any{"name": "甲", "wu": int64(1)},
		"no table",
		map[string]any{"name": "乙", "wu": "high"},
	}
	got := build.DecodeList(list, func(o *mbg.OfficerSrc) { o.Bad = true })
	if len(got) != 3 || got[0].Bad || got[0].Name != "甲" || got[0].Wu != 1 || !got[1].Bad || !got[2].Bad || got[2].Name != "乙" {
		t.Errorf("DecodeList = %+v", got)
	}
	if got := build.DecodeList("no list", func(o *mbg.OfficerSrc) { o.Bad = true }); len(got) != 0 {
		t.Errorf("a non-list decodes as %v", got)
	}
}

// The compiled config of every shipped scenario is byte for byte what
// encoding/json's indenting encoder writes.
func TestMarshalShippedConfigs(t *testing.T) {
	c := build.NewCompiler(mbg.Game{}, ftbt.Game{}, glory.Game{}, xghj.Game{})
	dirs, _ := filepath.Glob("../../scenarios/*/*")
	n := 0
	for _, dir := range dirs {
		res := c.Compile(dir, build.Options{})
		if res.Value == nil {
			continue
		}
		if ds := res.Encode(); len(ds) > 0 {
			t.Errorf("%s: %v", dir, ds)
			continue
		}
		var want bytes.Buffer
		enc := json.NewEncoder(&want)
		enc.SetEscapeHTML(false)
		enc.SetIndent("", "  ")
		if err := enc.Encode(res.Value); err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(res.Config, want.Bytes()) {
			t.Errorf("%s: the config differs from encoding/json's", dir)
		}
		n++
	}
	if n < 8 {
		t.Errorf("only %d shipped scenarios compiled", n)
	}
}
