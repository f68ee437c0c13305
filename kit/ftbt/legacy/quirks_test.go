package legacy

import (
	"fmt"
	"testing"

	"github.com/sandtable/sandtable/kit/diag"
)

// rulesWith is a rules file with 3 terrains and one tech whose is_long,
// AOE quadruple (line 8), mask (line 9) and value (line 10) are given:
//
//	1 3 / 2 a 1 / 3 b 2 / 4 c 3 / 5 15 30 1 / 6 T 0 <is_long> 1 / 7 1 0
func rulesWith(isLong, aoe, mask, value string) string {
	return fmt.Sprintf("3\na 1\nb 2\nc 3\n15 30 1\nT 0 %s 1\n1 0\n%s\n%s\n%s\n", isLong, aoe, mask, value)
}

// TestTokenQuirks checks the fmt.Fscan semantics of facts §2 that the
// parser emulates, with the warnings it gives where they mislead.
func TestTokenQuirks(t *testing.T) {
	t.Parallel()
	E, W := diag.Error, diag.Warning
	cases := []struct {
		name  string
		rules string // one of rules and level is set
		level string
		want  []want
		check func(t *testing.T, r *Rules, l *Level)
	}{
		{name: "bool forms", rules: rulesWith("TRUE", "0 0 FaLsE 0", "t F 1", "5"),
			check: func(t *testing.T, r *Rules, _ *Level) {
				tc := r.Techs[0]
				if !tc.IsLong.V || tc.AOESelf.V || fmt.Sprint(mask(tc)) != "[true false true]" || tc.Value.V != 5 {
					t.Errorf("tech %+v", tc)
				}
			}},
		{name: "bool 0 and 1", rules: rulesWith("1", "0 0 0 0", "0 1 0", "5"),
			check: func(t *testing.T, r *Rules, _ *Level) {
				if tc := r.Techs[0]; !tc.IsLong.V || tc.AOESelf.V || fmt.Sprint(mask(tc)) != "[false true false]" {
					t.Errorf("tech %+v", tc)
				}
			}},
		{name: "tru", rules: rulesWith("tru", "0 0 false 0", "t t t", "5"), want: []want{
			{E, CodeToken, 6, 5, `the long-range flag (is_long) of tech T (id 0) here, but "tru" is not a boolean`},
		}},
		{name: "yes before an int", rules: rulesWith("false", "1 100 yes 2", "t t t", "5"), want: []want{
			{W, CodeQuirk, 8, 7, `only its first character "y" is consumed; the next value is read from "es".`},
			{E, CodeToken, 8, 8, `the duration of tech T (id 0) here, but "es" is not an integer`},
		}},
		{name: "yes in the mask", rules: rulesWith("false", "0 0 false 0", "yes", "5"), want: []want{
			{W, CodeQuirk, 9, 1, `from "yes" as false: a word that does not start with t, f, 0 or 1 reads as false, and only its first character "y" is consumed; the next value is read from "es".`},
			{W, CodeQuirk, 9, 2, `the next value is read from "s".`},
			{W, CodeQuirk, 9, 3, `only its first character "s" is consumed. Write true or false.`},
		}, check: func(t *testing.T, r *Rules, _ *Level) {
			if tc := r.Techs[0]; fmt.Sprint(mask(tc)) != "[false false false]" || tc.Value.V != 5 {
				t.Errorf("yes read as three falses: %+v", tc)
			}
		}},
		{name: "10 as bool", rules: rulesWith("false", "0 0 false 0", "10 1", "5"), want: []want{
			{W, CodeQuirk, 9, 1, `reads only "1" of "10" as the terrain mask entry 1 of 3 (terrain a (index 0)) of tech T (id 0) (true); the next value is read from "0".`},
		}, check: func(t *testing.T, r *Rules, _ *Level) {
			if got := fmt.Sprint(mask(r.Techs[0])); got != "[true false true]" {
				t.Errorf("mask %s", got)
			}
		}},
		{name: "truex", rules: rulesWith("false", "0 0 false 0", "truex t", "5"), want: []want{
			{W, CodeQuirk, 9, 1, `reads only "true" of "truex"`},
			{W, CodeQuirk, 9, 5, `from "x" as false`},
		}, check: func(t *testing.T, r *Rules, _ *Level) {
			if got := fmt.Sprint(mask(r.Techs[0])); got != "[true false true]" {
				t.Errorf("mask %s", got)
			}
		}},
		{name: "dropped character before the AI block", rules: rulesWith("false", "0 0 false 0", "t t t", "5x"), want: []want{
			{W, CodeQuirk, 10, 1, `reads only "5" of "5x" as the value of tech T (id 0) (5); its file reader then drops "x", so the rest of the token is lost.`},
		}, check: func(t *testing.T, r *Rules, _ *Level) {
			if r.AI != nil || r.Techs[0].Value.V != 5 {
				t.Errorf("AI %+v, value %d", r.AI, r.Techs[0].Value.V)
			}
		}},
		{name: "octal", level: "010 1\n0 0 0 0 0 0 0 0\n0\n", want: []want{
			{W, CodeQuirk, 1, 1, `"010" has a leading zero, so the original reads the map width (nx) as the octal number 8.`},
		}, check: func(t *testing.T, _ *Rules, l *Level) {
			if l.NX.V != 8 || len(l.Cells) != 8 {
				t.Errorf("nx %d, %d cells", l.NX.V, len(l.Cells))
			}
		}},
		{name: "octal 07 reads the same", level: "07 1\n0 0 0 0 0 0 0\n00\n",
			check: func(t *testing.T, _ *Rules, l *Level) {
				if l.NX.V != 7 || !l.NPeople.Present() || l.NPeople.V != 0 {
					t.Errorf("nx %d, people %+v", l.NX.V, l.NPeople)
				}
			}},
		{name: "08 within one call", level: "08\n0\n", want: []want{
			{W, CodeQuirk, 1, 1, `"08" starts with 0, which makes the original read an octal number, and 8 is not an octal digit: it reads only "0" as the map width (nx) (0); the next value is read from "8".`},
		}, check: func(t *testing.T, _ *Rules, l *Level) {
			if l.NX.V != 0 || l.NY.V != 8 || l.NY.R.Start.Column != 2 || l.NY.R.End.Column != 3 || len(l.Cells) != 0 {
				t.Errorf("nx %d, ny %d at %v", l.NX.V, l.NY.V, l.NY.R)
			}
		}},
		{name: "08 alone in its call", level: "2 1\n08 1\n0\n", want: []want{
			{W, CodeQuirk, 2, 1, `it reads only "0" as the terrain index of cell (0, 0) (0); its file reader then drops "8", so the rest of the token is lost.`},
		}, check: func(t *testing.T, _ *Rules, l *Level) {
			if vals(l.Cells) != "[0 1]" {
				t.Errorf("cells %s", vals(l.Cells))
			}
		}},
		{name: "underscores", level: "1 1\n0\n1\nA 0 1 1 1_000 1 0 0 0\n",
			check: func(t *testing.T, _ *Rules, l *Level) {
				if l.People[0].HP.V != 1000 {
					t.Errorf("hp %d", l.People[0].HP.V)
				}
			}},
		{name: "prefixes", level: "1 1\n0\n1\nA 0 0x1F 0o17 0b101 -0X10 0 0 0\n",
			check: func(t *testing.T, _ *Rules, l *Level) {
				if p := l.People[0]; p.Abi.V != 31 || p.Def.V != 15 || p.HP.V != 5 || p.Speed.V != -16 {
					t.Errorf("person %+v", p)
				}
			}},
		{name: "sign", level: "+1 1\n-0\n0\n",
			check: func(t *testing.T, _ *Rules, l *Level) {
				if l.NX.V != 1 || vals(l.Cells) != "[0]" {
					t.Errorf("nx %d, cells %s", l.NX.V, vals(l.Cells))
				}
			}},
		{name: "0b12 within one call", level: "0b12 0 0\n0\n", want: []want{
			{W, CodeQuirk, 1, 1, `reads only "0b1" of "0b12" as the map width (nx) (1); the next value is read from "2".`},
		}, check: func(t *testing.T, _ *Rules, l *Level) {
			if l.NX.V != 1 || l.NY.V != 2 || len(l.Cells) != 2 {
				t.Errorf("nx %d, ny %d", l.NX.V, l.NY.V)
			}
		}},
		{name: "12abc within one call", level: "12abc 1\n", want: []want{
			{W, CodeQuirk, 1, 1, `reads only "12" of "12abc" as the map width (nx) (12); the next value is read from "abc".`},
			{E, CodeToken, 1, 3, `expects the map height (ny) here, but "abc" is not an integer`},
		}, check: func(t *testing.T, _ *Rules, l *Level) {
			if l.NX.V != 12 || l.NY.Present() {
				t.Errorf("nx %+v, ny %+v", l.NX, l.NY)
			}
		}},
		{name: "12abc alone in its call", level: "2 1\n12abc 0\n0\n", want: []want{
			{W, CodeQuirk, 2, 1, `its file reader then drops "a", and the next value is read from "bc".`},
			{E, CodeToken, 2, 4, `expects the terrain index of cell (1, 0) here, but "bc" is not an integer`},
		}},
		{name: "12abc before a name", level: "1 1\n0\n2\nA 0 1 1 1 1 0 0 1 3abc 0 1 1 1 1 0 0 0\n", want: []want{
			{W, CodeQuirk, 4, 19, `its file reader then drops "a", and the next value is read from "bc".`},
		}, check: func(t *testing.T, _ *Rules, l *Level) {
			if len(l.People) != 2 || vals(l.People[0].Techs) != "[3]" || l.People[1].Name.V != "bc" {
				t.Errorf("people %+v", l.StripRanges().People)
			}
		}},
		{name: "float", level: "1.5 1\n", want: []want{
			{W, CodeQuirk, 1, 1, `reads only "1" of "1.5"`},
			{E, CodeToken, 1, 2, `".5" is not an integer`},
		}},
		{name: "out of range", level: "99999999999999999999 1\n", want: []want{
			{E, CodeToken, 1, 1, `"99999999999999999999" is out of range for an integer`},
		}},
		{name: "bare prefix", level: "0x 1\n", want: []want{
			{E, CodeToken, 1, 1, `"0x" is not a valid integer`},
		}},
		{name: "prefix without digits", level: "0xg 1\n", want: []want{
			{E, CodeToken, 1, 1, `the original reads "0x" of "0xg", which is not a valid integer`},
		}},
		{name: "double underscore", level: "1__0 1\n", want: []want{
			{E, CodeToken, 1, 1, `"1__0" is not a valid integer`},
		}},
		{name: "sign alone", level: "-x 1\n", want: []want{
			{E, CodeToken, 1, 1, `"-x" is not an integer`},
		}},
		{name: "byte order mark", level: "\uFEFF2 1\n", want: []want{
			{E, CodeToken, 1, 1, "byte order mark"},
		}},
		{name: "invalid UTF-8 in a name", level: "1 1\n0\n1\na\xffb 0 1 1 1 1 0 0 0\n", want: []want{
			{W, CodeQuirk, 4, 1, "The name of person 1 of 1 contains bytes that are not valid UTF-8; the original reads each as U+FFFD, giving \"a\uFFFDb\"."},
		}, check: func(t *testing.T, _ *Rules, l *Level) {
			if l.People[0].Name.V != "a\uFFFDb" || l.People[0].Side.R.Start.Column != 5 {
				t.Errorf("name %q, side at %v", l.People[0].Name.V, l.People[0].Side.R)
			}
		}},
		{name: "ideographic space splits a name", level: "1 1\n0\n1\n关\u3000羽 0 1 1 1 1 0 0 0\n", want: []want{
			{E, CodeToken, 4, 3, `expects the side of person 关 (index 0) here, but "羽" is not an integer`},
		}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			var (
				r   *Rules
				l   *Level
				ds  diag.Diagnostics
				src string
			)
			if c.rules != "" {
				src = c.rules
				r, ds = ParseRules("q", []byte(src))
			} else {
				src = c.level
				l, ds = ParseLevel("q", []byte(src))
			}
			match(t, c.name, ds, c.want)
			for _, d := range ds {
				checkDiag(t, map[string]*posIndex{"q": newPosIndex([]byte(src))}, d)
			}
			if c.check != nil {
				c.check(t, r, l)
			}
			compareWithFscan(t, c.name, []byte(src), c.rules != "")
		})
	}
}
