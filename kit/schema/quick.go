package schema

import (
	"cmp"
	"encoding/json"
	"fmt"
	"math"
	"math/big"
	"math/bits"
	"regexp"
	"unicode/utf8"

	"github.com/santhosh-tekuri/jsonschema/v5"
)

// The quick check answers one question cheaply: is a document certainly
// valid against a compiled schema? jsonschema/v5 builds maps and closures
// for every value and turns every number into a big.Rat through fmt.Sprint,
// which made schema validation the largest cost of a compile. A document
// the quick check accepts needs no further work (a valid document has no
// diagnostics); for any other answer Validate runs the library exactly as
// before, so every diagnostic still comes from jsonschema/v5.
//
// The check is built from the library's own compiled schema (references
// resolved, patterns compiled), keyword by keyword with the library's
// semantics. A schema that uses a keyword the check does not implement gets
// no quick check at all. Where the check cannot decide cheaply and exactly
// (numbers at a bound that is no integer, equality of non-scalar values,
// Go types the decoders do not produce) it answers unsure, and the library
// decides. quick_test.go compares its answers with the library's on every
// shipped scenario, every test fixture and mutations of them.

// verdict is the quick check's answer for one value and schema.
type verdict uint8

const (
	valid verdict = iota
	invalid
	unsure
)

// and combines the verdicts of two conditions that must both hold.
func (v verdict) and(w verdict) verdict { return max(v, w) }

// quickDepth bounds the recursion of a check (a document's nesting plus
// reference chains); deeper means unsure, and the library decides (it
// detects reference loops itself).
const quickDepth = 512

// node is the quick form of one compiled schema.
type node struct {
	always *bool
	ref    *node
	types  []string
	consts []scalar // const (one element) and enum values
	enum   bool     // consts is an enum (any may match) rather than a const

	minProps, maxProps int
	required           []string
	props              map[string]*node
	// members is props for the tape: by name, the member's schema and,
	// for a required one, its bit in a mask of the required members
	// (reqMask, which is 0 when more than 64 are required; reqOther are
	// the required names props does not have).
	members      map[string]member
	reqMask      uint64
	reqOther     []string
	propNames    *node
	patternProps []patternNode
	addProps     *node // additionalProperties as a schema
	noAddProps   bool  // additionalProperties: false

	minItems, maxItems int
	unique             bool
	items              *node   // items as one schema
	tuple              []*node // items as a list
	addItems           *node
	noAddItems         bool

	minLen, maxLen int
	pattern        *regexp.Regexp

	minimum, exclusiveMinimum, maximum, exclusiveMaximum *bound
	multipleOf                                           *big.Rat

	not                 *node
	allOf, anyOf, oneOf []*node
	ifN, thenN, elseN   *node
}

// member is what the tape's check needs of one named property.
type member struct {
	n   *node
	bit int8 // the property's bit in reqMask, or -1
}

type patternNode struct {
	re *regexp.Regexp
	n  *node
}

// bound is a number of the schema, with its integer and float forms when
// they are exact enough to compare without big.Rat.
type bound struct {
	r     *big.Rat
	isInt bool  // r is an integer within int64
	i     int64 // r when isInt
	f     float64
}

func newBound(r *big.Rat) *bound {
	if r == nil {
		return nil
	}
	b := &bound{r: r}
	b.f, _ = r.Float64()
	if r.IsInt() && r.Num().IsInt64() {
		b.isInt, b.i = true, r.Num().Int64()
	}
	return b
}

// scalar is a const or enum value: a string, a boolean, null or a number;
// other values make the schema unsupported.
type scalar struct {
	kind string // JSON type: "string", "boolean", "null", "number"
	s    string
	b    bool
	n    *bound
}

// buildQuick returns the quick check of a compiled schema, or nil when the
// schema uses a keyword the check does not implement.
func buildQuick(s *jsonschema.Schema) *node {
	memo := map[*jsonschema.Schema]*node{}
	n, ok := quickOf(s, memo)
	if !ok {
		return nil
	}
	return n
}

func quickOf(s *jsonschema.Schema, memo map[*jsonschema.Schema]*node) (*node, bool) {
	if s == nil {
		return nil, true
	}
	if n, ok := memo[s]; ok {
		return n, true
	}
	if s.Format != "" || s.RecursiveRef != nil || s.DynamicRef != nil || s.RegexProperties ||
		len(s.Dependencies) > 0 || len(s.DependentRequired) > 0 || len(s.DependentSchemas) > 0 ||
		s.UnevaluatedProperties != nil || s.UnevaluatedItems != nil || len(s.PrefixItems) > 0 ||
		s.Items2020 != nil || s.Contains != nil || s.ContentEncoding != "" || s.ContentMediaType != "" ||
		s.ContentSchema != nil || len(s.Extensions) > 0 {
		return nil, false
	}
	n := &node{
		always: s.Always, types: s.Types,
		minProps: s.MinProperties, maxProps: s.MaxProperties, required: s.Required,
		minItems: s.MinItems, maxItems: s.MaxItems, unique: s.UniqueItems,
		minLen: s.MinLength, maxLen: s.MaxLength, pattern: s.Pattern,
		minimum: newBound(s.Minimum), exclusiveMinimum: newBound(s.ExclusiveMinimum),
		maximum: newBound(s.Maximum), exclusiveMaximum: newBound(s.ExclusiveMaximum),
		multipleOf: s.MultipleOf,
	}
	memo[s] = n
	ok := true
	sub := func(s *jsonschema.Schema) *node {
		q, good := quickOf(s, memo)
		ok = ok && good
		return q
	}
	subs := func(list []*jsonschema.Schema) []*node {
		var out []*node
		for _, s := range list {
			out = append(out, sub(s))
		}
		return out
	}
	for _, list := range [][]any{s.Constant, s.Enum} {
		for _, c := range list {
			sc, good := scalarOf(c)
			ok = ok && good
			n.consts = append(n.consts, sc)
		}
	}
	if len(s.Constant) > 0 && len(s.Enum) > 0 {
		ok = false // both at once: not worth a case
	}
	n.enum = len(s.Enum) > 0
	n.ref = sub(s.Ref)
	if len(s.Properties) > 0 {
		n.props = make(map[string]*node, len(s.Properties))
		for name, ps := range s.Properties {
			n.props[name] = sub(ps)
		}
	}
	n.members = make(map[string]member, len(s.Properties))
	for name, q := range n.props {
		n.members[name] = member{n: q, bit: -1}
	}
	if len(n.required) <= 64 {
		for _, r := range n.required {
			m, ok := n.members[r]
			if !ok {
				n.reqOther = append(n.reqOther, r)
				continue
			}
			if m.bit < 0 {
				m.bit = int8(bits.OnesCount64(n.reqMask))
				n.reqMask = n.reqMask<<1 | 1
				n.members[r] = m
			}
		}
	}
	n.propNames = sub(s.PropertyNames)
	for re, ps := range s.PatternProperties {
		n.patternProps = append(n.patternProps, patternNode{re, sub(ps)})
	}
	switch a := s.AdditionalProperties.(type) {
	case nil:
	case bool:
		n.noAddProps = !a
	case *jsonschema.Schema:
		n.addProps = sub(a)
	default:
		ok = false
	}
	switch it := s.Items.(type) {
	case nil:
	case *jsonschema.Schema:
		n.items = sub(it)
	case []*jsonschema.Schema:
		n.tuple = subs(it)
		if n.tuple == nil {
			n.tuple = []*node{}
		}
		switch a := s.AdditionalItems.(type) {
		case nil:
		case bool:
			n.noAddItems = !a
		case *jsonschema.Schema:
			n.addItems = sub(a)
		default:
			ok = false
		}
	default:
		ok = false
	}
	n.not = sub(s.Not)
	n.allOf, n.anyOf, n.oneOf = subs(s.AllOf), subs(s.AnyOf), subs(s.OneOf)
	n.ifN, n.thenN, n.elseN = sub(s.If), sub(s.Then), sub(s.Else)
	return n, ok
}

func scalarOf(c any) (scalar, bool) {
	switch c := c.(type) {
	case nil:
		return scalar{kind: "null"}, true
	case string:
		return scalar{kind: "string", s: c}, true
	case bool:
		return scalar{kind: "boolean", b: c}, true
	case json.Number:
		if r, ok := ratOf(c); ok {
			return scalar{kind: "number", n: newBound(r)}, true
		}
	}
	if jsonKind(c) == "number" {
		if r, ok := ratOf(c); ok {
			return scalar{kind: "number", n: newBound(r)}, true
		}
	}
	return scalar{}, false
}

// jsonKind is the JSON type of a decoded value as the library names it, or
// "" for a Go type the check does not handle.
func jsonKind(v any) string {
	switch v.(type) {
	case nil:
		return "null"
	case bool:
		return "boolean"
	case string:
		return "string"
	case int64, float64:
		return "number"
	case []any:
		return "array"
	case map[string]any:
		return "object"
	}
	return ""
}

// ratOf converts a number the way the library does (its decimal text).
func ratOf(v any) (*big.Rat, bool) {
	return new(big.Rat).SetString(fmt.Sprint(v))
}

// num is a number of a document: an int64 (BurntSushi's integers) or a
// float64 (every JSON number, and TOML's floats).
type num struct {
	isInt bool
	i     int64
	f     float64
}

// box returns the number as the Go value it came as.
func (x num) box() any {
	if x.isInt {
		return x.i
	}
	return x.f
}

// head is what the checks of one value that do not look inside it need:
// its JSON kind ("" for a Go type the check does not handle) and, for a
// scalar, the value.
type head struct {
	kind string
	s    string
	b    bool
	n    num
}

// headOf returns the head of a decoded value.
func headOf(v any) head {
	switch x := v.(type) {
	case nil:
		return head{kind: "null"}
	case bool:
		return head{kind: "boolean", b: x}
	case string:
		return head{kind: "string", s: x}
	case int64:
		return head{kind: "number", n: num{isInt: true, i: x}}
	case float64:
		return head{kind: "number", n: num{f: x}}
	case []any:
		return head{kind: "array"}
	case map[string]any:
		return head{kind: "object"}
	}
	return head{}
}

// cmpNum compares the number x with b exactly as the library's big.Rat
// comparison would, taking a shortcut when the answer is certain without it.
func cmpNum(x num, b *bound) (int, bool) {
	if x.isInt {
		if b.isInt {
			return cmp.Compare(x.i, b.i), true
		}
	} else {
		f := x.f
		if math.IsNaN(f) || math.IsInf(f, 0) {
			return 0, false
		}
		if b.isInt && f == math.Trunc(f) && math.Abs(f) <= 1<<53 {
			return cmp.Compare(int64(f), b.i), true
		}
		// The library compares the shortest decimal d that rounds to f
		// with the schema's number r. Rounding to float64 is monotonic, so
		// f < round(r) implies d < r (and likewise for >); only f ==
		// round(r) needs the exact comparison.
		if f < b.f {
			return -1, true
		}
		if f > b.f {
			return 1, true
		}
	}
	r, ok := ratOf(x.box())
	if !ok {
		return 0, false
	}
	return r.Cmp(b.r), true
}

// isInteger reports whether a number is an integer, as the library decides
// it (its decimal text parses as an integer).
func isInteger(x num) (bool, bool) {
	if x.isInt {
		return true, true
	}
	if math.IsNaN(x.f) || math.IsInf(x.f, 0) {
		return false, false
	}
	return x.f == math.Trunc(x.f), true
}

// check returns the verdict of value v against n.
func (n *node) check(v any, depth int) verdict {
	if n == nil {
		return valid
	}
	if depth > quickDepth {
		return unsure
	}
	h := headOf(v)
	out, done := n.checkHead(&h)
	if done {
		return out
	}
	switch h.kind {
	case "object":
		out = out.and(n.checkObject(v.(map[string]any), depth))
	case "array":
		out = out.and(n.checkArray(v.([]any), depth))
	}
	if out == invalid {
		return invalid
	}
	return n.checkLogic(out, func(s *node) verdict { return s.check(v, depth+1) })
}

// checkHead checks what does not look inside the value h heads: always,
// type, const and enum, and the keywords of strings and numbers. done means
// out is the verdict; otherwise out is the verdict so far.
func (n *node) checkHead(h *head) (out verdict, done bool) {
	if h.kind == "" {
		return unsure, true
	}
	if n.always != nil {
		if *n.always {
			return valid, true
		}
		return invalid, true
	}
	if len(n.types) > 0 {
		matched := false
		for _, t := range n.types {
			if t == h.kind {
				matched = true
				break
			}
			if t == "integer" && h.kind == "number" {
				isInt, ok := isInteger(h.n)
				if !ok {
					return unsure, true
				}
				if isInt {
					matched = true
					break
				}
			}
		}
		if !matched {
			return invalid, true
		}
	}
	if len(n.consts) > 0 {
		matched := false
		for _, c := range n.consts {
			eq, ok := c.equals(h)
			if !ok {
				return unsure, true
			}
			if eq {
				matched = true
				break
			}
		}
		if !matched {
			return invalid, true
		}
	}
	switch h.kind {
	case "string":
		if n.minLen != -1 || n.maxLen != -1 {
			l := utf8.RuneCountInString(h.s)
			if (n.minLen != -1 && l < n.minLen) || (n.maxLen != -1 && l > n.maxLen) {
				return invalid, true
			}
		}
		if n.pattern != nil && !n.pattern.MatchString(h.s) {
			return invalid, true
		}
	case "number":
		if out = n.checkNumber(h.n); out == invalid {
			return invalid, true
		}
		return out, false
	}
	return valid, false
}

// checkLogic applies the keywords that check the same value against other
// schemas ($ref, not, allOf, anyOf, oneOf, if/then/else) to the verdict so
// far; sub checks the value against one of them.
func (n *node) checkLogic(out verdict, sub func(*node) verdict) verdict {
	if n.ref != nil {
		out = out.and(sub(n.ref))
	}
	if n.not != nil {
		switch sub(n.not) {
		case valid:
			return invalid
		case unsure:
			out = unsure
		}
	}
	for _, s := range n.allOf {
		out = out.and(sub(s))
	}
	if len(n.anyOf) > 0 {
		best := invalid
		for _, s := range n.anyOf {
			if r := sub(s); r < best {
				best = r
			}
			if best == valid {
				break
			}
		}
		out = out.and(best)
	}
	if len(n.oneOf) > 0 {
		matched, doubt := 0, false
		for _, s := range n.oneOf {
			switch sub(s) {
			case valid:
				matched++
			case unsure:
				doubt = true
			}
		}
		switch {
		case matched > 1:
			return invalid
		case doubt:
			out = unsure
		case matched == 0:
			return invalid
		}
	}
	if n.ifN != nil {
		switch sub(n.ifN) {
		case valid:
			out = out.and(sub(n.thenN))
		case invalid:
			out = out.and(sub(n.elseN))
		default:
			out = unsure
		}
	}
	return out
}

func (c scalar) equals(h *head) (bool, bool) {
	if c.kind != h.kind {
		return false, true // values of different JSON types are never equal
	}
	switch h.kind {
	case "null":
		return true, true
	case "string":
		return h.s == c.s, true
	case "boolean":
		return h.b == c.b, true
	}
	d, ok := cmpNum(h.n, c.n)
	return d == 0, ok
}

func (n *node) checkNumber(v num) verdict {
	for _, b := range []struct {
		b  *bound
		ok func(int) bool
	}{
		{n.minimum, func(d int) bool { return d >= 0 }},
		{n.exclusiveMinimum, func(d int) bool { return d > 0 }},
		{n.maximum, func(d int) bool { return d <= 0 }},
		{n.exclusiveMaximum, func(d int) bool { return d < 0 }},
	} {
		if b.b == nil {
			continue
		}
		d, ok := cmpNum(v, b.b)
		if !ok {
			return unsure
		}
		if !b.ok(d) {
			return invalid
		}
	}
	if n.multipleOf != nil {
		r, ok := ratOf(v.box())
		if !ok || n.multipleOf.Sign() == 0 {
			return unsure
		}
		if !new(big.Rat).Quo(r, n.multipleOf).IsInt() {
			return invalid
		}
	}
	return valid
}

func (n *node) checkObject(m map[string]any, depth int) verdict {
	if (n.minProps != -1 && len(m) < n.minProps) || (n.maxProps != -1 && len(m) > n.maxProps) {
		return invalid
	}
	for _, r := range n.required {
		if _, ok := m[r]; !ok {
			return invalid
		}
	}
	out := valid
	// Every property, against the schemas that apply to it: properties,
	// matching patternProperties, and additionalProperties when neither
	// names it.
	for k, e := range m {
		if n.propNames != nil {
			if out = out.and(n.propNames.check(k, depth+1)); out == invalid {
				return invalid
			}
		}
		named := false
		if ps, ok := n.props[k]; ok {
			named = true
			if out = out.and(ps.check(e, depth+1)); out == invalid {
				return invalid
			}
		}
		for _, pp := range n.patternProps {
			if pp.re.MatchString(k) {
				named = true
				if out = out.and(pp.n.check(e, depth+1)); out == invalid {
					return invalid
				}
			}
		}
		if named {
			continue
		}
		if n.noAddProps {
			return invalid
		}
		if n.addProps != nil {
			if out = out.and(n.addProps.check(e, depth+1)); out == invalid {
				return invalid
			}
		}
	}
	return out
}

func (n *node) checkArray(a []any, depth int) verdict {
	if (n.minItems != -1 && len(a) < n.minItems) || (n.maxItems != -1 && len(a) > n.maxItems) {
		return invalid
	}
	out := valid
	if n.unique {
		out = uniqueScalars(len(a), func(i int) head { return headOf(a[i]) })
		if out == invalid {
			return invalid
		}
	}
	if n.items == nil && n.tuple == nil {
		return out
	}
	for i, e := range a {
		s, v := n.item(i)
		if v == invalid {
			return invalid
		}
		if s == nil {
			continue
		}
		if out = out.and(s.check(e, depth+1)); out == invalid {
			return invalid
		}
	}
	return out
}

// item returns the schema of an array's element i: items, the tuple's i-th,
// or additionalItems past the tuple; nil when nothing checks the element,
// and invalid when additionalItems forbids it.
func (n *node) item(i int) (*node, verdict) {
	switch {
	case n.items != nil:
		return n.items, valid
	case i < len(n.tuple):
		return n.tuple[i], valid
	case n.noAddItems:
		return nil, invalid
	}
	return n.addItems, valid
}

// uniqueScalars decides uniqueItems for arrays of strings, booleans, null
// and numbers, given the heads of the n elements; arrays and objects are
// left to the library. Numbers are equal when their decimal texts are (the
// library's rule): an integral float equals the integer, other floats equal
// only themselves.
func uniqueScalars(n int, at func(i int) head) verdict {
	type key struct {
		kind byte
		s    string
		i    int64
	}
	seen := make(map[key]struct{}, n)
	for e := range n {
		h := at(e)
		var k key
		switch h.kind {
		case "null":
			k.kind = 'n'
		case "boolean":
			k.kind = 'b'
			if h.b {
				k.i = 1
			}
		case "string":
			k.kind, k.s = 's', h.s
		case "number":
			x := h.n.f
			switch {
			case h.n.isInt && (h.n.i > 1<<53 || h.n.i < -1<<53):
				return unsure
			case h.n.isInt:
				k.kind, k.i = 'i', h.n.i
			case math.IsNaN(x) || math.IsInf(x, 0):
				return unsure
			case x == math.Trunc(x) && math.Abs(x) <= 1<<53:
				k.kind, k.i = 'i', int64(x)
			case x == math.Trunc(x):
				return unsure
			default:
				k.kind, k.i = 'f', int64(math.Float64bits(x))
			}
		default:
			return unsure
		}
		if _, dup := seen[k]; dup {
			return invalid
		}
		seen[k] = struct{}{}
	}
	return valid
}
