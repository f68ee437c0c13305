package source

import (
	"bytes"
	"sort"
	"sync"
	"unicode/utf8"

	"github.com/sandtable/sandtable/kit/diag"
)

// bom is the UTF-8 byte order mark. Editors hide it, so positions do not
// count it: the first character after it is line 1, column 1.
var bom = []byte{0xEF, 0xBB, 0xBF}

// lineIndex converts byte offsets of one file into diag positions. Columns
// count runes (a CJK character or an astral-plane emoji is one column, a
// tab is one column, the \r of a CRLF ending belongs to its line).
//
// Conversions cost O(log lines) plus the runes between the requested offset
// and the previous one on the same line, so converting every offset of a
// file in order is linear in its size, however long its lines are.
type lineIndex struct {
	data   []byte
	starts []int  // byte offset of the start of each line
	ascii  []bool // whether each line is pure ASCII (column = byte distance)
	skip   int    // bytes of a leading BOM, not counted in columns

	// The last conversion on a non-ASCII line, to continue counting from;
	// mu guards it, as positions are computed lazily by any goroutine.
	mu                         sync.Mutex
	lastLine, lastOff, lastCol int
}

func newLineIndex(data []byte) *lineIndex {
	li := &lineIndex{data: data, starts: []int{0}, lastLine: -1}
	if bytes.HasPrefix(data, bom) {
		li.skip = len(bom)
	}
	ascii := true
	for i, b := range data {
		if b >= utf8.RuneSelf {
			ascii = false
		}
		if b == '\n' {
			li.ascii = append(li.ascii, ascii)
			li.starts = append(li.starts, i+1)
			ascii = true
		}
	}
	li.ascii = append(li.ascii, ascii)
	return li
}

// pos returns the position of byte offset off (clamped to the file).
func (li *lineIndex) pos(off int) diag.Pos {
	off = max(0, min(off, len(li.data)))
	line := sort.Search(len(li.starts), func(i int) bool { return li.starts[i] > off }) - 1
	start := li.starts[line]
	if line == 0 {
		start = min(li.skip, max(off, 0))
		if off < li.skip {
			return diag.Pos{Line: 1, Column: 1, Byte: off}
		}
	}
	if li.ascii[line] {
		return diag.Pos{Line: line + 1, Column: off - start + 1, Byte: off}
	}
	li.mu.Lock()
	defer li.mu.Unlock()
	from, col := start, 1
	if li.lastLine == line && li.lastOff <= off && li.lastOff >= start {
		from, col = li.lastOff, li.lastCol
	}
	col += utf8.RuneCount(li.data[from:off])
	li.lastLine, li.lastOff, li.lastCol = line, off, col
	return diag.Pos{Line: line + 1, Column: col, Byte: off}
}

// rng returns the range of bytes [start, end) of file.
func (li *lineIndex) rng(file string, start, end int) diag.Range {
	if end < start {
		end = start
	}
	return diag.Range{File: file, Start: li.pos(start), End: li.pos(end)}
}
