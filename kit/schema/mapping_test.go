package schema

import (
	"strings"
	"testing"

	"github.com/sandtable/sandtable/kit/diag"
	"github.com/sandtable/sandtable/kit/source"
)

const base = `board = ["empty"]
[scenario]
name = "t"
win_money = 1000
[[roles]]
name = "甲"
start = 0
money = 100
`

// check validates base+extra against the mbg scenario schema and returns the
// diagnostics as "line:col code summary | detail".
func check(t *testing.T, doc string) []string {
	t.Helper()
	src, ds := source.LoadBytes("s.toml", []byte(doc), source.Options{})
	if len(ds) != 0 {
		t.Fatalf("source: %v", ds)
	}
	set, err := Load()
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	for _, d := range set.Validate("mbg.scenario.schema.json", src.Root, src) {
		pos := "-"
		if d.Subject != nil {
			pos = strings.TrimPrefix(d.Subject.String(), "s.toml:")
		}
		out = append(out, pos+" "+d.Code+" "+d.Summary+" | "+d.Detail)
	}
	return out
}

func TestMapping(t *testing.T) {
	tests := []struct {
		name, extra string
		want        []string // prefixes
	}{
		{"valid", ``, nil},
		{"type", "[[officers]]\nname = \"甲\"\nwu = \"high\"\nzhan = 1\nmou = 1\nzheng = 1\njing = 1\n",
			[]string{`11:6 schema-type Wrong type | officers["甲"].wu must be a number, not a string.`}},
		{"unknown key with suggestion", "[[cities]]\nname = \"许昌\"\nscope = \"large\"\nmayr = \"x\"\n",
			[]string{`12:1 schema-unknown-key Unknown key | cities["许昌"] has no key "mayr". Did you mean "mayor"?`}},
		{"unknown top-level key", "",
			[]string{`1:1 schema-unknown-key Unknown key | The scenario has no top-level key "boards". Did you mean "board"?`}},
		{"required", "[[cities]]\nname = \"许昌\"\n",
			[]string{`9:3 schema-required Missing key | cities["许昌"] needs the key "scope". scope: Size`}},
		{"enum with suggestion", "[[cities]]\nname = \"许昌\"\nscope = \"larg\"\n",
			[]string{`11:9 schema-enum Invalid value | cities["许昌"].scope must be "small", "medium", "large". Did you mean "large"?`}},
		{"minimum", "[constants]\nmax_step = 0\n",
			[]string{`10:12 schema-range Value out of range | constants.max_step must be at least 1; it is 0.`}},
		{"maximum", "[constants]\ndef_plus_scale = 2.5\n",
			[]string{`10:18 schema-range Value out of range | constants.def_plus_scale must be at most 1; it is 2.5.`}},
		{"exclusiveMinimum", "", nil},
		{"minItems", "[[techs]]\nid = \"弓箭\"\nscript = \"a.lua\"\nstudy = 1\ntrigger = \"any\"\nprob = [0]\nvalue = [1, 2]\ncooldown = 1\n",
			[]string{`14:8 schema-length Wrong number of items | techs["弓箭"].prob needs at least 2 items; it has 1.`}},
		{"maxItems", "[[techs]]\nid = \"弓箭\"\nscript = \"a.lua\"\nstudy = 1\ntrigger = \"any\"\nprob = [0, 1, 2]\nvalue = [1, 2]\ncooldown = 1\n",
			[]string{`14:8 schema-length Wrong number of items | techs["弓箭"].prob needs at most 2 items; it has 3.`}},
		{"minLength", "[[institutes]]\nname = \"\"\ntechs = []\n",
			[]string{`10:8 schema-length Empty value | institutes[0].name must not be empty.`}},
		{"uniqueItems", "[[institutes]]\nname = \"所\"\ntechs = [\"弓箭\", \"火箭\", \"弓箭\"]\n",
			[]string{`11:22 schema-unique Repeated item | institutes["所"].techs lists the same value at positions 0 and 2`}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			doc := base + tt.extra
			if tt.name == "unknown top-level key" {
				doc = "boards = []\n" + base
			}
			if tt.name == "exclusiveMinimum" {
				doc = strings.Replace(base, "win_money = 1000", "win_money = 0", 1)
				tt.want = []string{`4:13 schema-range Value out of range | scenario.win_money must be greater than 0; it is 0.`}
			}
			got := check(t, doc)
			if len(got) != len(tt.want) {
				t.Fatalf("got %d diagnostics, want %d:\n%s", len(got), len(tt.want), strings.Join(got, "\n"))
			}
			for i := range got {
				if !strings.HasPrefix(got[i], tt.want[i]) {
					t.Errorf("got  %s\nwant %s…", got[i], tt.want[i])
				}
			}
		})
	}
}

func TestConfigErrorsWithoutLocator(t *testing.T) {
	set, err := Load()
	if err != nil {
		t.Fatal(err)
	}
	ds := set.Validate("mbg.config.schema.json", map[string]any{"version": int64(2)}, nil)
	if len(ds) == 0 {
		t.Fatal("no diagnostics for an invalid config")
	}
	for _, d := range ds {
		if d.Code != CodeConfigInvalid || d.Subject != nil || !strings.HasPrefix(d.Detail, "At ") {
			t.Errorf("unexpected %+v", d)
		}
	}
	if !diag.Diagnostics(ds).HasErrors() {
		t.Error("config errors must be errors")
	}
}

func TestSchemasCompileAndDocumentEveryKey(t *testing.T) {
	set, err := Load()
	if err != nil {
		t.Fatal(err)
	}
	if got := set.Names(); len(got) < 2 {
		t.Fatalf("schemas = %v", got)
	}
	// Every property of the scenario (source) schema carries a description,
	// so editors can show it.
	var walk func(ptr string, v any)
	walk = func(ptr string, v any) {
		m, ok := v.(map[string]any)
		if !ok {
			return
		}
		if props, ok := m["properties"].(map[string]any); ok {
			for k, p := range props {
				pm, _ := p.(map[string]any)
				if _, ok := pm["description"]; !ok {
					t.Errorf("%s/properties/%s has no description", ptr, k)
				}
				walk(ptr+"/properties/"+k, p)
			}
		}
		if it, ok := m["items"]; ok {
			walk(ptr+"/items", it)
		}
	}
	walk("", set.raw["mbg.scenario.schema.json"])
}

func TestPath(t *testing.T) {
	for in, want := range map[string]string{"": "the document", "/cities/3/mayor": "cities[3].mayor", "/a~1b": "a/b"} {
		if got := Path(in); got != want {
			t.Errorf("Path(%q) = %q, want %q", in, got, want)
		}
	}
}
