package legacy

import (
	"reflect"
	"testing"

	"github.com/sandtable/sandtable/kit/diag"
)

// The fuzz targets check that parsing and checking never panic, that every
// range they report or record lies within its file with a line and column
// matching its byte offset, that the parser reads exactly what the real
// fmt.Fscan reads, and that a file parsed without errors survives Format
// unchanged. The seed corpus (every fixture, the tricky inputs, the files
// in testdata/fuzz, and the original's files when present) runs in
// ordinary go test.

func FuzzParseRules(f *testing.F) {
	for _, data := range fixtures(f, ".tech") {
		f.Add(data)
	}
	for _, data := range sharedFiles(f, ".tech") {
		f.Add(data)
	}
	for _, s := range trickyRules {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		const file = "fuzz.tech"
		r, ds := ParseRules(file, data)
		if r == nil {
			t.Fatal("ParseRules returned nil")
		}
		cds := CheckRules(r)
		files := map[string]*posIndex{file: newPosIndex(data)}
		for _, d := range append(ds, cds...) {
			checkDiag(t, files, d)
		}
		eachRange(reflect.ValueOf(r).Elem(), func(rg diag.Range) { files[file].check(t, "rules field", rg) })
		compareWithFscan(t, file, data, true)
		if ds.HasErrors() {
			return
		}
		out := FormatRules(r)
		r2, ds2 := ParseRules("formatted", out)
		if ds2.HasErrors() {
			t.Fatalf("formatted rules do not parse: %v\n%s", ds2, out)
		}
		if !reflect.DeepEqual(r.StripRanges(), r2.StripRanges()) {
			t.Fatalf("values changed by FormatRules:\n%s", out)
		}
		if len(CheckRules(r2)) != len(cds) {
			t.Fatalf("CheckRules disagrees after FormatRules: %v vs %v", cds, CheckRules(r2))
		}
		if string(FormatRules(r2)) != string(out) {
			t.Fatal("FormatRules is not stable")
		}
	})
}

func FuzzParseLevel(f *testing.F) {
	for _, data := range fixtures(f, ".map") {
		f.Add(data)
	}
	for _, data := range sharedFiles(f, ".map") {
		f.Add(data)
	}
	for _, s := range trickyLevels {
		f.Add([]byte(s))
	}
	const rulesFile = "small_ai.tech"
	rulesData := readFixture(f, rulesFile)
	rules := parseRules(f, rulesFile)
	f.Fuzz(func(t *testing.T, data []byte) {
		const file = "fuzz.map"
		l, ds := ParseLevel(file, data)
		if l == nil {
			t.Fatal("ParseLevel returned nil")
		}
		cds := append(CheckLevel(rules, l), CheckLevel(nil, l)...)
		files := map[string]*posIndex{file: newPosIndex(data), rulesFile: newPosIndex(rulesData)}
		for _, d := range append(ds, cds...) {
			checkDiag(t, files, d)
		}
		eachRange(reflect.ValueOf(l).Elem(), func(rg diag.Range) { files[file].check(t, "level field", rg) })
		compareWithFscan(t, file, data, false)
		if ds.HasErrors() {
			return
		}
		out := FormatLevel(l)
		l2, ds2 := ParseLevel(file, out)
		if ds2.HasErrors() {
			t.Fatalf("formatted level does not parse: %v\n%s", ds2, out)
		}
		if !reflect.DeepEqual(l.StripRanges(), l2.StripRanges()) {
			t.Fatalf("values changed by FormatLevel:\n%s", out)
		}
		if len(CheckLevel(rules, l2)) != len(CheckLevel(rules, l)) {
			t.Fatalf("CheckLevel disagrees after FormatLevel: %v vs %v", CheckLevel(rules, l), CheckLevel(rules, l2))
		}
		if string(FormatLevel(l2)) != string(out) {
			t.Fatal("FormatLevel is not stable")
		}
	})
}

// eachRange calls fn for every Range read from the file (Present) anywhere
// in v, so the fuzz targets cover every field without listing them.
func eachRange(v reflect.Value, fn func(diag.Range)) {
	if v.Type() == reflect.TypeFor[diag.Range]() {
		if r := v.Interface().(diag.Range); r.Start.Line > 0 {
			fn(r)
		}
		return
	}
	switch v.Kind() {
	case reflect.Pointer:
		if !v.IsNil() {
			eachRange(v.Elem(), fn)
		}
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
