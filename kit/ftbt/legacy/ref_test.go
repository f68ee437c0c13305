package legacy

import (
	"bytes"
	"fmt"
	"maps"
	"reflect"
	"slices"
	"testing"
	"unicode/utf8"
)

// fileReader offers only Read, like the *os.File the original reads: it
// has no UnreadRune, so fmt.Fscan reads it through a look-ahead buffer of
// its own per call, as in the original.
type fileReader struct{ r *bytes.Reader }

func (f fileReader) Read(p []byte) (int, error) { return f.r.Read(p) }

// refLoader loads files with the real fmt.Fscan, grouping values into calls
// as the original's loaders do (facts §2), as an oracle for the parser's
// emulation. It applies the parser's limits on counts and its rule for the
// optional AI blocks, so that the results are comparable.
type refLoader struct {
	data []byte
	in   fileReader
}

func newRef(data []byte) *refLoader {
	return &refLoader{data: data, in: fileReader{bytes.NewReader(data)}}
}

// scan is one Fscan call; it reports whether every operand was read.
func (l *refLoader) scan(args ...any) bool {
	n, _ := fmt.Fscan(l.in, args...)
	return n == len(args)
}

// atEnd reports whether only white space is left after the bytes the
// reader has taken.
func (l *refLoader) atEnd() bool {
	rest := l.data[len(l.data)-l.in.r.Len():]
	for len(rest) > 0 {
		r, size := utf8.DecodeRune(rest)
		if !isSpace(r) {
			return false
		}
		rest = rest[size:]
	}
	return true
}

func okCount(n, minimum int) bool { return n >= minimum && n <= MaxCount }

func v[T any](x T) Tok[T] { return Tok[T]{V: x} }

// rules loads a rules file; ok is false where the parser reports an error.
func (l *refLoader) rules() (r *Rules, ok bool) {
	r = &Rules{}
	var ndx int
	good := l.scan(&ndx)
	r.NDX = v(ndx)
	if !good || !okCount(ndx, 1) {
		return r, false
	}
	for range ndx {
		var name string
		var w int
		if !l.scan(&name, &w) {
			return r, false
		}
		r.Terrains = append(r.Terrains, Terrain{v(name), v(w)})
	}
	var fly, abi, ntech int
	good = l.scan(&fly, &abi, &ntech)
	r.MaxFlyWeight, r.MaxAbi, r.NTech = v(fly), v(abi), v(ntech)
	if !good || !okCount(ntech, 0) {
		return r, false
	}
	for range ntech {
		var t Tech
		var name string
		var class, n int
		var long bool
		if !l.scan(&name, &class, &long, &n) || !okCount(n, 0) {
			return r, false
		}
		t.Name, t.Class, t.IsLong, t.NRange = v(name), v(class), v(long), v(n)
		for range n {
			var dx, dy int
			if !l.scan(&dx, &dy) {
				return r, false
			}
			t.Range = append(t.Range, Offset{v(dx), v(dy)})
		}
		var aoe, ratio, dur int
		var self bool
		if !l.scan(&aoe, &ratio, &self, &dur) {
			return r, false
		}
		t.AOERange, t.AOERatio, t.AOESelf, t.Duration = v(aoe), v(ratio), v(self), v(dur)
		for range ndx {
			var m bool
			if !l.scan(&m) {
				return r, false
			}
			t.Mask = append(t.Mask, v(m))
		}
		var value int
		if !l.scan(&value) {
			return r, false
		}
		t.Value = v(value)
		r.Techs = append(r.Techs, t)
	}
	if l.atEnd() {
		return r, true
	}
	r.AI = &RulesAI{}
	for _, c := range aiConstants() {
		var x int
		if !l.scan(&x) {
			return r, false
		}
		*c.tok(r.AI) = v(x)
	}
	return r, true
}

// level loads a level file; ok is false where the parser reports an error.
func (l *refLoader) level() (lv *Level, ok bool) {
	lv = &Level{}
	var nx, ny int
	good := l.scan(&nx, &ny)
	lv.NX, lv.NY = v(nx), v(ny)
	if !good || !okCount(nx, 0) || !okCount(ny, 0) || nx > 0 && ny > MaxCount/nx {
		return lv, false
	}
	for range nx * ny {
		var c int
		if !l.scan(&c) {
			return lv, false
		}
		lv.Cells = append(lv.Cells, v(c))
	}
	var n int
	good = l.scan(&n)
	lv.NPeople = v(n)
	if !good || !okCount(n, 0) {
		return lv, false
	}
	for range n {
		var p Person
		var name string
		var side, abi, def, hp, speed, x, y, k int
		if !l.scan(&name, &side, &abi, &def, &hp, &speed, &x, &y, &k) || !okCount(k, 0) {
			return lv, false
		}
		p.Name, p.Side, p.Abi, p.Def, p.HP, p.Speed, p.X, p.Y, p.NTech = v(name), v(side), v(abi), v(def), v(hp), v(speed), v(x), v(y), v(k)
		for range k {
			var id int
			if !l.scan(&id) {
				return lv, false
			}
			p.Techs = append(p.Techs, v(id))
		}
		lv.People = append(lv.People, p)
	}
	if n > 0 && l.atEnd() {
		return lv, true
	}
	lv.AI = []PersonAI{}
	for range n {
		var att, def, mov, gx, gy int
		if !l.scan(&att, &def, &mov) || !l.scan(&gx, &gy) {
			return lv, false
		}
		lv.AI = append(lv.AI, PersonAI{v(att), v(def), v(mov), v(gx), v(gy)})
	}
	return lv, true
}

// compareWithFscan parses data both ways and reports any difference in
// success or in the values read, complete or partial.
func compareWithFscan(t *testing.T, name string, data []byte, isRules bool) {
	t.Helper()
	if isRules {
		got, ds := ParseRules(name, data)
		want, ok := newRef(data).rules()
		if ds.HasErrors() == ok {
			t.Fatalf("%s: parser errors %v, fmt.Fscan loads %v:\n%s", name, ds.HasErrors(), ok, dump(ds))
		}
		if g := got.StripRanges(); !reflect.DeepEqual(g, want.StripRanges()) {
			t.Fatalf("%s: parser and fmt.Fscan disagree:\n got %+v\nwant %+v", name, g, want.StripRanges())
		}
		return
	}
	got, ds := ParseLevel(name, data)
	want, ok := newRef(data).level()
	if ds.HasErrors() == ok {
		t.Fatalf("%s: parser errors %v, fmt.Fscan loads %v:\n%s", name, ds.HasErrors(), ok, dump(ds))
	}
	if g := got.StripRanges(); !reflect.DeepEqual(g, want.StripRanges()) {
		t.Fatalf("%s: parser and fmt.Fscan disagree:\n got %+v\nwant %+v", name, g, want.StripRanges())
	}
}

// trickyLevels are level files whose tokens exercise fmt's corner cases.
var trickyLevels = []string{
	"08 0 0 0 0 0 0 0 0 0\n0\n",
	"2 1 08 09 0",
	"2 1 0_7 0_8 0",
	"2 1 1e3 0",
	"1 1 5\xe4\xb8x 0",
	"1 1 5\xe4 0",
	"1 1 5\xe4\xe4\xb8\xad 0",
	"1 1 0 1 \xe4\xb8\xad\xe4 0 1 1 1 1 0 0 0",
	"1 1 0 1 A 0 1 1 1 1 0 0 2 3x4 5",
	"1 1 0 1 A 0 1 1 1 1 0 0 0 -1 -1 -1 -1 -1x",
	"1 1 0 1 A 0 1 1 1 1 0 0 0 -",
	"1 1 0 1 A 0 1 1 1 1 0 0 0 +",
	"1 1 0 0x",
	"\r\n1\r\n1\r\n0\r\n0\r\n",
	"1 1\u00850\u00a00\u3000",
	"1 1 0 1 A 0 1 1 1 1 0 0 0 1 2 3 4",
}

// trickyRules are rules files with the same intent.
var trickyRules = []string{
	rulesWith("T", "0 0 t 0", "yes", "5"),
	rulesWith("f", "0 0 fALSE 0", "y e s", "5"),
	rulesWith("true", "0 0 falsey 0", "t t t", "5"),
	rulesWith("false", "0 0 f 0", "1 0 1", "5 3000"),
	rulesWith("false", "0 0 f 0", "1 0 1", "5 1 2 3 4 5 6 7 8 9 10 11 12"),
	rulesWith("false", "0 0 f 0", "1 0 1", "5 1 2 3 4 5 6 7 8 9 10 11"),
	rulesWith("t", "0 0 f 0", "1 0 1", "5x"),
	rulesWith("tR", "0 0 f 0", "1 0 1", "5"),
	rulesWith("t", "0 0 f 0", "tr 0 1", "5"),
	"1 a 1 1 1 1 T 0 f 0 0 0 f 0 1 0x_1 1 1 1 1 1 1 1 1 1 1 1",
}

// TestAgainstFscan checks the emulation against the real fmt.Fscan on every
// fixture, the shipped files and the tricky inputs above.
func TestAgainstFscan(t *testing.T) {
	t.Parallel()
	rules := fixtures(t, ".tech")
	maps.Copy(rules, sharedFiles(t, ".tech"))
	for i, s := range trickyRules {
		rules[fmt.Sprintf("tricky %d", i)] = []byte(s)
	}
	levels := fixtures(t, ".map")
	maps.Copy(levels, sharedFiles(t, ".map"))
	for i, s := range trickyLevels {
		levels[fmt.Sprintf("tricky %d", i)] = []byte(s)
	}
	for _, name := range slices.Sorted(maps.Keys(rules)) {
		compareWithFscan(t, name, rules[name], true)
	}
	for _, name := range slices.Sorted(maps.Keys(levels)) {
		compareWithFscan(t, name, levels[name], false)
	}
}
