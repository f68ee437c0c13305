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

// generate writes a scenario with k× the size of sanguo.map: 60k squares,
// 115k officers, 20k cities, 5k institutes, 5k training rooms, 3 roles.
func generate(tb testing.TB, k int) string {
	tb.Helper()
	var b strings.Builder
	b.WriteString("#:schema ../schemas/mbg.scenario.schema.json\ninclude = [\"builtin:mbg/standard.toml\"]\nboard = [\n")
	nc, ni, nt := 20*k, 5*k, 5*k
	sq := 0
	for i := range nc {
		fmt.Fprintf(&b, "  \"城%d\", \"城%d\",\n", i, i)
		sq += 2
		if i%4 == 0 {
			b.WriteString("  \"hall\",\n")
			sq++
		}
	}
	for i := range ni {
		fmt.Fprintf(&b, "  \"所%d\",\n", i)
		sq++
	}
	for i := range nt {
		fmt.Fprintf(&b, "  \"馆%d\",\n", i)
		sq++
	}
	for ; sq < 60*k; sq++ {
		b.WriteString("  \"chance\",\n")
	}
	b.WriteString("]\nofficers = [\n")
	for i := range 115 * k {
		fmt.Fprintf(&b, "  { name = \"将%d\", wu = %d, zhan = %d, mou = %d, zheng = %d, jing = %d },\n",
			i, 10+i%90, 20+i*7%80, 30+i*13%70, 5+i*3%95, 15+i*11%85)
	}
	b.WriteString("]\n\n[scenario]\nname = \"gen\"\nwin_money = 30000\n")
	for i := range nc {
		fmt.Fprintf(&b, "\n[[cities]]\nname = \"城%d\"\nscope = %q\n", i, mbg.Scopes[i%3])
	}
	techs := []string{"弓箭", "火箭", "医疗", "盾牌", "转移", "强击", "离间", "雷击", "混乱", "内讧", "攻城", "流放"}
	for i := range ni {
		fmt.Fprintf(&b, "\n[[institutes]]\nname = \"所%d\"\ntechs = [%q, %q, %q]\n", i, techs[i%12], techs[(i+4)%12], techs[(i+8)%12])
	}
	for i := range nt {
		fmt.Fprintf(&b, "\n[[training_rooms]]\nname = \"馆%d\"\nprop = %q\n", i, []string{"wu", "zhan", "mou", "zheng", "jing"}[i%5])
	}
	for r := range 3 {
		fmt.Fprintf(&b, "\n[[roles]]\nname = \"势%d\"\nstart = %d\nretinue = [\"将%d\", \"将%d\"]\nmoney = 10000\n", r, r*20*k, 2*r, 2*r+1)
	}
	dir := filepath.Join(tb.TempDir(), fmt.Sprintf("gen%d", k))
	if err := os.MkdirAll(dir, 0o755); err != nil {
		tb.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "scenario.toml"), []byte(b.String()), 0o644); err != nil {
		tb.Fatal(err)
	}
	return dir
}

func TestGeneratedScenarioBuilds(t *testing.T) {
	dir := generate(t, 1)
	res := build.NewCompiler(mbg.Game{}).Compile(dir, build.Options{})
	if res.Diags.HasErrors() || res.Value == nil {
		t.Fatalf("generated scenario does not build: %v", res.Diags)
	}
}

// BenchmarkCompile measures mapc check's pipeline (load, scenario schema,
// resolve, all lint rules, script checks) on a sanguo-sized scenario and on
// one ten times larger; ns/op of x10 divided by sanguo shows how it grows.
// cpu-ns/op is the process's CPU time per compile (garbage collection
// included), steadier than ns/op on a shared machine.
func BenchmarkCompile(b *testing.B) {
	for _, k := range []int{1, 10} {
		dir := generate(b, k)
		c := build.NewCompiler(mbg.Game{})
		name := "sanguo"
		if k > 1 {
			name = fmt.Sprintf("x%d", k)
		}
		b.Run(name, func(b *testing.B) {
			b.ReportAllocs()
			c0 := cpuTime()
			for b.Loop() {
				if res := c.Compile(dir, build.Options{}); res.Value == nil {
					b.Fatal(res.Diags)
				}
			}
			b.ReportMetric(float64(cpuTime()-c0)/float64(b.N), "cpu-ns/op")
		})
	}
}
