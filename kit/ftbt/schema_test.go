package ftbt

import (
	"encoding/json"
	"reflect"
	"slices"
	"strings"
	"testing"

	engine "github.com/sandtable/sandtable/engine/ftbt"
	"github.com/sandtable/sandtable/kit/schema"
)

func jsonValue(t *testing.T, v any) any {
	t.Helper()
	data, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	var out any
	if err := json.Unmarshal(data, &out); err != nil {
		t.Fatal(err)
	}
	return out
}

func schemaDoc(t *testing.T, name string) map[string]any {
	t.Helper()
	data, err := schema.Source(name)
	if err != nil {
		t.Fatal(err)
	}
	var doc map[string]any
	if err := json.Unmarshal(data, &doc); err != nil {
		t.Fatal(err)
	}
	return doc
}

func obj(v any, keys ...string) map[string]any {
	for _, k := range keys {
		m, _ := v.(map[string]any)
		v = m[k]
	}
	m, _ := v.(map[string]any)
	return m
}

// The scenario schema documents every setting with its default and hard
// bound, as Settings has them.
func TestSchemaSettings(t *testing.T) {
	doc := schemaDoc(t, "ftbt.scenario.schema.json")
	for _, s := range Settings {
		p := obj(doc, "properties", s.Table, "properties", s.Key)
		if p == nil {
			t.Errorf("schema lacks %s", s.Path())
			continue
		}
		if p["default"] != float64(s.Default) || p["minimum"] != float64(s.Min) || p["type"] != "integer" {
			t.Errorf("%s: schema %v, Settings default %d min %d", s.Path(), p, s.Default, s.Min)
		}
		if d, _ := p["description"].(string); !strings.HasPrefix(d, s.Doc) {
			t.Errorf("%s: description %q does not start with the Settings doc", s.Path(), d)
		}
	}
	off := obj(doc, "properties", "techs", "items", "properties", "offsets", "items", "items")
	if off["minimum"] != float64(-MaxCells) || off["maximum"] != float64(MaxCells) {
		t.Errorf("offset components are bounded by %v..%v, the engine by ±%d", off["minimum"], off["maximum"], MaxCells)
	}
	for _, table := range []string{"constants", "ai"} {
		for k := range obj(doc, "properties", table, "properties") {
			if !slices.ContainsFunc(Settings, func(s Setting) bool { return s.Table == table && s.Key == k }) {
				t.Errorf("schema has %s.%s, which Settings lacks", table, k)
			}
		}
	}
}

// Every key of the scenario schema has a description (editors show it),
// and every object rejects unknown keys.
func TestSchemaDescribesEveryKey(t *testing.T) {
	var walk func(path string, s map[string]any)
	walk = func(path string, s map[string]any) {
		if s["type"] == "object" || s["properties"] != nil {
			if s["additionalProperties"] != false && obj(s, "additionalProperties") == nil {
				t.Errorf("%s: objects must set additionalProperties", path)
			}
		}
		for k, v := range obj(s, "properties") {
			p := v.(map[string]any)
			if d, _ := p["description"].(string); d == "" {
				t.Errorf("%s.%s has no description", path, k)
			}
			walk(path+"."+k, p)
		}
		if items := obj(s, "items"); items != nil {
			walk(path+"[]", items)
		}
	}
	walk("", schemaDoc(t, "ftbt.scenario.schema.json"))
}

// The config schema mirrors engine/ftbt.Config exactly: one property per
// JSON field, required unless the field is omitempty, at every level.
func TestConfigSchemaMirrorsConfig(t *testing.T) {
	doc := schemaDoc(t, "ftbt.config.schema.json")
	var check func(path string, typ reflect.Type, s map[string]any)
	check = func(path string, typ reflect.Type, s map[string]any) {
		for typ.Kind() == reflect.Pointer || typ.Kind() == reflect.Slice {
			typ = typ.Elem()
			if i := obj(s, "items"); i != nil {
				s = i
			}
		}
		if typ.Kind() != reflect.Struct {
			return
		}
		if s["additionalProperties"] != false {
			t.Errorf("%s: additionalProperties must be false", path)
		}
		props := obj(s, "properties")
		var fields, required []string
		for i := range typ.NumField() {
			f := typ.Field(i)
			name, opts, _ := strings.Cut(f.Tag.Get("json"), ",")
			fields = append(fields, name)
			if !strings.Contains(opts, "omitempty") {
				required = append(required, name)
			}
			p := obj(props, name)
			if p == nil {
				t.Errorf("%s: schema lacks %s", path, name)
				continue
			}
			check(path+"."+name, f.Type, p)
		}
		var keys []string
		for k := range props {
			keys = append(keys, k)
		}
		var req []string
		for _, r := range s["required"].([]any) {
			req = append(req, r.(string))
		}
		slices.Sort(fields)
		slices.Sort(keys)
		slices.Sort(required)
		slices.Sort(req)
		if !slices.Equal(fields, keys) {
			t.Errorf("%s: schema properties %v, Config fields %v", path, keys, fields)
		}
		if !slices.Equal(required, req) {
			t.Errorf("%s: schema requires %v, Config fields without omitempty are %v", path, req, required)
		}
	}
	check("config", reflect.TypeFor[engine.Config](), doc)
}
