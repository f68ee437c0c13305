package build

import (
	"bytes"
	"encoding/json"
	"math/rand/v2"
	"reflect"
	"strings"
	"testing"
)

// decodeTree gives exactly json.Unmarshal's value, or its error.
func sameAsUnmarshal(t *testing.T, data []byte) {
	t.Helper()
	var want any
	werr := json.Unmarshal(data, &want)
	got, gerr := decodeTree(data)
	if (werr == nil) != (gerr == nil) || (werr != nil && werr.Error() != gerr.Error()) {
		t.Fatalf("%q: error %v, json.Unmarshal %v", data, gerr, werr)
	}
	if werr == nil && !reflect.DeepEqual(got, want) {
		t.Fatalf("%q: decoded %#v, json.Unmarshal %#v", data, got, want)
	}
}

var treeSeeds = []string{
	`{}`, `[]`, ` {"a": [1, 2.5, -0, -1e-7, 1E+300, 0.1], "b": {"c": null, "d": true, "e": false}} `,
	`"plain"`, `"esc \" \\ \/ \b \f \n \r \t \u0041 \u00e9 \u4e2d \ud83d\ude00 \u2028"`, `"中文 😀"`,
	`"lone \ud800 surrogate"`, `"low \udc00 first"`, `"bad \x"`, "\"ctl \x01\"", "\"bad utf8 \xff\"",
	`"\ufffd"`, "\"\xef\xbf\xbd\"", `{"a":1,"a":2}`, `[1,]`, `{"a":1,}`, `01`, `-`, `1.`, `1e`, `.5`,
	`1e400`, `-1e400`, `[1 2]`, `{"a" 1}`, `{1: 2}`, `nul`, `truex`, `[true, false, null]`, ``, ` `,
	`[[[[[]]]]]`, `{"k": "v"} x`, `"unterminated`, `{"a": [1, {"b": [2, {"c": "d"}]}]}`,
	strings.Repeat("[", 1200) + strings.Repeat("]", 1200),
}

func TestDecodeTree(t *testing.T) {
	for _, s := range treeSeeds {
		sameAsUnmarshal(t, []byte(s))
	}
	// Random documents, encoded by encoding/json as Compile's are, and
	// with one byte changed.
	rng := rand.New(rand.NewPCG(1, 2))
	pieces := []string{"a", "中", "😀", "\"", "\\", "\n", "\u2028", "<&>", "\x00", "é"}
	var gen func(depth int) any
	gen = func(depth int) any {
		switch r := rng.IntN(9); {
		case depth > 4 || r < 2:
			return []any{rng.Float64() * 1e6, float64(rng.IntN(100) - 50), 1e-9, true, false, nil}[rng.IntN(6)]
		case r < 4:
			var b strings.Builder
			for range rng.IntN(5) {
				b.WriteString(pieces[rng.IntN(len(pieces))])
			}
			return b.String()
		case r < 6:
			a := make([]any, rng.IntN(4))
			for i := range a {
				a[i] = gen(depth + 1)
			}
			return a
		default:
			m := map[string]any{}
			for range rng.IntN(4) {
				m[pieces[rng.IntN(len(pieces))]] = gen(depth + 1)
			}
			return m
		}
	}
	for range 2000 {
		v := gen(0)
		data, err := Marshal(v)
		if err != nil {
			t.Fatal(err)
		}
		// Marshal's own indentation gives encoding/json's bytes.
		var want bytes.Buffer
		enc := json.NewEncoder(&want)
		enc.SetEscapeHTML(false)
		enc.SetIndent("", "  ")
		if err := enc.Encode(v); err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(data, want.Bytes()) {
			t.Fatalf("Marshal = %q, encoding/json %q", data, want.Bytes())
		}
		sameAsUnmarshal(t, data)
		if len(data) > 0 {
			bad := []byte(string(data))
			const junk = "{}[]\",:\\ 0-eu\xff"
			bad[rng.IntN(len(bad))] = junk[rng.IntN(len(junk))]
			sameAsUnmarshal(t, bad)
		}
	}
}

func FuzzDecodeTree(f *testing.F) {
	for _, s := range treeSeeds {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		sameAsUnmarshal(t, data)
	})
}
