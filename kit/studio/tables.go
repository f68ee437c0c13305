package studio

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strings"
)

// object is a JSON object with its keys in the order they came.
type object struct {
	keys []string
	vals []any
}

// decodeOrdered decodes JSON keeping the order of object keys (the
// inspector's field order), numbers as json.Number.
func decodeOrdered(data []byte) (any, error) {
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.UseNumber()
	return decodeValue(dec)
}

func decodeValue(dec *json.Decoder) (any, error) {
	tok, err := dec.Token()
	if err != nil {
		return nil, err
	}
	switch t := tok.(type) {
	case json.Delim:
		switch t {
		case '{':
			o := &object{}
			for dec.More() {
				k, err := dec.Token()
				if err != nil {
					return nil, err
				}
				v, err := decodeValue(dec)
				if err != nil {
					return nil, err
				}
				o.keys = append(o.keys, fmt.Sprint(k))
				o.vals = append(o.vals, v)
			}
			_, err := dec.Token() // }
			return o, err
		case '[':
			var a []any
			for dec.More() {
				v, err := decodeValue(dec)
				if err != nil {
					return nil, err
				}
				a = append(a, v)
			}
			_, err := dec.Token() // ]
			return a, err
		}
	}
	return tok, nil
}

// tables lays out an inspector's value: each list of objects is a table,
// everything else goes into a first table of values by name.
func tables(root any) []table {
	summary := table{Title: "values", Columns: []string{"name", "value"}}
	var out []table
	var walk func(v any, path string)
	walk = func(v any, path string) {
		switch x := v.(type) {
		case *object:
			for i, k := range x.keys {
				walk(x.vals[i], strings.TrimPrefix(path+"."+k, "."))
			}
		case []any:
			if len(x) > 0 && isObjects(x) {
				out = append(out, objectTable(path, x))
				return
			}
			summary.Rows = append(summary.Rows, []string{path, cell(x)})
		default:
			summary.Rows = append(summary.Rows, []string{path, cell(x)})
		}
	}
	walk(root, "")
	if len(summary.Rows) > 0 {
		out = append([]table{summary}, out...)
	}
	return out
}

func isObjects(a []any) bool {
	for _, v := range a {
		if _, ok := v.(*object); !ok {
			return false
		}
	}
	return true
}

// objectTable makes a table of a list of objects; the columns are every
// key in the order first seen.
func objectTable(title string, a []any) table {
	t := table{Title: title}
	col := map[string]int{}
	for _, v := range a {
		for _, k := range v.(*object).keys {
			if _, ok := col[k]; !ok {
				col[k] = len(t.Columns)
				t.Columns = append(t.Columns, k)
			}
		}
	}
	for _, v := range a {
		o := v.(*object)
		row := make([]string, len(t.Columns))
		for i, k := range o.keys {
			row[col[k]] = cell(o.vals[i])
		}
		t.Rows = append(t.Rows, row)
	}
	return t
}

// cell writes a value compactly: scalars as they are, lists joined by
// commas, objects as key: value pairs; long cells are cut.
func cell(v any) string {
	var b strings.Builder
	var write func(v any)
	write = func(v any) {
		switch x := v.(type) {
		case nil:
			b.WriteString("—")
		case string:
			b.WriteString(x)
		case []any:
			if len(x) == 0 {
				b.WriteString("—")
				return
			}
			b.WriteString("[")
			for i, e := range x {
				if i > 0 {
					b.WriteString(", ")
				}
				write(e)
			}
			b.WriteString("]")
		case *object:
			b.WriteString("{")
			for i, k := range x.keys {
				if i > 0 {
					b.WriteString(", ")
				}
				b.WriteString(k + ": ")
				write(x.vals[i])
			}
			b.WriteString("}")
		default:
			fmt.Fprint(&b, x)
		}
	}
	write(v)
	s := b.String()
	if r := []rune(s); len(r) > 300 {
		s = string(r[:300]) + "…"
	}
	return s
}
