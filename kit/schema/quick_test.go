package schema_test

import (
	"encoding/json"
	"fmt"
	"math"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/sandtable/sandtable/kit/build"
	"github.com/sandtable/sandtable/kit/games"
	"github.com/sandtable/sandtable/kit/schema"
	"github.com/sandtable/sandtable/kit/source"
	"github.com/sandtable/sandtable/scripts"
)

// A document in a schema's corpus.
type sample struct {
	name string
	doc  any
}

// corpus gathers, per schema, the documents of the repository: every
// shipped scenario and lint fixture (source trees, as Validate sees them)
// and the compiled config of every shipped scenario (decoded JSON).
func corpus(t *testing.T) map[string][]sample {
	t.Helper()
	out := map[string][]sample{}
	c := build.NewCompiler(games.All()...)
	for _, g := range games.All() {
		name := g.Name()
		var dirs []string
		for _, pattern := range []string{"../../scenarios/" + name + "/*", "../" + name + "/testdata/*"} {
			m, _ := filepath.Glob(pattern)
			dirs = append(dirs, m...)
		}
		for _, dir := range dirs {
			if _, err := os.Stat(filepath.Join(dir, source.EntryFile)); err != nil {
				continue
			}
			src, _ := source.Load(dir, source.Options{Builtin: scripts.FS})
			if src == nil {
				continue
			}
			out[name+".scenario.schema.json"] = append(out[name+".scenario.schema.json"], sample{dir, src.Root})
			res := c.Compile(dir, build.Options{})
			if res.Config == nil {
				continue
			}
			var doc any
			if err := json.Unmarshal(res.Config, &doc); err != nil {
				t.Fatal(err)
			}
			out[name+".config.schema.json"] = append(out[name+".config.schema.json"], sample{dir + " (config)", doc})
		}
	}
	return out
}

// The quick check never contradicts jsonschema/v5: on every document of the
// corpus and on random mutations of them (numbers at and past bounds, wrong
// types, missing and unknown keys, repeated and dropped elements), "valid"
// means the library accepts the document and "invalid" that it refuses it.
// It must also decide every unmodified shipped document, or compiling would
// not get faster.
func TestQuickAgreesWithLibrary(t *testing.T) {
	set, err := schema.Load()
	if err != nil {
		t.Fatal(err)
	}
	variants := 12
	if testing.Short() {
		variants = 3
	}
	rng := rand.New(rand.NewPCG(12, 3))
	tally := map[string]int{}
	for name, samples := range corpus(t) {
		if set.QuickVerdict(name, map[string]any{}) == "none" {
			t.Errorf("%s has no quick check", name)
			continue
		}
		for _, s := range samples {
			check := func(what string, doc any) string {
				q, lib := set.QuickVerdict(name, doc), set.LibraryValid(name, doc)
				if (q == "valid" && !lib) || (q == "invalid" && lib) {
					t.Errorf("%s, %s: quick check says %s, the library says valid=%v", s.name, what, q, lib)
				}
				tally[q]++
				tally["tape "+tapeAgrees(t, set, name, doc, s.name+", "+what)]++
				return q
			}
			if q := check("as is", s.doc); q == "unsure" && set.LibraryValid(name, s.doc) {
				t.Errorf("%s: the quick check cannot decide a valid shipped document", s.name)
			}
			for i := range variants {
				doc := clone(s.doc)
				var what []string
				for range 1 + rng.IntN(3) {
					what = append(what, mutate(rng, doc))
				}
				check(fmt.Sprintf("variant %d %v", i, what), doc)
			}
		}
	}
	t.Logf("verdicts: %v", tally)
	if tally["invalid"] == 0 || tally["valid"] == 0 {
		t.Errorf("the mutations do not exercise both answers: %v", tally)
	}
}

// Numbers at a bound in every representation the decoders produce.
func TestQuickBounds(t *testing.T) {
	set, err := schema.Load()
	if err != nil {
		t.Fatal(err)
	}
	// mbg's max_step has minimum 1; p_poison_prop_scale is a number.
	for _, v := range []any{int64(0), int64(1), int64(2), 0.0, 1.0, 0.999999, 1.0000001, 1.5, math.Copysign(0, -1), 1e300, -1e300} {
		for _, key := range []string{"max_step", "p_poison_prop_scale", "burn_hurt"} {
			doc := map[string]any{
				"board":     []any{"empty"},
				"scenario":  map[string]any{"name": "t", "win_money": int64(1000)},
				"roles":     []any{map[string]any{"name": "甲", "start": int64(0), "money": int64(100)}},
				"constants": map[string]any{key: v},
			}
			name := "mbg.scenario.schema.json"
			q, lib := set.QuickVerdict(name, doc), set.LibraryValid(name, doc)
			if (q == "valid") != lib && q != "unsure" {
				t.Errorf("%s = %v: quick %s, library valid=%v", key, v, q, lib)
			}
			tapeAgrees(t, set, name, doc, fmt.Sprintf("%s = %v", key, v))
		}
	}
}

// tapeAgrees checks doc's JSON text with the quick check of the text
// (Set.ValidateJSON's) and returns its verdict. The text must be read, the
// verdict must be the quick check's verdict on the text's decoded tree
// (valid or not: an invalid and an unsure property may be met in either
// order), and it must not contradict the library on that tree.
func tapeAgrees(t *testing.T, set *schema.Set, name string, doc any, what string) string {
	t.Helper()
	data, err := json.Marshal(doc)
	if err != nil {
		t.Fatalf("%s: %v", what, err)
	}
	tq := set.TapeVerdict(name, data)
	tree, err := schema.DecodeJSON(data)
	if err != nil {
		t.Fatalf("%s: %v", what, err)
	}
	q, lib := set.QuickVerdict(name, tree), set.LibraryValid(name, tree)
	switch {
	case tq == "notape":
		t.Errorf("%s: the tape refuses the JSON text %.200s", what, data)
	case (tq == "valid") != (q == "valid"):
		t.Errorf("%s: the text's check says %s, the tree's %s", what, tq, q)
	case (tq == "valid" && !lib) || (tq == "invalid" && lib):
		t.Errorf("%s: the text's check says %s, the library says valid=%v", what, tq, lib)
	}
	return tq
}

func clone(v any) any {
	switch v := v.(type) {
	case map[string]any:
		m := make(map[string]any, len(v))
		for k, e := range v {
			m[k] = clone(e)
		}
		return m
	case []any:
		a := make([]any, len(v))
		for i, e := range v {
			a[i] = clone(e)
		}
		return a
	}
	return v
}

// slot is a place in a document holding a value.
type slot struct {
	get func() any
	set func(any)
	ptr string
}

func slots(v any, ptr string, out *[]slot) {
	switch v := v.(type) {
	case map[string]any:
		keys := make([]string, 0, len(v))
		for k := range v {
			keys = append(keys, k)
		}
		slices.Sort(keys)
		for _, k := range keys {
			*out = append(*out, slot{func() any { return v[k] }, func(x any) { v[k] = x }, ptr + "/" + k})
			slots(v[k], ptr+"/"+k, out)
		}
	case []any:
		for i := range v {
			*out = append(*out, slot{func() any { return v[i] }, func(x any) { v[i] = x }, ptr + "/" + strconv.Itoa(i)})
			slots(v[i], ptr+"/"+strconv.Itoa(i), out)
		}
	}
}

// mutate changes one value of doc in place and says what it did.
func mutate(rng *rand.Rand, doc any) string {
	var all []slot
	slots(doc, "", &all)
	if len(all) == 0 {
		return "nothing"
	}
	s := all[rng.IntN(len(all))]
	old := s.get()
	var nv any
	switch o := old.(type) {
	case int64:
		nv = []any{int64(0), int64(-1), int64(1), o + 1, o - 1, o * 1000, 0.5, float64(o), float64(o) + 0.5, 1e300, "7", nil}[rng.IntN(12)]
	case float64:
		nv = []any{int64(0), int64(-1), int64(o), o + 1, o - 1, -o, o * 1000, 0.5, 1e300, o + 1e-9, true}[rng.IntN(11)]
	case string:
		nv = []any{"", "x", "未知", o + o, int64(1), []any{o}}[rng.IntN(6)]
	case bool:
		nv = []any{!o, "true", int64(1)}[rng.IntN(3)]
	case map[string]any:
		keys := make([]string, 0, len(o))
		for k := range o {
			keys = append(keys, k)
		}
		slices.Sort(keys)
		switch rng.IntN(4) {
		case 0:
			if len(keys) > 0 {
				k := keys[rng.IntN(len(keys))]
				delete(o, k)
				return "delete " + s.ptr + "/" + k
			}
		case 1:
			o["bogus"] = int64(1)
			return "add " + s.ptr + "/bogus"
		case 2:
			nv = []any{}
		}
		if nv == nil {
			nv = map[string]any{}
		}
	case []any:
		switch rng.IntN(4) {
		case 0:
			if len(o) > 0 {
				nv = append(slices.Clone(o), clone(o[rng.IntN(len(o))]))
			}
		case 1:
			if len(o) > 0 {
				nv = o[1:]
			}
		case 2:
			nv = map[string]any{}
		}
		if nv == nil {
			nv = []any{}
		}
	}
	s.set(nv)
	return fmt.Sprintf("%s: %v -> %v", s.ptr, short(old), short(nv))
}

func short(v any) string {
	s := fmt.Sprintf("%T %v", v, v)
	if len(s) > 40 {
		s = s[:40] + "…"
	}
	return s
}

// otherKeywords is a schema with the keywords the shipped schemas do not
// use yet.
const otherKeywords = `{
	  "$schema": "http://json-schema.org/draft-07/schema#",
	  "definitions": {
	    "pos": {"type": "array", "items": [{"type": "integer"}, {"type": "integer", "minimum": 0}], "additionalItems": false},
	    "tree": {"type": "object", "properties": {"kids": {"type": "array", "items": {"$ref": "#/definitions/tree"}}}}
	  },
	  "type": "object",
	  "propertyNames": {"maxLength": 6},
	  "properties": {
	    "p": {"$ref": "#/definitions/pos"},
	    "t": {"$ref": "#/definitions/tree"},
	    "a": {"anyOf": [{"type": "string", "pattern": "^x"}, {"type": "number", "multipleOf": 0.5}]},
	    "o": {"oneOf": [{"type": "integer"}, {"type": "number", "maximum": 2}]},
	    "n": {"not": {"enum": [1, 2.5, "z", null]}},
	    "c": {"const": 3},
	    "e": {"exclusiveMaximum": 1.1, "exclusiveMinimum": -2},
	    "u": {"type": "array", "uniqueItems": true, "maxItems": 4},
	    "tu": {"type": "array", "items": [{"type": "string"}], "additionalItems": {"type": "boolean"}},
	    "i": {"if": {"type": "string"}, "then": {"minLength": 2}, "else": {"type": "number"}}
	  },
	  "patternProperties": {"^q": {"type": "boolean"}},
	  "additionalProperties": {"type": "integer"}
	}`

// The keywords the shipped schemas do not use yet (references, anyOf,
// oneOf, not, patternProperties, tuples, propertyNames, multipleOf, numeric
// enums) agree with the library too, on random documents.
func TestQuickOtherKeywords(t *testing.T) {
	doc := otherKeywords
	set, err := schema.LoadFS(fstest.MapFS{"t.schema.json": {Data: []byte(doc)}})
	if err != nil {
		t.Fatal(err)
	}
	if set.QuickVerdict("t.schema.json", map[string]any{}) == "none" {
		t.Fatal("no quick check for the test schema")
	}
	rng := rand.New(rand.NewPCG(4, 5))
	leaves := []func() any{
		func() any { return int64(rng.IntN(7) - 3) },
		func() any { return float64(rng.IntN(9)-4) / 2 },
		func() any { return []string{"x", "xy", "y", "z", "長い"}[rng.IntN(5)] },
		func() any { return rng.IntN(2) == 0 },
		func() any { return nil },
		func() any { return 1.1 },
		func() any { return -2.0 },
	}
	var value func(depth int) any
	value = func(depth int) any {
		switch r := rng.IntN(10); {
		case r < 6 || depth > 3:
			return leaves[rng.IntN(len(leaves))]()
		case r < 8:
			a := make([]any, rng.IntN(4))
			for i := range a {
				a[i] = value(depth + 1)
			}
			return a
		default:
			m := map[string]any{}
			for range rng.IntN(3) {
				m[[]string{"kids", "x", "kids"}[rng.IntN(3)]] = value(depth + 1)
			}
			return m
		}
	}
	keys := []string{"p", "t", "a", "o", "n", "c", "e", "u", "tu", "i", "q1", "qq", "other", "toolongkey"}
	tally := map[string]int{}
	for i := range 3000 {
		d := map[string]any{}
		for range 1 + rng.IntN(3) {
			d[keys[rng.IntN(len(keys))]] = value(0)
		}
		q, lib := set.QuickVerdict("t.schema.json", d), set.LibraryValid("t.schema.json", d)
		if (q == "valid" && !lib) || (q == "invalid" && lib) {
			t.Errorf("document %d %v: quick check says %s, the library says valid=%v", i, d, q, lib)
		}
		tally[q]++
		tally["tape "+tapeAgrees(t, set, "t.schema.json", d, fmt.Sprintf("document %d %v", i, d))]++
	}
	t.Logf("verdicts: %v", tally)
	if tally["valid"] < 100 || tally["invalid"] < 100 {
		t.Errorf("random documents do not exercise both answers: %v", tally)
	}
}

// Every embedded schema compiles (on first use, from several goroutines at
// once) and has a quick check; a schema that does not compile is reported
// by Validate as an internal error, every time it is asked for.
func TestSchemasCompileOnUse(t *testing.T) {
	set, err := schema.Load()
	if err != nil {
		t.Fatal(err)
	}
	names := set.Names()
	if len(names) < 8 {
		t.Fatalf("schemas: %v", names)
	}
	done := make(chan struct{})
	for range 3 {
		go func() {
			defer func() { done <- struct{}{} }()
			for _, n := range names {
				for _, d := range set.Validate(n, map[string]any{}, nil) {
					if d.Code == schema.CodeInternal {
						t.Errorf("%s: %v", n, d)
					}
				}
			}
		}()
	}
	for range 3 {
		<-done
	}
	for _, n := range names {
		if set.QuickVerdict(n, map[string]any{}) == "none" {
			t.Errorf("%s has no quick check", n)
		}
	}
	broken, err := schema.LoadFS(fstest.MapFS{
		"ok.schema.json":  {Data: []byte(`{"type": "object"}`)},
		"bad.schema.json": {Data: []byte(`{"type": "objekt"}`)},
		"syn.schema.json": {Data: []byte(`{"type": `)},
	})
	if err != nil {
		t.Fatal(err)
	}
	for range 2 {
		for _, n := range []string{"bad.schema.json", "syn.schema.json"} {
			if ds := broken.Validate(n, map[string]any{}, nil); len(ds) != 1 || ds[0].Code != schema.CodeInternal {
				t.Errorf("broken schema %s: %v", n, ds)
			}
		}
	}
	if ds := broken.Validate("ok.schema.json", "text", nil); len(ds) != 1 || ds[0].Code == schema.CodeInternal {
		t.Errorf("ok schema beside a broken one: %v", ds)
	}
	if ds := broken.Validate("none.schema.json", nil, nil); len(ds) != 1 || ds[0].Code != schema.CodeInternal {
		t.Errorf("unknown schema: %v", ds)
	}
}

// The text's check reads escaped strings and keys as their decoded values,
// and refuses what the tree would hold differently: an object naming a
// member twice (the tree keeps the last value), text that is not JSON.
func TestTapeText(t *testing.T) {
	const doc = `{
	  "$schema": "http://json-schema.org/draft-07/schema#",
	  "type": "object",
	  "required": ["a/b"],
	  "properties": {
	    "a/b": {"enum": ["x\"y", "中"]},
	    "n": {"type": "array", "items": {"type": "integer", "maximum": 3}, "uniqueItems": true}
	  },
	  "additionalProperties": false
	}`
	set, err := schema.LoadFS(fstest.MapFS{"t.schema.json": {Data: []byte(doc)}})
	if err != nil {
		t.Fatal(err)
	}
	for text, want := range map[string]string{
		`{"a/b": "x\"y"}`:                    "valid",
		`{"a\/b": "\u4e2d", "n": [1, 2, 3]}`: "valid",
		`{"a/b": "\u4e2d\u4e2d"}`:            "invalid",
		`{"n": [1]}`:                         "invalid", // a/b missing
		`{"a/b": "中", "n": [1, 1]}`:          "invalid", // not unique
		`{"a/b": "中", "n": [1.5]}`:           "invalid",
		`{"a/b": "中", "n": [4]}`:             "invalid",
		`{"a/b": "中", "m": 1}`:               "invalid",
		`{"a/b": "中", "a/b": "no"}`:          "notape",
		`{"a/b": "中", "k1": 1, "k2": 2, "k3": 3, "k4": 4, "k5": 5, "k6": 6, "k7": 7, "k8": 8, "k9": 9, "k4": 0}`: "notape",
		`{"a/b": "中"} x`:      "notape",
		`{"a/b": "中",}`:       "notape",
		"{\"a/b\": \"\xff\"}": "notape",
	} {
		if got := set.TapeVerdict("t.schema.json", []byte(text)); got != want {
			t.Errorf("%s: the text's check says %s, want %s", text, got, want)
		}
	}
	if ds := set.ValidateJSON("t.schema.json", []byte(`{"a/b": "中", "a/b": "no"}`)); len(ds) != 1 {
		t.Errorf("a repeated key (the last value is wrong): %v, want one diagnostic", ds)
	}
	if ds := set.ValidateJSON("t.schema.json", []byte(`{"a/b": "x\"y"}`)); len(ds) != 0 {
		t.Errorf("a valid text: %v", ds)
	}
	if ds := set.ValidateJSON("t.schema.json", []byte(`{"a/b": `)); len(ds) != 1 || ds[0].Code != schema.CodeInternal {
		t.Errorf("text that is not JSON: %v, want one %s", ds, schema.CodeInternal)
	}
}

// FuzzTape: on any text, the text's check either refuses it or agrees with
// the quick check of DecodeJSON's tree and the library, on the schema of
// the other keywords.
func FuzzTape(f *testing.F) {
	set, err := schema.LoadFS(fstest.MapFS{"t.schema.json": {Data: []byte(otherKeywords)}})
	if err != nil {
		f.Fatal(err)
	}
	for _, s := range []string{`{}`, `{"p": [1, 0], "u": [1, "1", true]}`, `{"a": "x\u0041", "q\u0031": true}`,
		`{"t": {"kids": [{"kids": []}, {"x": 1}]}, "i": "ab"}`, `{"o": 2.0, "n": null}`, `[1]`, `{"c": 3, "c": 4}`} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		tq := set.TapeVerdict("t.schema.json", data)
		if tq == "notape" {
			return
		}
		tree, err := schema.DecodeJSON(data)
		if err != nil {
			t.Fatalf("the tape read %q, which DecodeJSON refuses: %v", data, err)
		}
		q, lib := set.QuickVerdict("t.schema.json", tree), set.LibraryValid("t.schema.json", tree)
		if (tq == "valid") != (q == "valid") || (tq == "valid" && !lib) || (tq == "invalid" && lib) {
			t.Fatalf("%q: the text's check says %s, the tree's %s, the library valid=%v", data, tq, q, lib)
		}
	})
}

// BenchmarkValidateConfig: checking sanguo's compiled config, from its text
// (ValidateJSON: the tape) and as a decoded tree (DecodeJSON and Validate,
// the way before the tape).
func BenchmarkValidateConfig(b *testing.B) {
	set, err := schema.Load()
	if err != nil {
		b.Fatal(err)
	}
	res := build.NewCompiler(games.All()...).Compile("../../scenarios/mbg/sanguo", build.Options{})
	if res.Config == nil {
		b.Fatal(res.Diags)
	}
	const name = "mbg.config.schema.json"
	b.Run("text", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			if ds := set.ValidateJSON(name, res.Config); len(ds) > 0 {
				b.Fatal(ds)
			}
		}
	})
	b.Run("tree", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			doc, err := schema.DecodeJSON(res.Config)
			if err != nil {
				b.Fatal(err)
			}
			if ds := set.Validate(name, doc, nil); len(ds) > 0 {
				b.Fatal(ds)
			}
		}
	})
}

// Required members on the tape: those with a schema are ticked off while
// the members are checked, the others (and all of them past 64) are looked
// for.
func TestTapeRequired(t *testing.T) {
	var many, all []string
	for i := range 65 {
		many = append(many, fmt.Sprintf("%q", fmt.Sprint("k", i)))
		all = append(all, fmt.Sprintf("%q: %d", fmt.Sprint("k", i), i))
	}
	set, err := schema.LoadFS(fstest.MapFS{
		"few.schema.json": {Data: []byte(`{"properties": {"a": {"type": "integer"}, "b": {}}, "required": ["a", "z"]}`)},
		"many.schema.json": {Data: []byte(`{"properties": {"k0": {"type": "integer"}}, "required": [` +
			strings.Join(many, ", ") + `]}`)},
	})
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct{ schema, text, want string }{
		{"few", `{"a": 1, "z": 2}`, "valid"},
		{"few", `{"z": 2, "b": 0, "a": 1}`, "valid"},
		{"few", `{"a": 1}`, "invalid"},
		{"few", `{"z": 1, "b": 2}`, "invalid"},
		{"few", `{"a": 1.5, "z": 2}`, "invalid"},
		{"many", "{" + strings.Join(all, ", ") + "}", "valid"},
		{"many", "{" + strings.Join(all[1:], ", ") + "}", "invalid"},
		{"many", "{" + strings.Join(all[:64], ", ") + "}", "invalid"},
	} {
		if got := set.TapeVerdict(c.schema+".schema.json", []byte(c.text)); got != c.want {
			t.Errorf("%s, %.40s: the text's check says %s, want %s", c.schema, c.text, got, c.want)
		}
	}
}
