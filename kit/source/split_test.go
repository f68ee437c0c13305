package source

import (
	"bytes"
	"io/fs"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/BurntSushi/toml"
)

// decodeWhole is the decode decodeSplit stands in for.
func decodeWhole(text []byte) (map[string]any, error) {
	var raw map[string]any
	_, err := toml.NewDecoder(bytes.NewReader(text)).Decode(&raw)
	return raw, err
}

// splitAgrees fails t when decodeSplit (with minBytes after the cut)
// decodes text to a tree the whole decode does not make, and reports
// whether it split.
func splitAgrees(t *testing.T, name string, text []byte, minBytes int) bool {
	t.Helper()
	var raw map[string]any
	split := decodeSplit(text, &raw, minBytes)
	want, err := decodeWhole(text)
	switch {
	case !split && raw != nil:
		t.Fatalf("%s: declined, leaving a tree", name)
	case split && err != nil:
		t.Fatalf("%s: split the text the whole decode refuses (%v)", name, err)
	case split && !reflect.DeepEqual(raw, want):
		t.Fatalf("%s: split tree\n%#v\nwhole tree\n%#v", name, raw, want)
	}
	return split
}

// TestSplitDecode: decodeSplit's tree is the whole decode's on every
// shipped TOML file and on texts made to mislead a scanner (brackets,
// commas and keys inside strings and comments, quoted and dotted keys,
// arrays in tables); it splits where the cut is safe and declines where
// it is not or where the text does not decode.
func TestSplitDecode(t *testing.T) {
	root := filepath.Join("..", "..")
	var files []string
	for _, dir := range []string{"scenarios", "scripts"} {
		err := filepath.WalkDir(filepath.Join(root, dir), func(path string, d fs.DirEntry, err error) error {
			if err == nil && !d.IsDir() && strings.HasSuffix(path, ".toml") {
				files = append(files, path)
			}
			return err
		})
		if err != nil {
			t.Fatal(err)
		}
	}
	if len(files) < 10 {
		t.Fatalf("found only %d shipped TOML files", len(files))
	}
	for _, f := range files {
		text, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		// At the threshold the compile uses, and at any length.
		splitAgrees(t, f, text, minSplit)
		splitAgrees(t, f, text, 1)
	}
	sanguo, err := os.ReadFile(filepath.Join(root, "scenarios", "mbg", "sanguo", "scenario.toml"))
	if err != nil {
		t.Fatal(err)
	}
	if !splitAgrees(t, "sanguo", sanguo, minSplit) {
		t.Errorf("sanguo's officers were not split")
	}
	if key, _, _, _ := splitPoint(sanguo, minSplit); key != "officers" {
		t.Errorf("sanguo is cut in %q, want officers", key)
	}

	for _, c := range []struct {
		name, text string
		split      bool
	}{
		{"plain", "a = [1, 2, 3]\n", true},
		{"tables", "n = 1\nofficers = [\n  { name = \"a\", wu = 1 },\n  { name = \"b\", wu = 2 }, # b\n  { name = \"c\" },\n]\n[scenario]\nname = \"x\"\n", true},
		{"nested", "a = [[1, 2], [3, [4, 5]], {b = [6, 7]}]\n", true},
		{"trailing comma", "a = [1,\n]\n", false},
		{"one element", "a = [1]\n", false},
		{"leading comma", "a = [, 1, 2]\n", false},
		{"double comma", "a = [1, 2,, 3]\n", false},
		{"empty inline table", "a = [, {}]\n", false},
		{"strings", "a = [\"x, ]\", 'y, [', \"\"\"z,\n]\"\"\", '''w\n,'''] # ], [\n", true},
		{"comment brackets", "a = [ # ] , [\n 1, # , ]\n 2 ]\n", true},
		{"largest", "a = [1, 2]\nb = [10, 20, 30, 40, 50, 60]\n", true},
		{"after a header", "[t]\na = [1, 2, 3]\n", false},
		{"quoted key", "\"a\" = [1, 2, 3]\n", false},
		{"dotted key", "a.b = [1, 2, 3]\n", false},
		{"array in a multi-line string", "s = \"\"\"\na = [1, 2, 3]\n\"\"\"\na = [4, 5]\n", true},
		{"quoted key with a multi-line string", "\"k\" = \"\"\"\nofficers = [1, 2, 3, 4]\n\"\"\"\nofficers = [5, 6]\n", true},
		{"literal quoted key", "'k \"' = '\"'\na = [1, 2]\n", true},
		{"inline table", "t = { a = [1, 2], b = \"]\" }\nc = [3, 4]\n", true},
		{"a header shadows", "a = [1, 2]\n[a]\n", false},
		{"array of tables shadows", "a = [1, 2]\n[[a]]\n", false},
		{"dotted key shadows", "a = [1, 2]\na.b = 1\n", false},
		{"duplicate key", "a = [1, 2]\na = [3, 4]\n", false},
		{"broken second half", "a = [1, 2, {]\n", false},
		{"broken first half", "a = [1 1, 2, 3]\n", false},
		{"unclosed", "a = [1, 2,\n", false},
		{"broken after", "a = [1, 2]\nb = \n", false},
		{"newline in a string", "a = [\"x\n\", 2]\n", false},
		{"mixed", "a = [1, \"s\", 2.5, true, 1979-05-27, [1], {x = 1}]\n", true},
		{"crlf", "a = [\r\n 1,\r\n 2\r\n]\r\n", true},
		{"empty", "", false},
		{"a brace closes the array", "a = [{}, 0 }\n", false},
		{"a bracket closes a table", "a = [{x = 1], 2]\n", false},
		{"a brace closes an array before", "b = [1 }\na = [1, 2]\n", false},
		{"an escape at the end", "\"\\", false},
		{"an escape at the end of an array", "a = [1, \"\\", false},
	} {
		if got := splitAgrees(t, c.name, []byte(c.text), 1); got != c.split {
			t.Errorf("%s: split %v, want %v", c.name, got, c.split)
		}
	}
}

// FuzzSplitDecode: on any text, decodeSplit either declines or makes the
// tree of the whole decode.
func FuzzSplitDecode(f *testing.F) {
	for _, s := range []string{
		"a = [1, 2, 3]\n", "a = [\"x, ]\", 'y, [', \"\"\"z,\n]\"\"\"]\n", "\"k\" = \"\"\"\na = [1, 2]\n\"\"\"\n",
		"a = [ # ] , [\n 1, # , ]\n 2 ]\n", "a = [{b = [1, 2]}, {c = \"]\"}]\n[t]\nd = [1, 2]\n",
		"a = [1, 2]\na.b = 1\n", "a = [1, 2]\n[[a]]\n",
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, text []byte) {
		splitAgrees(t, "fuzz", text, 1)
	})
}

// BenchmarkDecodeSplit: BurntSushi's decode of sanguo's entry file whole
// and in two halves at once (decodeSplit), and the whole load of the file
// (pre-scan, decode, index, normalize) as the compile runs it.
func BenchmarkDecodeSplit(b *testing.B) {
	text, err := os.ReadFile(filepath.Join("..", "..", "scenarios", "mbg", "sanguo", "scenario.toml"))
	if err != nil {
		b.Fatal(err)
	}
	b.Run("whole", func(b *testing.B) {
		for b.Loop() {
			if _, err := decodeWhole(text); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("split", func(b *testing.B) {
		for b.Loop() {
			var raw map[string]any
			if !decodeSplit(text, &raw, minSplit) {
				b.Fatal("not split")
			}
		}
	})
	opts := Options{Builtin: os.DirFS(filepath.Join("..", "..", "scripts"))}
	b.Run("load", func(b *testing.B) {
		for b.Loop() {
			if s, ds := LoadBytes("scenario.toml", text, opts); s == nil || ds.HasErrors() {
				b.Fatal(ds)
			}
		}
	})
}
