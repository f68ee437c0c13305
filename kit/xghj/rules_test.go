package xghj

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	engine "github.com/sandtable/sandtable/engine/xghj"
	"github.com/sandtable/sandtable/kit/build"
	"github.com/sandtable/sandtable/kit/build/buildtest"
	"github.com/sandtable/sandtable/kit/diag"
	"github.com/sandtable/sandtable/kit/lint"
	"github.com/sandtable/sandtable/kit/lint/linttest"
	"github.com/sandtable/sandtable/kit/schema"
	"github.com/sandtable/sandtable/kit/source"
)

func TestRulesWellFormed(t *testing.T) {
	if err := lint.Validate(Rules); err != nil {
		t.Fatal(err)
	}
	if len(Rules) < 8 {
		t.Errorf("%d rules", len(Rules))
	}
	for _, r := range Rules {
		if r.Example == "" || !strings.HasPrefix(r.Name, "xghj-") {
			t.Errorf("rule %s: needs an example and the xghj- prefix", r.Name)
		}
	}
	cat := (Game{}).Catalogue()
	if err := cat.Validate(); err != nil {
		t.Fatal(err)
	}
}

// TestRuleFixtures runs each rule alone on testdata/<rule>/ and compares its
// diagnostics with the fixture's # want comments.
func TestRuleFixtures(t *testing.T) {
	linttest.Fixtures(t, "xghj", Rules, NewUnit)
}

// Every setting maps to its own engine field: distinct values written in
// [constants] come out in the config's constants under the same key.
func TestSettings(t *testing.T) {
	var b strings.Builder
	b.WriteString("[scenario]\nname = \"s\"\n[[terrains]]\nglyph = \"r\"\nname = \"road\"\nres = 1\natk = 1\ndef = 1\n[map]\nrows = [\"r\"]\n[constants]\n")
	want := map[string]float64{}
	for i, s := range Settings {
		v := float64(i + 2)
		if s.Float {
			v = float64(i+2) / 1000
			b.WriteString(s.Key + " = " + strings.TrimRight(strings.TrimRight(ftoa(v), "0"), ".") + "\n")
		} else {
			b.WriteString(s.Key + " = " + ftoa(v) + "\n")
		}
		want[s.Key] = v
	}
	src, ds := source.LoadBytes("scenario.toml", []byte(b.String()), source.Options{})
	if len(ds) > 0 {
		t.Fatal(ds)
	}
	cfg := Resolve(Decode(src)).Config
	data, err := jsonMap(cfg.Constants)
	if err != nil {
		t.Fatal(err)
	}
	for k, v := range want {
		if data[k] != v {
			t.Errorf("%s = %v in the config, want %v", k, data[k], v)
		}
	}
	if len(data) != len(Settings) {
		t.Errorf("the engine has %d constants, Settings %d", len(data), len(Settings))
	}
}

// Hostile sizes do not make the resolver allocate without bound: a map
// wider than 254, a million players, a kernel of 1000 rows are reported
// (the schema reports them too) and resolve to small configs.
func TestHostileSizes(t *testing.T) {
	text := "[scenario]\nname = \"big\"\n[[terrains]]\nglyph = \"r\"\nname = \"road\"\nres = 1\natk = 1\ndef = 1\n[players]\ncount = 1000000\n[map]\nrows = [\"" +
		strings.Repeat("r", 300) + "\"]\n[kernel]\nrows = [" + strings.Repeat("[1.0],", 1000) + "]\n"
	src, ds := source.LoadBytes("scenario.toml", []byte(text), source.Options{})
	if len(ds) > 0 {
		t.Fatal(ds)
	}
	u := NewUnit(src)
	if len(u.Config.Cells) != 0 || len(u.Config.Players) > 201 || len(u.Config.Kernel) > maxKernelSide {
		t.Fatalf("resolved %d cells, %d players, %d kernel rows", len(u.Config.Cells), len(u.Config.Players), len(u.Config.Kernel))
	}
	got := lint.Run(Rules, u, src.Range, nil)
	found := false
	for _, d := range got {
		if d.Code == lint.InternalCode {
			t.Errorf("rule crashed: %s", d.Detail)
		}
		found = found || d.Summary == "Map too large"
	}
	if !found {
		t.Errorf("no map-too-large diagnostic in %v", got)
	}
}

// The rule set: rulebook when [rules] names none, fc14 when it says so;
// the schema refuses another name.
func TestRuleSetDefault(t *testing.T) {
	base := "[scenario]\nname = \"s\"\n[[terrains]]\nglyph = \"r\"\nname = \"road\"\nres = 1\natk = 1\ndef = 1\n[map]\nrows = [\"rrrr\"]\n[players]\ncount = 2\n"
	for _, c := range []struct{ rules, want string }{{"", engine.RuleSetRulebook}, {"[rules]\nset = \"rulebook\"\n", engine.RuleSetRulebook}, {"[rules]\nset = \"fc14\"\n", engine.RuleSetFC14}} {
		src, ds := source.LoadBytes("scenario.toml", []byte(base+c.rules), source.Options{})
		if len(ds) > 0 {
			t.Fatal(ds)
		}
		cfg := Resolve(Decode(src)).Config
		if cfg.Rules.Set != c.want {
			t.Errorf("%q: rule set %q, want %q", c.rules, cfg.Rules.Set, c.want)
		}
		if err := cfg.Validate(); err != nil {
			t.Errorf("%q: %v", c.rules, err)
		}
	}
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "scenario.toml"), []byte("#:schema xghj.scenario.schema.json\n"+base+"[rules]\nset = \"classic\"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	res := build.NewCompiler(Game{}).Compile(dir, build.Options{})
	// One mistake, one error: the schema's, at the value; the engine's
	// refusal of the same setting is not a second report.
	var errs diag.Diagnostics
	for _, d := range res.Diags {
		if d.Severity == diag.Error {
			errs = append(errs, d)
		}
	}
	if len(errs) != 1 || errs[0].Code != schema.CodeEnum || errs[0].Subject.Start.Line != 15 {
		t.Errorf("rule set \"classic\": want one %s error at line 15, got %v", schema.CodeEnum, errs)
	}
}

// The engine's refusal of a setting the schema lets through is reported at
// that setting, one diagnostic per reason.
func TestRefusalAtTheSetting(t *testing.T) {
	text := "[scenario]\nname = \"s\"\n[rules]\nset = \"rulebook\"\nbit_exact = true\n"
	src, ds := source.LoadBytes("scenario.toml", []byte(text), source.Options{})
	if len(ds) > 0 {
		t.Fatal(ds)
	}
	got := refusals(src, errors.New("xghj config \"s\": rules.bit_exact: only the fc14 rule set has a bit-exact mode\n3 players: 2 to 2 play"))
	if len(got) != 2 {
		t.Fatalf("got %d diagnostics, want 2: %v", len(got), got)
	}
	if r := got[0].Subject; r.Start.Line != 5 || r.Start.Column != 13 || got[0].Detail != "rules.bit_exact: only the fc14 rule set has a bit-exact mode" {
		t.Errorf("first refusal at %d:%d %q, want 5:13 without the config's name", r.Start.Line, r.Start.Column, got[0].Detail)
	}
	if r := got[1].Subject; r.Start.Line != 1 {
		t.Errorf("a reason naming no setting at line %d, want [scenario]'s line 1", r.Start.Line)
	}
}

// A hook's params are checked against its script: a misspelt param whose
// read has a fallback is one warning at the read, naming the given
// spelling; a param the script does not read is a warning at its key.
func TestHookParams(t *testing.T) {
	for _, c := range []struct {
		name, from, to string
		file           string
		line, col      int
		want           string
	}{
		{"misspelt", "share = 50", "shrae = 50", "hold_region.lua", 11, 27, `Did you mean "shrae"?`},
		{"unread", "share = 50", "share = 50, margin = 3", "scenario.toml", 84, 37, "never read"},
	} {
		t.Run(c.name, func(t *testing.T) {
			res := buildtest.Edited(t, Game{}, "../../scenarios/xghj/hold_the_centre", c.from, c.to)
			if len(res.Diags) != 1 {
				t.Fatalf("%d diagnostics, want 1: %v", len(res.Diags), res.Diags)
			}
			d := res.Diags[0]
			if d.Code != build.CodeParamUnused || filepath.Base(d.Subject.File) != c.file || d.Subject.Start.Line != c.line || d.Subject.Start.Column != c.col || !strings.Contains(d.Detail, c.want) {
				t.Errorf("got %s at %s:%d:%d (%s), want %s at %s:%d:%d saying %q", d.Code, d.Subject.File, d.Subject.Start.Line, d.Subject.Start.Column, d.Detail,
					build.CodeParamUnused, c.file, c.line, c.col, c.want)
			}
		})
	}
}
