package schema

import (
	"unsafe"

	"github.com/sandtable/sandtable/kit/internal/pool"
)

// The quick check of a JSON text (Set.ValidateJSON) reads it once into a
// tape: the document's values in text order, each one token in a single
// slice, with numbers parsed and strings left in the text. Checking the
// tape finds the same answers as checking DecodeJSON's tree (the numbers
// and strings are the same values), without building a map per object, a
// boxed number per number and a string per string; a compiled config is
// checked that way, and only a document the check does not accept is
// decoded into a tree for the library.

// The kinds of tape tokens.
const (
	tNull uint8 = iota
	tFalse
	tTrue
	tNumber
	tString
	tArray
	tObject
	tKey // an object member's key, followed by the member's value
)

// tok is one value of a tape (or one key of an object).
type tok struct {
	kind uint8
	// s, e: a string's text is data[s:e], or data[s:-e] with escapes
	// (e < 0), decoded only when asked for. A number is nums[s].
	s, e int32
	next int32 // the index of the token after the value, contents included
	n    int32 // the elements of an array, the members of an object
}

// tape is a JSON document as the quick check reads it.
type tape struct {
	data    []byte
	toks    []tok
	nums    []float64
	scratch []byte              // escaped strings are decoded into it once, to check them
	seen    map[string]struct{} // scratch for the duplicate-key check
}

// maxTapeText bounds the text readTape accepts (token offsets are int32).
const maxTapeText = 1 << 30

// readTape reads data into a tape. It reports false for text it cannot
// read as DecodeJSON would without help (then DecodeJSON's tree, and
// json.Unmarshal's judgement, decide) and for an object with a repeated
// key, whose last value alone is in the tree.
func readTape(data []byte) (*tape, bool) {
	if len(data) > maxTapeText {
		return nil, false
	}
	t := tapes.Get()
	t.data = data
	d := treeDecoder{data: data}
	d.space()
	if !d.tapeValue(t, 0) {
		t.release()
		return nil, false
	}
	if d.space(); d.i != len(data) {
		t.release()
		return nil, false
	}
	return t, true
}

// tapes keeps a few tapes for reuse: a config's tape has thousands of
// tokens, which every compile would otherwise allocate anew. Tapes of more
// than maxPooledTokens are not kept.
var tapes = pool.Free[tape]{Max: 4}

const maxPooledTokens = 1 << 20

// release empties t and keeps it for reuse; t must not be used after.
func (t *tape) release() {
	t.data, t.toks, t.nums, t.scratch = nil, t.toks[:0], t.nums[:0], t.scratch[:0]
	if cap(t.toks) <= maxPooledTokens {
		tapes.Put(t)
	}
}

// tapeValue appends the value at d.i and its contents to t.
func (d *treeDecoder) tapeValue(t *tape, depth int) bool {
	if d.i >= len(d.data) || depth > maxTreeDepth {
		return false
	}
	at := len(t.toks)
	switch c := d.data[d.i]; {
	case c == '{', c == '[':
		t.toks = append(t.toks, tok{})
		kind, end := tObject, byte('}')
		if c == '[' {
			kind, end = tArray, ']'
		}
		n := int32(0)
		if !d.elements(end, func() bool {
			if kind == tObject && (!d.tapeString(t, tKey) || !d.colon()) {
				return false
			}
			n++
			return d.tapeValue(t, depth+1)
		}) {
			return false
		}
		t.toks[at] = tok{kind: kind, n: n, next: int32(len(t.toks))}
		return kind == tArray || !t.repeatsKey(int32(at))
	case c == '"':
		return d.tapeString(t, tString)
	case c == '-' || ('0' <= c && c <= '9'):
		f, ok := d.float()
		if !ok {
			return false
		}
		t.toks = append(t.toks, tok{kind: tNumber, s: int32(len(t.nums)), next: int32(at + 1)})
		t.nums = append(t.nums, f)
		return true
	}
	for _, lit := range []struct {
		text string
		kind uint8
	}{{"true", tTrue}, {"false", tFalse}, {"null", tNull}} {
		if len(d.data)-d.i >= len(lit.text) && string(d.data[d.i:d.i+len(lit.text)]) == lit.text {
			d.i += len(lit.text)
			t.toks = append(t.toks, tok{kind: lit.kind, next: int32(at + 1)})
			return true
		}
	}
	return false
}

// tapeString appends the string at d.i as a token of kind (tString or
// tKey): its place in the text, or its decoded form when it has escapes.
func (d *treeDecoder) tapeString(t *tape, kind uint8) bool {
	next := int32(len(t.toks) + 1)
	start, esc, ok := d.scan()
	if !ok {
		return false
	}
	if esc {
		b, ok := d.unescape(t.scratch[:0], start)
		if !ok {
			return false
		}
		t.scratch = b
		t.toks = append(t.toks, tok{kind: kind, s: int32(start), e: -int32(d.i - 1), next: next})
		return true
	}
	t.toks = append(t.toks, tok{kind: kind, s: int32(start), e: int32(d.i - 1), next: next})
	return true
}

// str returns the string or key at i. A string without escapes is a view
// of the text, valid while the check runs (the text is not changed then);
// one with escapes is decoded anew.
func (t *tape) str(i int32) string {
	k := &t.toks[i]
	if k.e < 0 {
		d := treeDecoder{data: t.data[:-k.e+1], i: int(k.s) - 1}
		s, _ := d.string()
		return s
	}
	if k.e == k.s {
		return ""
	}
	return unsafe.String(&t.data[k.s], int(k.e-k.s))
}

// members calls f with the index of each key of the object at i (its value
// is the token after it), in text order, until f returns false.
func (t *tape) members(i int32, f func(key int32) bool) {
	for k := i + 1; k < t.toks[i].next; k = t.toks[k+1].next {
		if !f(k) {
			return
		}
	}
}

// repeatsKey reports whether the object at i names a member twice.
func (t *tape) repeatsKey(i int32) bool {
	if t.toks[i].n < 2 {
		return false
	}
	if t.toks[i].n <= 8 {
		dup := false
		t.members(i, func(a int32) bool {
			for b := t.toks[a+1].next; b < t.toks[i].next; b = t.toks[b+1].next {
				if t.sameKey(a, b) {
					dup = true
					return false
				}
			}
			return true
		})
		return dup
	}
	if t.seen == nil {
		t.seen = map[string]struct{}{}
	}
	dup := false
	t.members(i, func(k int32) bool {
		s := t.str(k)
		if _, ok := t.seen[s]; ok {
			dup = true
			return false
		}
		t.seen[s] = struct{}{}
		return true
	})
	// Empty for the next object, and holding no views of the text.
	clear(t.seen)
	return dup
}

// sameKey reports whether the keys at a and b are equal, comparing their
// text unless one has escapes.
func (t *tape) sameKey(a, b int32) bool {
	x, y := &t.toks[a], &t.toks[b]
	if x.e >= 0 && y.e >= 0 {
		return string(t.data[x.s:x.e]) == string(t.data[y.s:y.e])
	}
	return t.str(a) == t.str(b)
}

// head returns the head of the value at i.
func (t *tape) head(i int32) head {
	k := &t.toks[i]
	switch k.kind {
	case tNull:
		return head{kind: "null"}
	case tFalse:
		return head{kind: "boolean"}
	case tTrue:
		return head{kind: "boolean", b: true}
	case tNumber:
		return head{kind: "number", n: num{f: t.nums[k.s]}}
	case tString:
		return head{kind: "string", s: t.str(i)}
	case tArray:
		return head{kind: "array"}
	case tObject:
		return head{kind: "object"}
	}
	return head{}
}

// checkTape returns the verdict of the value at i of t against n: check's
// answer for the same value decoded.
func (n *node) checkTape(t *tape, i int32, depth int) verdict {
	if n == nil {
		return valid
	}
	if depth > quickDepth {
		return unsure
	}
	h := t.head(i)
	out, done := n.checkHead(&h)
	if done {
		return out
	}
	switch h.kind {
	case "object":
		out = out.and(n.tapeObject(t, i, depth))
	case "array":
		out = out.and(n.tapeArray(t, i, depth))
	}
	if out == invalid {
		return invalid
	}
	return n.checkLogic(out, func(s *node) verdict { return s.checkTape(t, i, depth+1) })
}

// tapeObject is checkObject on the object at i of t. The required members
// are ticked off in the same pass over the members that checks them.
func (n *node) tapeObject(t *tape, i int32, depth int) verdict {
	size := int(t.toks[i].n)
	if (n.minProps != -1 && size < n.minProps) || (n.maxProps != -1 && size > n.maxProps) {
		return invalid
	}
	scan := n.reqOther
	if len(n.required) > 64 {
		scan = n.required
	}
	for _, r := range scan {
		if !t.has(i, r) {
			return invalid
		}
	}
	out, have := valid, uint64(0)
	t.members(i, func(k int32) bool {
		key, v := t.str(k), k+1
		if n.propNames != nil {
			if out = out.and(n.propNames.check(key, depth+1)); out == invalid {
				return false
			}
		}
		named := false
		if m, ok := n.members[key]; ok {
			named = true
			if m.bit >= 0 {
				have |= 1 << m.bit
			}
			if out = out.and(m.n.checkTape(t, v, depth+1)); out == invalid {
				return false
			}
		}
		for _, pp := range n.patternProps {
			if pp.re.MatchString(key) {
				named = true
				if out = out.and(pp.n.checkTape(t, v, depth+1)); out == invalid {
					return false
				}
			}
		}
		if named {
			return true
		}
		if n.noAddProps {
			out = invalid
			return false
		}
		if n.addProps != nil {
			if out = out.and(n.addProps.checkTape(t, v, depth+1)); out == invalid {
				return false
			}
		}
		return true
	})
	if have != n.reqMask {
		return invalid
	}
	return out
}

// has reports whether the object at i has a member named key.
func (t *tape) has(i int32, key string) bool {
	found := false
	t.members(i, func(k int32) bool {
		found = t.str(k) == key
		return !found
	})
	return found
}

// tapeArray is checkArray on the array at i of t.
func (n *node) tapeArray(t *tape, i int32, depth int) verdict {
	size := int(t.toks[i].n)
	if (n.minItems != -1 && size < n.minItems) || (n.maxItems != -1 && size > n.maxItems) {
		return invalid
	}
	out := valid
	if n.unique {
		elems := make([]int32, 0, size)
		for e := i + 1; e < t.toks[i].next; e = t.toks[e].next {
			elems = append(elems, e)
		}
		if out = uniqueScalars(size, func(j int) head { return t.head(elems[j]) }); out == invalid {
			return invalid
		}
	}
	if n.items == nil && n.tuple == nil {
		return out
	}
	j := 0
	for e := i + 1; e < t.toks[i].next; e, j = t.toks[e].next, j+1 {
		s, v := n.item(j)
		if v == invalid {
			return invalid
		}
		if s == nil {
			continue
		}
		if out = out.and(s.checkTape(t, e, depth+1)); out == invalid {
			return invalid
		}
	}
	return out
}
