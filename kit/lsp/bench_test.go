package lsp

import (
	"path/filepath"
	"testing"
)

// BenchmarkDiagnosticsAfterChange measures an edit of sanguo (the largest
// shipped scenario) to its diagnostics arriving at the client: the
// didChange, the check from the buffers and the publication.
func BenchmarkDiagnosticsAfterChange(b *testing.B) {
	entry := filepath.Join(copyScenario(b, "mbg/sanguo"), "scenario.toml")
	text := read(b, entry)
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
}
