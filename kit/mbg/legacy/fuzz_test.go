package legacy

import (
	"reflect"
	"testing"

	"github.com/sandtable/sandtable/kit/diag"
)

// FuzzParse checks that Parse and Check never panic, that every range they
// report or record lies within the file with a line and column matching its
// byte offset, and that a map Parse accepts survives Format unchanged. The
// seed corpus (every fixture, plus the original's maps when present) runs in
// ordinary go test.
func FuzzParse(f *testing.F) {
	for _, data := range fixtures(f) {
		f.Add(data)
	}
	maps, _ := realMaps(f)
	for _, data := range maps {
		f.Add(data)
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		const file = "fuzz.map"
		m, ds := Parse(file, data)
		if m == nil {
			t.Fatal("Parse returned a nil Map")
		}
		cds := Check(m)
		x := newPosIndex(data)
		for _, d := range append(ds, cds...) {
			if d.Subject == nil {
				t.Fatalf("diagnostic without a subject: %v", d)
			}
			x.check(t, file, d.Code, *d.Subject)
			for _, rel := range d.Related {
				x.check(t, file, d.Code+" related", rel.Range)
			}
		}
		eachRange(reflect.ValueOf(m).Elem(), func(r diag.Range) {
			x.check(t, file, "map field", r)
		})
		if ds.HasErrors() {
			return
		}
		out := Format(m)
		m2, ds2 := Parse("formatted", out)
		if ds2.HasErrors() {
			t.Fatalf("formatted map does not parse: %v\n%s", ds2, out)
		}
		if !reflect.DeepEqual(m.StripRanges(), m2.StripRanges()) {
			t.Fatalf("values changed by Format:\n%s", out)
		}
		if len(Check(m2)) != len(cds) {
			t.Fatalf("Check disagrees after Format: %v vs %v", cds, Check(m2))
		}
	})
}

// eachRange calls fn for every Range read from a token (Present) anywhere
// in v, so the fuzz target covers every field without listing them.
func eachRange(v reflect.Value, fn func(diag.Range)) {
	if v.Type() == reflect.TypeFor[diag.Range]() {
		if r := v.Interface().(diag.Range); r.Start.Line > 0 {
			fn(r)
		}
		return
	}
	switch v.Kind() {
	case reflect.Struct:
		for i := range v.NumField() {
			eachRange(v.Field(i), fn)
		}
	case reflect.Slice, reflect.Array:
		for i := range v.Len() {
			eachRange(v.Index(i), fn)
		}
	}
}
