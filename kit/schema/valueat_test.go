package schema_test

import (
	"testing"

	"github.com/sandtable/sandtable/kit/schema"
)

// TestValueAt: keys, indices, RFC 6901 escapes, and nil where the pointer
// leads nowhere.
func TestValueAt(t *testing.T) {
	doc := map[string]any{"cities": []any{map[string]any{"name": "许昌"}}, "a/b": 1.0, "m~n": 2.0}
	for ptr, want := range map[string]any{
		"/cities/0/name": "许昌", "/a~1b": 1.0, "/m~0n": 2.0,
		"/cities/1": nil, "/cities/x": nil, "/cities/0/name/deeper": nil, "/none": nil,
	} {
		if got := schema.ValueAt(doc, ptr); got != want {
			t.Errorf("ValueAt(%q) = %v, want %v", ptr, got, want)
		}
	}
	if got, ok := schema.ValueAt(doc, "").(map[string]any); !ok || len(got) != 3 {
		t.Errorf("ValueAt(\"\") = %v, want the document", got)
	}
}
