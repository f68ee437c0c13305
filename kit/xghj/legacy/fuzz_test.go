package legacy

import (
	"bytes"
	"reflect"
	"testing"
	"unicode/utf8"

	"github.com/sandtable/sandtable/kit/diag"
)

// The fuzz targets check that the readers never panic, that every range
// they report lies inside the file with a line and column matching its
// byte offset, and that a file read without errors survives Format with
// the same values. Their seed corpus (the fixtures, the shared files when
// present, and the tricky inputs below) runs in ordinary go test.

var trickyMaps = []string{"", "1", "1 1", "1 1 1 1 1", "2 2\n1 2 3 4\n", "+1 1 -0 +0 0", "254 254", "3 1\r\n1 2 3\r\n0 0 0\r\n1 1 1\r\n", "1 1 0x1 1 1", "1\t1\v1\f1 1", "\xff\xfe 1"}

var trickyKernels = []string{"", "|", "|||||||||\n", "|\n|\n|\n|\n|\n|\n|\n|\n|\n", "| 1e3 | 1e-3 | .5 | 5. | +1 | -0 | 0 | 0 | 0 |\n", "| nan | inf | 0x1p3 | 1e39 |", "\n\n\r|1|1|1|1|1|1|1|1|1|"}

func FuzzParseMap(f *testing.F) {
	for _, data := range fixtures(f, ".map") {
		f.Add(data)
	}
	if data := shared(f, "Tsinghua.map.txt"); data != nil {
		f.Add(data)
	}
	for _, s := range trickyMaps {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		m, ds := ParseMap("fuzz.map", data)
		if m == nil {
			t.Fatal("nil map")
		}
		for _, d := range ds {
			checkRange(t, data, *d.Subject)
		}
		for b := range m.Ranges {
			if len(m.Grids[b]) != m.Cols*m.Rows {
				t.Fatalf("grid %d has %d values for %d×%d", b, len(m.Grids[b]), m.Cols, m.Rows)
			}
			for i, r := range m.Ranges[b] {
				if r.File != "" {
					checkRange(t, data, r)
					if m.Grids[b][i] != 0 && r.File == "" {
						t.Fatal("value without a token")
					}
				}
			}
		}
		if ds.HasErrors() {
			return
		}
		m2, ds2 := ParseMap("formatted", FormatMap(m))
		if ds2.HasErrors() || m2.Cols != m.Cols || m2.Rows != m.Rows || !reflect.DeepEqual(m.Grids, m2.Grids) {
			t.Fatalf("FormatMap round trip failed: %v", ds2)
		}
	})
}

func FuzzParseKernel(f *testing.F) {
	for _, data := range fixtures(f, ".kernel") {
		f.Add(data)
	}
	if data := shared(f, "mykernel.txt"); data != nil {
		f.Add(data)
	}
	for _, s := range trickyKernels {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		k, ds := ParseKernel("fuzz.kernel", data)
		if k == nil {
			t.Fatal("nil kernel")
		}
		for _, d := range ds {
			checkRange(t, data, *d.Subject)
		}
		for n := range KernelN {
			for m := range KernelN {
				if r := k.Ranges[n][m]; r.File != "" {
					checkRange(t, data, r)
				}
				if w := k.W[n][m]; w < 0 || w > MaxWeight || w != w {
					t.Fatalf("weight %v kept", w)
				}
			}
		}
		if ds.HasErrors() {
			return
		}
		k2, ds2 := ParseKernel("formatted", FormatKernel(k))
		if ds2.HasErrors() || k2.W != k.W {
			t.Fatalf("FormatKernel round trip failed: %v", ds2)
		}
	})
}

// checkRange fails unless r lies in data and its line and column are those
// of its byte offset (columns count runes, lines end at '\n').
func checkRange(t *testing.T, data []byte, r diag.Range) {
	t.Helper()
	for _, p := range []diag.Pos{r.Start, r.End} {
		if p.Byte < 0 || p.Byte > len(data) {
			t.Fatalf("range %v outside the file (%d bytes)", r, len(data))
		}
		before := data[:p.Byte]
		line := bytes.Count(before, []byte{'\n'}) + 1
		col := utf8.RuneCount(before[bytes.LastIndexByte(before, '\n')+1:]) + 1
		if p.Line != line || p.Column != col {
			t.Fatalf("position %d:%d for byte %d, want %d:%d", p.Line, p.Column, p.Byte, line, col)
		}
	}
	if r.End.Byte < r.Start.Byte {
		t.Fatalf("range %v ends before it starts", r)
	}
}

var trickyLogs = []string{
	"", "-8930218", "-8930218\n2\n", "-8930218\n2\na\nb\n10\t0\n0 0\t8 0\n0 0 0 0 20 -1 0 0\t0 0 -1 8 0\t\n",
	"-8930218\n1\n\n5\n1 1\n0 -1 1 1 0 -1\n\n0 9 9 9 -1 2 2 extra\n", "-8930218\r\n2\r\nx\r\ny\r\n1 2\r\n3 4 5 6\r\n",
	"-8930218\n200\n", "-8930218\n2\na\nb\n1 2\n3 4 5 6 7\n",
}

// FuzzParseContestLog: the contest log reader never panics, and every
// range it reports lies in the file with a matching line and column.
func FuzzParseContestLog(f *testing.F) {
	for _, s := range trickyLogs {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		l, ds := ParseContestLog("log.txt", data)
		if l == nil {
			t.Fatal("nil log")
		}
		for _, d := range ds {
			checkRange(t, data, *d.Subject)
		}
		if !ds.HasErrors() {
			if len(l.Names) != l.Players || len(l.Bids) != l.Players || len(l.Spawns) != l.Players {
				t.Fatalf("header of %d players: %d names, %d bids, %d spawns", l.Players, len(l.Names), len(l.Bids), len(l.Spawns))
			}
			for _, r := range l.Rounds {
				if len(r) != l.Players {
					t.Fatalf("round of %d records", len(r))
				}
				for _, rec := range r {
					if len(rec.Diplomacy) != l.Players {
						t.Fatal("record without one command per player")
					}
				}
			}
		}
	})
}
