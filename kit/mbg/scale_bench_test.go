package mbg_test

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/sandtable/sandtable/kit/build"
	"github.com/sandtable/sandtable/kit/mbg"
)

// officerScenario writes a scenario whose size is n officers (as
// [[officers]] tables) around a fixed small board.
func officerScenario(tb testing.TB, n int) (dir string, size int) {
	tb.Helper()
	var b strings.Builder
	b.WriteString("#:schema mbg.scenario.schema.json\ninclude = [\"builtin:mbg/standard.toml\"]\nboard = [\"许昌\", \"hall\", \"chance\", \"empty\"]\n\n[scenario]\nname = \"many\"\nwin_money = 9000\n\n[[cities]]\nname = \"许昌\"\nscope = \"small\"\n\n[[roles]]\nname = \"魏\"\nstart = 0\nretinue = [\"将0\"]\nmoney = 1000\n")
	for i := range n {
		fmt.Fprintf(&b, "\n[[officers]]\nname = \"将%d\"\nwu = %d\nzhan = %d\nmou = %d\nzheng = 60\njing = 70\n", i, 10+i%90, 20+i%80, 30+i%70)
	}
	dir = filepath.Join(tb.TempDir(), "many")
	if err := os.MkdirAll(dir, 0o755); err != nil {
		tb.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "scenario.toml"), []byte(b.String()), 0o644); err != nil {
		tb.Fatal(err)
	}
	return dir, b.Len()
}

// BenchmarkCompileOfficers: the whole pipeline per officer at three entity
// counts (issue #11: 10^6 officers took 10 GB and CPU grew faster than
// linear). ns/officer, and B/op divided by the count, stay flat when the
// cost is linear; B/op divided by the file size is the memory factor.
func BenchmarkCompileOfficers(b *testing.B) {
	c := build.NewCompiler(mbg.Game{})
	for _, n := range []int{1_000, 10_000, 100_000} {
		dir, size := officerScenario(b, n)
		b.Run(fmt.Sprintf("n=%d", n), func(b *testing.B) {
			b.ReportAllocs()
			b.SetBytes(int64(size))
			for b.Loop() {
				if res := c.Compile(dir, build.Options{}); res.Value == nil {
					b.Fatal(res.Diags)
				}
			}
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(n), "ns/officer")
		})
	}
}
