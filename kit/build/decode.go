package build

import (
	"encoding"
	"encoding/json"
	"math"
	"reflect"
	"strconv"
	"strings"
	"sync"
)

// DecodeInto decodes a JSON-typed source value (a subtree of
// source.Source.Root) into the zero value dst points to, with
// encoding/json's rules: field names and tags, type errors that skip the
// value but let the rest decode, numbers as float64 inside interfaces. It
// reports false when v is nil or anything did not fit.
//
// The result is what json.Unmarshal of json.Marshal(v) gives, without the
// text in between: types made of structs, strings, booleans, int, int64,
// float64, pointers, slices, string-keyed maps and empty interfaces are
// decoded directly; any other type, or a value that is not plain JSON, goes
// through encoding/json itself (decode_test.go compares the two).
func DecodeInto(v any, dst any) bool {
	if v == nil {
		return false
	}
	rv := reflect.ValueOf(dst)
	if rv.Kind() != reflect.Pointer || rv.IsNil() || !rv.Elem().IsZero() || !direct(rv.Elem().Type()) || !plainJSON(v, 0) {
		return roundTrip(v, dst)
	}
	d := directDecoder{ok: true}
	d.decode(v, rv.Elem())
	if d.fallback {
		rv.Elem().SetZero()
		return roundTrip(v, dst)
	}
	return d.ok
}

// DecodeList decodes a list of tables (a source array) element by element
// with DecodeInto, calling markBad for each element that is no table or
// does not fit T; a bad element keeps the fields that fit (its name, say,
// for reference checks). A value that is no list gives an empty result.
func DecodeList[T any](v any, markBad func(*T)) []T {
	arr, _ := v.([]any)
	out := make([]T, len(arr))
	for i, e := range arr {
		if _, ok := e.(map[string]any); !ok || !DecodeInto(e, &out[i]) {
			markBad(&out[i])
		}
	}
	return out
}

func roundTrip(v any, dst any) bool {
	data, err := json.Marshal(v)
	if err != nil {
		return false
	}
	return json.Unmarshal(data, dst) == nil
}

// plainJSON reports whether v holds only the types a source tree holds
// (objects, arrays, strings, booleans, int64 and finite float64), so that
// json.Marshal cannot fail on it.
func plainJSON(v any, depth int) bool {
	if depth > 1000 {
		return false
	}
	switch v := v.(type) {
	case map[string]any:
		for _, e := range v {
			if !plainJSON(e, depth+1) {
				return false
			}
		}
	case []any:
		for _, e := range v {
			if !plainJSON(e, depth+1) {
				return false
			}
		}
	case float64:
		return !math.IsNaN(v) && !math.IsInf(v, 0)
	case string, bool, int64, nil:
	default:
		return false
	}
	return true
}

// directTypes caches which types DecodeInto decodes itself.
var directTypes sync.Map // reflect.Type → bool

var (
	jsonUnmarshaler = reflect.TypeFor[json.Unmarshaler]()
	textUnmarshaler = reflect.TypeFor[encoding.TextUnmarshaler]()
)

func direct(t reflect.Type) bool {
	if ok, found := directTypes.Load(t); found {
		return ok.(bool)
	}
	ok := directCheck(t, map[reflect.Type]bool{})
	directTypes.Store(t, ok)
	return ok
}

func directCheck(t reflect.Type, seen map[reflect.Type]bool) bool {
	if seen[t] {
		return true // a recursive type: decided where it started
	}
	seen[t] = true
	if t.Implements(jsonUnmarshaler) || t.Implements(textUnmarshaler) ||
		reflect.PointerTo(t).Implements(jsonUnmarshaler) || reflect.PointerTo(t).Implements(textUnmarshaler) {
		return false
	}
	switch t.Kind() {
	case reflect.String, reflect.Bool, reflect.Int, reflect.Int64, reflect.Float64:
		return true
	case reflect.Interface:
		return t.NumMethod() == 0
	case reflect.Pointer, reflect.Slice:
		return t.Elem().Kind() != reflect.Uint8 && directCheck(t.Elem(), seen)
	case reflect.Map:
		return t.Key().Kind() == reflect.String && directCheck(t.Key(), seen) && directCheck(t.Elem(), seen)
	case reflect.Struct:
		names := map[string]bool{}
		for i := range t.NumField() {
			f := t.Field(i)
			if f.Anonymous {
				return false // promoted fields: encoding/json's rules
			}
			if !f.IsExported() {
				continue
			}
			if f.Tag.Get("json") == "-" {
				continue
			}
			name, opts, _ := strings.Cut(f.Tag.Get("json"), ",")
			if strings.Contains(opts, "string") || names[fieldName(f)] || !plainName(name) {
				return false
			}
			names[fieldName(f)] = true
			if !directCheck(f.Type, seen) {
				return false
			}
		}
		return true
	}
	return false
}

// plainName reports whether a tag's name is one encoding/json takes as it
// is (letters, digits, '_', '-'); other names have rules of their own.
func plainName(name string) bool {
	for _, r := range name {
		if !(r == '_' || r == '-' || ('a' <= r && r <= 'z') || ('A' <= r && r <= 'Z') || ('0' <= r && r <= '9')) {
			return false
		}
	}
	return true
}

// fieldName is the JSON name of an exported struct field.
func fieldName(f reflect.StructField) string {
	name, _, _ := strings.Cut(f.Tag.Get("json"), ",")
	if name == "" {
		return f.Name
	}
	return name
}

// fieldsOf caches each struct type's fields by JSON name.
var fieldsOf sync.Map // reflect.Type → map[string]int

func fields(t reflect.Type) map[string]int {
	if m, ok := fieldsOf.Load(t); ok {
		return m.(map[string]int)
	}
	m := map[string]int{}
	for i := range t.NumField() {
		f := t.Field(i)
		if !f.IsExported() || f.Tag.Get("json") == "-" {
			continue
		}
		m[fieldName(f)] = i
	}
	fieldsOf.Store(t, m)
	return m
}

// directDecoder decodes a plain JSON value into a zero Go value of a type
// direct accepts. ok turns false at a type error (the value is skipped, as
// encoding/json skips it); fallback asks for encoding/json (a key that
// matches a field only without regard to case).
type directDecoder struct {
	ok, fallback bool
}

func (d *directDecoder) decode(v any, dst reflect.Value) {
	if v == nil {
		return // null leaves the zero value (and nil pointers) alone
	}
	switch dst.Kind() {
	case reflect.String:
		if s, ok := v.(string); ok {
			dst.SetString(s)
			return
		}
	case reflect.Bool:
		if b, ok := v.(bool); ok {
			dst.SetBool(b)
			return
		}
	case reflect.Int, reflect.Int64:
		switch n := v.(type) {
		case int64:
			if !dst.OverflowInt(n) {
				dst.SetInt(n)
				return
			}
		case float64:
			// An int field takes a float whose JSON text (the shortest
			// decimal, exponent form outside [1e-6, 1e21)) parses as an
			// integer that fits.
			if a := math.Abs(n); a < 1e21 && (a == 0 || a >= 1e-6) {
				i, err := strconv.ParseInt(strconv.FormatFloat(n, 'f', -1, 64), 10, 64)
				if err == nil && !dst.OverflowInt(i) {
					dst.SetInt(i)
					return
				}
			}
		}
	case reflect.Float64:
		switch n := v.(type) {
		case int64:
			dst.SetFloat(float64(n))
			return
		case float64:
			dst.SetFloat(n)
			return
		}
	case reflect.Interface:
		dst.Set(reflect.ValueOf(jsonAny(v)))
		return
	case reflect.Pointer:
		p := reflect.New(dst.Type().Elem())
		dst.Set(p)
		d.decode(v, p.Elem())
		return
	case reflect.Slice:
		if a, ok := v.([]any); ok {
			s := reflect.MakeSlice(dst.Type(), len(a), len(a))
			for i, e := range a {
				d.decode(e, s.Index(i))
			}
			dst.Set(s)
			return
		}
	case reflect.Map:
		if m, ok := v.(map[string]any); ok {
			out := reflect.MakeMapWithSize(dst.Type(), len(m))
			for k, e := range m {
				ev := reflect.New(dst.Type().Elem()).Elem()
				d.decode(e, ev)
				out.SetMapIndex(reflect.ValueOf(k).Convert(dst.Type().Key()), ev)
			}
			dst.Set(out)
			return
		}
	case reflect.Struct:
		if m, ok := v.(map[string]any); ok {
			fs := fields(dst.Type())
			for k, e := range m {
				i, ok := fs[k]
				if !ok {
					for name := range fs {
						if strings.EqualFold(name, k) {
							d.fallback = true
						}
					}
					continue
				}
				d.decode(e, dst.Field(i))
			}
			return
		}
	}
	d.ok = false
}

// jsonAny is v as encoding/json decodes it into an empty interface: numbers
// become float64.
func jsonAny(v any) any {
	switch v := v.(type) {
	case int64:
		return float64(v)
	case map[string]any:
		m := make(map[string]any, len(v))
		for k, e := range v {
			m[k] = jsonAny(e)
		}
		return m
	case []any:
		a := make([]any, len(v))
		for i, e := range v {
			a[i] = jsonAny(e)
		}
		return a
	}
	return v
}
