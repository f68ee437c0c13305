package legacy

import (
	"bytes"
	"strings"
	"unicode/utf8"

	"github.com/sandtable/sandtable/kit/diag"
)

// eof is what reader.get returns at the end of the file, like fmt's eof.
const eof rune = -1

// reader emulates, character by character, how the original's fmt.Fscan
// calls read an *os.File (fmt/scan.go). An *os.File has no UnreadRune, so
// every Fscan call wraps it in a fresh one-rune look-ahead reader and
// throws that away when the call returns. Two consequences matter here:
//
//   - Within one call, a rune that a scan looked at and put back is read
//     again by the next operand: "08" read as nx ny gives 0 and 8.
//   - At the end of a call, the rune looked at and put back is lost, along
//     with any bytes held back while decoding invalid UTF-8. After a token
//     that is a harmless white-space character, but "08" read by a call of
//     its own gives 0 and drops the 8.
//
// cur is the offset of the next rune the current call reads; taken is how
// far the call's look-ahead reader has read the file (taken ≥ cur). A new
// call starts at taken.
type reader struct {
	file  string
	data  []byte
	cur   int
	taken int
	prev  int // offset of the last rune got, for unget
	pc    posCache
	// The end of the word last looked up by word, so that reading a long
	// word value by value (a boolean per letter) stays linear.
	wStart, wEnd int
	wEndPos      diag.Pos
}

// posCache is a position known to start a rune, to compute positions
// incrementally.
type posCache struct{ off, line, col int }

func newReader(file string, data []byte) *reader {
	return &reader{file: file, data: data, pc: posCache{0, 1, 1}}
}

// get reads one rune the way fmt's readRune does: invalid UTF-8 gives
// U+FFFD for one byte, and the look-ahead reader takes from the file as
// many bytes as utf8.FullRune needs.
func (r *reader) get() rune {
	if r.cur >= len(r.data) {
		return eof
	}
	c, size := utf8.DecodeRune(r.data[r.cur:])
	r.taken = max(r.taken, r.cur+fullRuneLen(r.data[r.cur:]))
	r.prev = r.cur
	r.cur += size
	return c
}

// fullRuneLen is how many bytes fmt's readRune reads to decode the first
// rune of p: until utf8.FullRune holds or the file ends.
func fullRuneLen(p []byte) int {
	if len(p) == 0 {
		return 0
	}
	n := 1
	for n < len(p) && !utf8.FullRune(p[:n]) {
		n++
	}
	return n
}

// unget puts back the rune last got, as fmt's UnreadRune.
func (r *reader) unget() { r.cur = r.prev }

// peek reports whether the next rune is in set, without consuming it.
func (r *reader) peek(set string) bool {
	c := r.get()
	if c != eof {
		r.unget()
	}
	return c != eof && strings.ContainsRune(set, c)
}

// accept consumes the next rune if it is in set.
func (r *reader) accept(set string) bool {
	c := r.get()
	if c == eof {
		return false
	}
	if strings.ContainsRune(set, c) {
		return true
	}
	r.unget()
	return false
}

// skipSpace skips white space, as fmt's SkipSpace with newlines as space.
func (r *reader) skipSpace() {
	for {
		c := r.get()
		if c == eof {
			return
		}
		if !isSpace(c) {
			r.unget()
			return
		}
	}
}

// endCall ends an Fscan call: the look-ahead reader is dropped with what it
// holds. It returns the dropped bytes.
func (r *reader) endCall() []byte {
	lost := r.data[r.cur:r.taken]
	r.cur = r.taken
	return lost
}

// restIsSpace reports whether only white space follows offset off.
func (r *reader) restIsSpace(off int) bool {
	for off < len(r.data) {
		c, size := utf8.DecodeRune(r.data[off:])
		if !isSpace(c) {
			return false
		}
		off += size
	}
	return true
}

// wordEnd returns the offset of the first white space at or after off, or
// the end of the file.
func (r *reader) wordEnd(off int) int {
	for off < len(r.data) {
		c, size := utf8.DecodeRune(r.data[off:])
		if isSpace(c) {
			break
		}
		off += size
	}
	return off
}

// word returns the end of the word that holds off, as wordEnd, and its
// position.
func (r *reader) word(off int) (int, diag.Pos) {
	if off >= r.wStart && off < r.wEnd {
		return r.wEnd, r.wEndPos
	}
	end := r.wordEnd(off)
	r.wStart, r.wEnd, r.wEndPos = off, end, r.peekPos(end)
	return end, r.wEndPos
}

// words counts the white-space separated words from off on and returns the
// offsets of the first one.
func (r *reader) words(off int) (n, start, end int) {
	start, end = -1, -1
	for off < len(r.data) {
		c, size := utf8.DecodeRune(r.data[off:])
		if isSpace(c) {
			off += size
			continue
		}
		e := r.wordEnd(off)
		if n == 0 {
			start, end = off, e
		}
		n++
		off = e
	}
	return n, start, end
}

// pos returns the position of byte offset off. Lines end at '\n' only (a CR
// is plain white space), and the column counts runes from the start of the
// line as utf8.RuneCount does: an invalid byte counts as one rune, and so
// does every byte of a sequence cut by off.
func (r *reader) pos(off int) diag.Pos {
	p, c := r.locate(off)
	r.pc = c
	return p
}

// peekPos is pos without moving the cache, for a look ahead that should
// not make the next positions of the reading order costly.
func (r *reader) peekPos(off int) diag.Pos {
	p, _ := r.locate(off)
	return p
}

// locate computes the position of off from the cache, and the cache entry
// closest before it.
func (r *reader) locate(off int) (diag.Pos, posCache) {
	c := r.pc
	if off < c.off {
		// Go back to the start of off's line, which is a rune boundary.
		start := bytes.LastIndexByte(r.data[:off], '\n') + 1
		c = posCache{start, c.line - bytes.Count(r.data[start:c.off], []byte{'\n'}), 1}
	}
	for c.off < off {
		ch, size := utf8.DecodeRune(r.data[c.off:])
		if c.off+size > off {
			return diag.Pos{Line: c.line, Column: c.col + off - c.off, Byte: off}, c
		}
		c.off += size
		if ch == '\n' {
			c.line++
			c.col = 1
		} else {
			c.col++
		}
	}
	return diag.Pos{Line: c.line, Column: c.col, Byte: off}, c
}

// rangeOf returns the Range of the bytes start..end.
func (r *reader) rangeOf(start, end int) diag.Range {
	return diag.Range{File: r.file, Start: r.pos(start), End: r.pos(end)}
}

// eofRange is the empty range at the end of the file, where diagnostics
// about missing values point.
func (r *reader) eofRange() diag.Range {
	return r.rangeOf(len(r.data), len(r.data))
}

// isSpace is fmt's notion of white space (fmt/scan.go): besides ASCII space,
// tab, LF, VT, FF and CR it includes the Unicode spaces below, notably
// U+3000 IDEOGRAPHIC SPACE, so a Chinese name containing one is two tokens
// to the original and to us.
func isSpace(r rune) bool {
	switch {
	case r >= 0x09 && r <= 0x0d, r == ' ', r == 0x85, r == 0xa0, r == 0x1680,
		r >= 0x2000 && r <= 0x200a, r == 0x2028, r == 0x2029, r == 0x202f,
		r == 0x205f, r == 0x3000:
		return true
	}
	return false
}
