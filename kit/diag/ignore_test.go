package diag

import (
	"testing"

	"github.com/google/go-cmp/cmp"
)

func TestFilterIgnored(t *testing.T) {
	t.Parallel()
	sources := MapSources(map[string][]byte{
		"a.toml": []byte(`# lint:ignore unknown-officer
mayor = "x"
# lint:ignore dup-city,unknown-officer the old map reuses this id
mayor = "y"
  # lint:ignore unknown-officer
  mayor = "z"
mayor = "w" # lint:ignore unknown-officer
mayor = "v"
# lint:ignore unknown
mayor = "u"
# lint:ignored unknown-officer
mayor = "t"
# lint:ignore unknown-officer

mayor = "s"
#lint:ignore unknown-officer
mayor = "r"
`),
		"h.lua": []byte(`-- lint:ignore lua-global
x = 1
# lint:ignore lua-global
y = 2
`),
	})
	at := func(file string, line int, code string) Diagnostic {
		return Diagnostic{Code: code, Summary: "S", Subject: rng(file, line, 1, line, 2)}
	}
	ds := Diagnostics{
		at("a.toml", 2, "unknown-officer"),  // ignored: comment on the line before
		at("a.toml", 2, "other"),            // kept: another code
		at("a.toml", 4, "unknown-officer"),  // ignored: second code of a list, with a reason
		at("a.toml", 4, "dup-city"),         // ignored: first code of the list
		at("a.toml", 6, "unknown-officer"),  // ignored: indentation does not matter
		at("a.toml", 8, "unknown-officer"),  // kept: a trailing comment is not on its own line
		at("a.toml", 10, "unknown-officer"), // kept: codes match exactly, not by prefix
		at("a.toml", 12, "unknown-officer"), // kept: not the directive
		at("a.toml", 15, "unknown-officer"), // kept: the comment is two lines up
		at("a.toml", 17, "unknown-officer"), // ignored: no space after # is fine
		at("a.toml", 1, "unknown-officer"),  // kept: first line has no line before
		at("h.lua", 2, "lua-global"),        // ignored: Lua comment
		at("h.lua", 4, "lua-global"),        // kept: # is not a Lua comment
		at("gone.toml", 2, "x"),             // kept: source unavailable
		{Code: "unknown-officer", Summary: "No subject"},
	}
	got := FilterIgnored(ds, sources)
	want := Diagnostics{ds[1], ds[5], ds[6], ds[7], ds[8], ds[10], ds[12], ds[13], ds[14]}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("FilterIgnored mismatch (-want +got):\n%s", diff)
	}
	if diff := cmp.Diff(ds, FilterIgnored(ds, nil)); diff != "" {
		t.Errorf("FilterIgnored without sources changed the list:\n%s", diff)
	}
}
