package luastring

import (
	"fmt"
	"math"
	"strconv"
	"strings"

	lua "github.com/yuin/gopher-lua"
)

// strFormat is Lua 5.1's string.format. Like C Lua it allows at most two
// digits of width and of precision, which bounds each conversion; the result
// is checked against the string limit as it grows. gopher-lua hands the
// format to fmt.Sprintf unchecked, which accepts any width and prints Go
// structs (with pointers) for values it does not expect.
func (lib *Lib) Format(L *lua.LState) int {
	f := L.CheckString(1)
	arg := 1
	var b strings.Builder
	grow := func(n int) {
		if b.Len()+n > lib.maxLen {
			lib.m.CheckLen(L, b.Len()+n, "string.format")
		}
	}
	for i := 0; i < len(f); i++ {
		c := f[i]
		if c != '%' {
			grow(1)
			b.WriteByte(c)
			continue
		}
		i++
		if i < len(f) && f[i] == '%' {
			grow(1)
			b.WriteByte('%')
			continue
		}
		// Spec: flags, width (≤ 2 digits), precision (≤ 2 digits), conversion.
		start := i
		for i < len(f) && strings.IndexByte("-+ #0", f[i]) >= 0 {
			i++
		}
		if i-start > 5 {
			L.RaiseError("invalid format (repeated flags)")
		}
		digits := func() {
			n := 0
			for i < len(f) && isDigit(f[i]) {
				i++
				n++
			}
			if n > 2 {
				L.RaiseError("invalid format (width or precision too long)")
			}
		}
		digits()
		if i < len(f) && f[i] == '.' {
			i++
			digits()
		}
		if i >= len(f) {
			L.RaiseError("%s", "invalid option '%' to 'format'")
		}
		spec := f[start:i]
		conv := f[i]
		arg++
		if conv != '%' && L.GetTop() < arg {
			L.ArgError(arg, "no value")
		}
		var out string
		switch conv {
		case 'd', 'i':
			out = fmt.Sprintf("%"+spec+"d", int64(formatNumber(L, arg)))
		case 'o', 'u', 'x', 'X':
			// C converts to unsigned: -1 prints as ffffffffffffffff.
			verb := string(conv)
			if conv == 'u' {
				verb = "d"
			}
			out = fmt.Sprintf("%"+spec+verb, uint64(int64(formatNumber(L, arg))))
		case 'c':
			out = fmt.Sprintf("%"+spec+"s", string([]byte{byte(int64(formatNumber(L, arg)))}))
		case 'e', 'E', 'f', 'g', 'G':
			if !strings.Contains(spec, ".") {
				spec += ".6" // C's default precision; Go's %g would print the shortest form
			}
			out = fmt.Sprintf("%"+spec+string(conv), formatNumber(L, arg))
		case 'q':
			out = quoteLua(L.CheckString(arg))
		case 's':
			s := lib.m.ToString(L, L.Get(arg))
			grow(len(s))
			out = fmt.Sprintf("%"+spec+"s", s)
		default:
			L.RaiseError("invalid option '%%%c' to 'format'", conv)
		}
		grow(len(out))
		b.WriteString(out)
	}
	lib.m.Charge(L, int64(b.Len()))
	lib.m.Touch(L, len(f)+b.Len())
	L.Push(lua.LString(b.String()))
	return 1
}

// formatNumber reads argument i of string.format as a number, converting
// numeric strings as Lua does.
func formatNumber(L *lua.LState, i int) float64 {
	v := L.Get(i)
	switch v := v.(type) {
	case lua.LNumber:
		return float64(v)
	case lua.LString:
		if n, err := ParseNumber(string(v)); err == nil {
			return n
		}
	}
	L.TypeError(i, lua.LTNumber)
	return math.NaN()
}

func ParseNumber(s string) (float64, error) {
	s = strings.TrimSpace(s)
	if h, ok := strings.CutPrefix(strings.ToLower(s), "0x"); ok {
		u, err := strconv.ParseUint(h, 16, 64)
		return float64(u), err
	}
	return strconv.ParseFloat(s, 64)
}

// quoteLua is %q: a double-quoted string Lua reads back as s.
func quoteLua(s string) string {
	var b strings.Builder
	b.WriteByte('"')
	for i := 0; i < len(s); i++ {
		switch c := s[i]; c {
		case '"', '\\':
			b.WriteByte('\\')
			b.WriteByte(c)
		case '\n':
			b.WriteString("\\\n")
		case '\r':
			b.WriteString("\\r")
		case 0:
			b.WriteString("\\000")
		default:
			b.WriteByte(c)
		}
	}
	b.WriteByte('"')
	return b.String()
}
