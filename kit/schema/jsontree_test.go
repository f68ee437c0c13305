package schema

import (
	"bytes"
	"encoding/json"
	"math/rand/v2"
	"reflect"
	"strings"
	"testing"

	"github.com/sandtable/sandtable/kit/internal/jsongen"
)

// DecodeJSON gives exactly json.Unmarshal's value, or its error.
func sameAsUnmarshal(t *testing.T, data []byte) {
	t.Helper()
	var want any
	werr := json.Unmarshal(data, &want)
	got, gerr := DecodeJSON(data)
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
	// Random documents, encoded by encoding/json as Compile's are (see
	// build.Marshal), and with one byte changed.
	rng := rand.New(rand.NewPCG(1, 2))
	for range 2000 {
		var buf bytes.Buffer
		enc := json.NewEncoder(&buf)
		enc.SetEscapeHTML(false)
		enc.SetIndent("", "  ")
		if err := enc.Encode(jsongen.Value(rng, 4)); err != nil {
			t.Fatal(err)
		}
		data := buf.Bytes()
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
