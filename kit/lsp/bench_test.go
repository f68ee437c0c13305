package lsp

import (
	"path/filepath"
	"testing"

	"github.com/sandtable/sandtable/kit/build"
)

// BenchmarkDiagnosticsAfterChange measures an edit of sanguo (the largest
// shipped scenario) to its diagnostics arriving at the client ("lsp": the
// didChange, the check from the buffers and the publication), beside the
// check of the same scenario from disk as mapc check does it ("check").
func BenchmarkDiagnosticsAfterChange(b *testing.B) {
	entry := filepath.Join(copyScenario(b, "mbg/sanguo"), "scenario.toml")
	text := read(b, entry)
	b.Run("lsp", func(b *testing.B) {
		cl, _ := start(b)
		cl.open(entry, text)
		edits := []string{text, text + "\n# an edit\n"}
		b.ResetTimer()
		for i := range b.N {
			cl.change(entry, edits[i%2], i+2)
		}
		b.StopTimer()
		if hasErrors(cl.published(entry)) {
			b.Fatalf("sanguo: %v", cl.published(entry))
		}
	})
	b.Run("check", func(b *testing.B) {
		_, srv := start(b)
		for range b.N {
			if res := srv.c.Compile(entry, build.Options{}); res.Diags.HasErrors() {
				b.Fatal(res.Diags)
			}
		}
	})
}
