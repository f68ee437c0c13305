package source

import (
	"sort"
	"unicode/utf8"

	"github.com/sandtable/sandtable/kit/diag"
)

// lineIndex converts byte offsets of one file into diag positions.
type lineIndex struct {
	data   []byte
	starts []int // byte offset of the start of each line
}

func newLineIndex(data []byte) *lineIndex {
	li := &lineIndex{data: data, starts: []int{0}}
	for i, b := range data {
		if b == '\n' {
			li.starts = append(li.starts, i+1)
		}
	}
	return li
}

// pos returns the position of byte offset off (clamped to the file).
func (li *lineIndex) pos(off int) diag.Pos {
	off = max(0, min(off, len(li.data)))
	line := sort.Search(len(li.starts), func(i int) bool { return li.starts[i] > off }) - 1
	col := utf8.RuneCount(li.data[li.starts[line]:off]) + 1
	return diag.Pos{Line: line + 1, Column: col, Byte: off}
}

// rng returns the range of bytes [start, end) of file.
func (li *lineIndex) rng(file string, start, end int) diag.Range {
	if end < start {
		end = start
	}
	return diag.Range{File: file, Start: li.pos(start), End: li.pos(end)}
}
