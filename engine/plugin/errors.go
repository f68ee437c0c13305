package plugin

import (
	"bytes"
	"errors"
	"fmt"
	"strconv"
	"strings"
	"unicode/utf8"

	lua "github.com/yuin/gopher-lua"
	"github.com/yuin/gopher-lua/parse"

	"github.com/sandtable/sandtable/engine/plugin/luatext"
)

// Error is a failure of a hook: a syntax error found when the script is
// loaded, a Lua error raised while it runs, a broken limit, or an error
// returned by a Go hook. Every error a Worker or Registry returns for a
// script is an *Error, so callers can report it at the script's line.
type Error struct {
	Script string // path of the script (or the origin of a Go hook)
	Line   int    // 1-based; 0 when unknown
	Column int    // 1-based, in runes; 0 when unknown (run-time errors: found in the text, see runtimeColumn)
	Kind   string // hook kind, e.g. "mbg.tech"
	ID     string // hook id
	// Func is the hook function that was running, or "(load)" for the
	// script's top level and "" for errors found before the script ran.
	Func string
	// Limit is the limit the call broke, LimitNone for ordinary errors.
	Limit   Limit
	Message string
	// Traceback lists the script's frames at the point of the error,
	// innermost first, shortened to a few entries.
	Traceback []Frame
	// Err is the Go error behind Message when there is one: the error a Go
	// hook returned, or the error a host function reported to the script.
	Err error
}

// Frame is one entry of a traceback.
type Frame struct {
	Script string
	Line   int
	// Column is where the frame stands on its line (1-based, in runes): the
	// error's column for the innermost frame, the call of the next inner
	// frame's function for the others; 0 when unknown.
	Column int
	Func   string // "function 'f'", "main chunk", …, as Lua describes it
}

// ErrBackstop is wrapped by the *Error of a call stopped by the wall-clock
// backstop (Limits.Timeout). It says the machine did not run a call within
// its counted budgets in a long time: an overloaded or too slow machine, not
// a mistake of the script. Tools report it as an internal failure (exit 2),
// never as a diagnostic of the script, and the same game on an idle machine
// gives the game's real result.
var ErrBackstop = errors.New("the machine did not finish the call in time (wall-clock backstop): it is overloaded or too slow; this is not a limit of the script, and the same game on an idle machine plays normally")

// funcLoad is Error.Func for failures of a script's top level.
const funcLoad = "(load)"

// Error formats the error on one line: script:line:col: kind id: func: message.
func (e *Error) Error() string {
	var b strings.Builder
	if e.Script != "" {
		b.WriteString(e.Script)
		if e.Line > 0 {
			fmt.Fprintf(&b, ":%d", e.Line)
			if e.Column > 0 {
				fmt.Fprintf(&b, ":%d", e.Column)
			}
		}
		b.WriteString(": ")
	}
	fmt.Fprintf(&b, "%s %q", e.Kind, e.ID)
	if e.Func != "" {
		b.WriteString(" ")
		b.WriteString(e.Func)
	}
	b.WriteString(": ")
	b.WriteString(e.Message)
	return b.String()
}

// Unwrap returns the Go error behind the failure, if any.
func (e *Error) Unwrap() error { return e.Err }

// maxTraceback is how many frames an Error keeps: enough to see the path
// into a helper function without flooding a game log on deep recursion.
const MaxTraceback = 8

// splitWhere splits a Lua error message of the form "source:line: text", as
// gopher-lua's error() and runtime errors produce it, when source is the
// script's chunk name. It returns line 0 and msg unchanged otherwise (error
// objects that are not strings, error(msg, 0), messages from other chunks).
func splitWhere(msg, source string) (line int, text string) {
	rest, ok := strings.CutPrefix(msg, source+":")
	if !ok {
		return 0, msg
	}
	digits, text, ok := strings.Cut(rest, ":")
	if !ok {
		return 0, msg
	}
	n, err := strconv.Atoi(digits)
	if err != nil || n <= 0 {
		return 0, msg
	}
	return n, strings.TrimPrefix(text, " ")
}

// parseTraceback reads gopher-lua's textual stack traceback ("stack
// traceback:" then one "\tsource:line: in function 'f'" line per frame) and
// keeps the frames of the script named source. gopher-lua exposes the Lua
// stack only as this text once an error has unwound it, so this is the one
// place that knows its format.
func parseTraceback(text, source string) []Frame {
	var frames []Frame
	for _, ln := range strings.Split(text, "\n") {
		ln = strings.TrimPrefix(ln, "\t")
		where, fn, ok := strings.Cut(ln, " in ")
		if !ok {
			continue
		}
		line, rest := splitWhere(where, source)
		if line == 0 || rest != "" {
			continue
		}
		f := Frame{Script: source, Line: line, Func: fn}
		if n := len(frames); n > 0 && frames[n-1] == f {
			continue // deep recursion: one frame says it
		}
		frames = append(frames, f)
		if len(frames) == MaxTraceback {
			break
		}
	}
	return frames
}

// syntaxPosition returns where a load error of src lies, with columns in
// runes. gopher-lua's parser reports the byte column of the end of the token
// it stopped at, or line -1 when it stopped at the end of the input; the
// compiler reports only a line. This function is the one place that knows
// those conventions.
func syntaxPosition(err error, src []byte) (line, col int, msg string) {
	var pe *parse.Error
	var ce *lua.CompileError
	var se *sourceError
	switch {
	case errors.As(err, &se):
		return se.Line, 0, se.Msg
	case errors.As(err, &pe):
		msg = pe.Message
		if pe.Token != "" {
			msg = fmt.Sprintf("%s near '%s'", pe.Message, pe.Token)
		}
		if pe.Pos.Line <= 0 {
			// Stopped at end of input: point at the last occurrence of the
			// offending token, or at the end of the file.
			if i := bytes.LastIndex(src, []byte(pe.Token)); pe.Token != "" && i >= 0 {
				line, col = offsetPosition(src, i)
				return line, col, msg
			}
			line, col = offsetPosition(src, len(src))
			return line, col, msg
		}
		line = pe.Pos.Line
		start := pe.Pos.Column - len(pe.Token) + 1
		if start < 1 || !tokenAt(src, line, start, pe.Token) {
			start = max(pe.Pos.Column, 1)
		}
		return line, luatext.RuneColumn(src, line, start), msg
	case errors.As(err, &ce):
		return max(ce.Line, 1), 0, ce.Message
	}
	return 0, 0, err.Error()
}

// tokenAt reports whether tok is written at the 1-based byte column col of line.
func tokenAt(src []byte, line, col int, tok string) bool {
	off := luatext.LineStart(src, line)
	if off < 0 {
		return false
	}
	if off+col-1 > len(src) {
		return false
	}
	return bytes.HasPrefix(src[off+col-1:], []byte(tok))
}

// offsetPosition converts a byte offset into a 1-based line and rune column.
func offsetPosition(src []byte, off int) (line, col int) {
	off = min(off, len(src))
	before := src[:off]
	line = bytes.Count(before, []byte("\n")) + 1
	start := bytes.LastIndexByte(before, '\n') + 1
	return line, utf8.RuneCount(before[start:]) + 1
}
