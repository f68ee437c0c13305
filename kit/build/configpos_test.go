package build

import (
	"encoding/json"
	"errors"
	"testing"
)

func TestJSONOffset(t *testing.T) {
	data := []byte("{\n  \"a\": [1, {\"b~/c\": \"曹\", \"d\": [true]}],\n  \"e\" : null\n}\n")
	for ptr, want := range map[string]string{
		"":            "1:1",
		"/a":          "2:8",
		"/a/0":        "2:9",
		"/a/1":        "2:12",
		"/a/1/b~0~1c": "2:21",
		"/a/1/d/0":    "2:32",
		"/e":          "3:9",
		"/a/0/x":      "2:9", // below a scalar: the scalar
	} {
		off, _ := jsonOffset(data, ptr)
		p := posAt(data, off)
		if got := itoa(p.Line) + ":" + itoa(p.Column); got != want {
			t.Errorf("%q at %s, want %s", ptr, got, want)
		}
	}
}

func itoa(i int) string { b, _ := json.Marshal(i); return string(b) }

func TestConfigErrorDiags(t *testing.T) {
	data := []byte(`{"cities": [{"name": "x", "mayor": 1}, {"name": "y", "mayor": 99}], "roles": []}`)
	var doc any
	json.Unmarshal(data, &doc)
	err := errors.New("mbg config \"s\": city 1 (y): mayor 99 is not in its garrison\nrole 4 (z): start square 9 out of range\nno roles")
	ds := configErrorDiags("c.json", data, doc, err)
	want := []string{"1:63", "1:78", "1:1"} // the 99; the roles list (no role 4); the top
	if len(ds) != len(want) {
		t.Fatalf("diagnostics = %v", ds)
	}
	for i, d := range ds {
		if got := itoa(d.Subject.Start.Line) + ":" + itoa(d.Subject.Start.Column); got != want[i] || d.Code != CodeConfigRef {
			t.Errorf("%d: %s at %s, want %s", i, d.Detail, got, want[i])
		}
	}
}
