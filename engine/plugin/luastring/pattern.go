package luastring

import (
	"fmt"
	"strings"

	lua "github.com/yuin/gopher-lua"
)

// matcher is Lua 5.1's pattern matcher (lstrlib.c), ported with two
// additions: its steps are counted against the call's instruction budget, and
// its recursion depth is bounded (as Lua 5.2 does). gopher-lua's own matcher
// recurses once per character of input and backtracks without limit, so a
// pattern such as "(.-)(.-)(.-)x" on a long string would run in Go, where no
// deadline can stop it.
type matcher struct {
	lib     *Lib
	L       *lua.LState
	src     string
	pat     string
	level   int // number of captures, finished or not
	capture [maxCaptures]struct{ init, len int }
	depth   int
	pending int64 // steps not yet charged
}

const (
	maxCaptures   = 32
	maxMatchDepth = 200
	capUnfinished = -1
	capPosition   = -2
	// StepsPerInstruction converts matcher steps into instructions: a step
	// costs a few nanoseconds, a VM instruction tens.
	StepsPerInstruction = 4
)

func newMatcher(lib *Lib, L *lua.LState, src, pat string) *matcher {
	return &matcher{lib: lib, L: L, src: src, pat: pat}
}

func (m *matcher) step() {
	m.pending++
	if m.pending >= 256*StepsPerInstruction {
		m.flush()
	}
}

// flush charges the counted steps.
func (m *matcher) flush() {
	if n := m.pending / StepsPerInstruction; n > 0 {
		m.pending -= n * StepsPerInstruction
		m.lib.m.Steps(m.L, n)
	}
}

// error raises a Lua error. The message is always formatted: gopher-lua's
// RaiseError leaves "%%" alone when it is given no arguments.
func (m *matcher) error(format string, args ...any) {
	m.L.RaiseError("%s", fmt.Sprintf(format, args...))
}

func isDigit(c byte) bool { return '0' <= c && c <= '9' }
func isLower(c byte) bool { return 'a' <= c && c <= 'z' }
func isUpper(c byte) bool { return 'A' <= c && c <= 'Z' }
func isAlpha(c byte) bool { return isLower(c) || isUpper(c) }

// matchClass reports whether c is in the class %cl (C "C" locale).
func matchClass(c, cl byte) bool {
	lower := cl
	if isUpper(cl) {
		lower = cl + 'a' - 'A'
	}
	var res bool
	switch lower {
	case 'a':
		res = isAlpha(c)
	case 'c':
		res = c < 32 || c == 127
	case 'd':
		res = isDigit(c)
	case 'l':
		res = isLower(c)
	case 'p':
		res = (33 <= c && c <= 47) || (58 <= c && c <= 64) || (91 <= c && c <= 96) || (123 <= c && c <= 126)
	case 's':
		res = c == ' ' || ('\t' <= c && c <= '\r')
	case 'u':
		res = isUpper(c)
	case 'w':
		res = isAlpha(c) || isDigit(c)
	case 'x':
		res = isDigit(c) || ('a' <= c && c <= 'f') || ('A' <= c && c <= 'F')
	case 'z':
		res = c == 0
	default:
		return cl == c
	}
	if isUpper(cl) {
		res = !res
	}
	return res
}

// classEnd returns the index just after the single-character class at p.
func (m *matcher) classEnd(p int) int {
	pat := m.pat
	c := pat[p]
	p++
	switch c {
	case '%':
		if p >= len(pat) {
			m.error("malformed pattern (ends with '%%')")
		}
		return p + 1
	case '[':
		if p < len(pat) && pat[p] == '^' {
			p++
		}
		for { // the first character after [ or [^ is never the closing ]
			if p >= len(pat) {
				m.error("malformed pattern (missing ']')")
			}
			c := pat[p]
			p++
			if c == '%' && p < len(pat) {
				p++ // skip escapes such as %]
			}
			if p < len(pat) && pat[p] == ']' {
				return p + 1
			}
		}
	}
	return p
}

// matchBracketClass matches c against the set [ ... ] from p (at '[') to ec
// (at ']').
func (m *matcher) matchBracketClass(c byte, p, ec int) bool {
	sig := true
	if m.pat[p+1] == '^' {
		sig = false
		p++
	}
	for p++; p < ec; p++ {
		switch {
		case m.pat[p] == '%':
			p++
			if matchClass(c, m.pat[p]) {
				return sig
			}
		case m.pat[p+1] == '-' && p+2 < ec:
			p += 2
			if m.pat[p-2] <= c && c <= m.pat[p] {
				return sig
			}
		case m.pat[p] == c:
			return sig
		}
	}
	return !sig
}

func (m *matcher) singleMatch(c byte, p, ep int) bool {
	switch m.pat[p] {
	case '.':
		return true
	case '%':
		return matchClass(c, m.pat[p+1])
	case '[':
		return m.matchBracketClass(c, p, ep-1)
	}
	return m.pat[p] == c
}

// match returns the end of a match of pat[p:] at src[s:], or -1.
func (m *matcher) match(s, p int) int {
	m.depth++
	if m.depth > maxMatchDepth {
		m.error("pattern too complex")
	}
	r := m.doMatch(s, p)
	m.depth--
	return r
}

func (m *matcher) doMatch(s, p int) int {
	for {
		m.step()
		if p >= len(m.pat) {
			return s // end of pattern: success
		}
		switch m.pat[p] {
		case '(':
			if p+1 < len(m.pat) && m.pat[p+1] == ')' {
				return m.startCapture(s, p+2, capPosition)
			}
			return m.startCapture(s, p+1, capUnfinished)
		case ')':
			return m.endCapture(s, p+1)
		case '%':
			if p+1 < len(m.pat) {
				switch c := m.pat[p+1]; {
				case c == 'b':
					if s = m.matchBalance(s, p+2); s < 0 {
						return -1
					}
					p += 4
					continue
				case c == 'f':
					p += 2
					if p >= len(m.pat) || m.pat[p] != '[' {
						m.error("missing '[' after '%%f' in pattern")
					}
					ep := m.classEnd(p)
					var prev, cur byte
					if s > 0 {
						prev = m.src[s-1]
					}
					if s < len(m.src) {
						cur = m.src[s]
					}
					if m.matchBracketClass(prev, p, ep-1) || !m.matchBracketClass(cur, p, ep-1) {
						return -1
					}
					p = ep
					continue
				case isDigit(c):
					if s = m.matchCapture(s, c); s < 0 {
						return -1
					}
					p += 2
					continue
				}
			}
		case '$':
			if p+1 == len(m.pat) {
				if s == len(m.src) {
					return s
				}
				return -1
			}
		}
		// A single-character class, possibly followed by a quantifier.
		ep := m.classEnd(p)
		matched := s < len(m.src) && m.singleMatch(m.src[s], p, ep)
		if ep < len(m.pat) {
			switch m.pat[ep] {
			case '?':
				if matched {
					if r := m.match(s+1, ep+1); r >= 0 {
						return r
					}
				}
				p = ep + 1
				continue
			case '*':
				return m.maxExpand(s, p, ep)
			case '+':
				if !matched {
					return -1
				}
				return m.maxExpand(s+1, p, ep)
			case '-':
				return m.minExpand(s, p, ep)
			}
		}
		if !matched {
			return -1
		}
		s++
		p = ep
	}
}

func (m *matcher) maxExpand(s, p, ep int) int {
	i := 0
	for s+i < len(m.src) && m.singleMatch(m.src[s+i], p, ep) {
		i++
		m.step()
	}
	for ; i >= 0; i-- { // try the longest repetition first
		if r := m.match(s+i, ep+1); r >= 0 {
			return r
		}
	}
	return -1
}

func (m *matcher) minExpand(s, p, ep int) int {
	for {
		if r := m.match(s, ep+1); r >= 0 {
			return r
		}
		if s < len(m.src) && m.singleMatch(m.src[s], p, ep) {
			s++
		} else {
			return -1
		}
	}
}

func (m *matcher) matchBalance(s, p int) int {
	if p+1 >= len(m.pat) {
		m.error("unbalanced pattern")
	}
	if s >= len(m.src) || m.src[s] != m.pat[p] {
		return -1
	}
	b, e := m.pat[p], m.pat[p+1]
	cont := 1
	for s++; s < len(m.src); s++ {
		m.step()
		switch m.src[s] {
		case e:
			if cont--; cont == 0 {
				return s + 1
			}
		case b:
			cont++
		}
	}
	return -1
}

func (m *matcher) startCapture(s, p, what int) int {
	if m.level >= maxCaptures {
		m.error("too many captures")
	}
	m.capture[m.level].init = s
	m.capture[m.level].len = what
	m.level++
	r := m.match(s, p)
	if r < 0 {
		m.level-- // undo the capture
	}
	return r
}

func (m *matcher) endCapture(s, p int) int {
	l := -1
	for i := m.level - 1; i >= 0; i-- {
		if m.capture[i].len == capUnfinished {
			l = i
			break
		}
	}
	if l < 0 {
		m.error("invalid pattern capture")
	}
	m.capture[l].len = s - m.capture[l].init
	r := m.match(s, p)
	if r < 0 {
		m.capture[l].len = capUnfinished
	}
	return r
}

func (m *matcher) matchCapture(s int, c byte) int {
	l := int(c) - '1'
	if l < 0 || l >= m.level || m.capture[l].len == capUnfinished {
		m.error("invalid capture index")
	}
	n := m.capture[l].len
	init := m.capture[l].init
	if len(m.src)-s >= n && m.src[s:s+n] == m.src[init:init+n] {
		return s + n
	}
	return -1
}

// pushCapture pushes capture i of the match src[s:e]; capture 0 of a
// pattern without captures is the whole match.
func (m *matcher) pushCapture(i, s, e int) {
	if i >= m.level {
		if i != 0 || s < 0 {
			m.error("invalid capture index")
		}
		m.L.Push(lua.LString(m.src[s:e]))
		return
	}
	c := m.capture[i]
	switch c.len {
	case capUnfinished:
		m.error("unfinished capture")
	case capPosition:
		m.L.Push(lua.LNumber(c.init + 1))
	default:
		m.L.Push(lua.LString(m.src[c.init : c.init+c.len]))
	}
}

// pushCaptures pushes all captures, or the whole match when there are none
// and s >= 0 (string.find passes s = -1: it returns positions instead).
func (m *matcher) pushCaptures(s, e int) int {
	n := m.level
	if n == 0 && s >= 0 {
		n = 1
	}
	for i := range n {
		m.pushCapture(i, s, e)
	}
	return n
}

// expand builds a gsub replacement string: %0 is the whole match, %1-%9 the
// captures, % before any other character that character.
func (m *matcher) expand(repl string, s, e int) string {
	var b strings.Builder
	grow := func(n int) {
		if b.Len()+n > m.lib.maxLen {
			m.lib.m.CheckLen(m.L, b.Len()+n, "string.gsub")
		}
	}
	for i := 0; i < len(repl); i++ {
		c := repl[i]
		if c != '%' || i+1 == len(repl) {
			grow(1)
			b.WriteByte(c)
			continue
		}
		i++
		d := repl[i]
		switch {
		case !isDigit(d):
			grow(1)
			b.WriteByte(d)
		case d == '0':
			grow(e - s)
			b.WriteString(m.src[s:e])
		default:
			m.pushCapture(int(d-'1'), s, e)
			v := lua.LVAsString(m.L.Get(-1))
			m.L.Pop(1)
			grow(len(v))
			b.WriteString(v)
		}
	}
	return b.String()
}
