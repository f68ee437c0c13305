package schema

// This file is the only one that knows the wording of jsonschema/v5's
// validation messages. Every message kind the schemas can produce has a case
// here and a test in mapping_test.go; an unknown kind still yields a
// diagnostic, with v5's own message as detail.

import (
	"fmt"
	"regexp"
	"slices"
	"strconv"
	"strings"

	"github.com/santhosh-tekuri/jsonschema/v5"

	"github.com/sandtable/sandtable/kit/diag"
)

// Diagnostic codes reported by this package.
const (
	CodeType          = "schema-type"
	CodeUnknownKey    = "schema-unknown-key"
	CodeRequired      = "schema-required"
	CodeEnum          = "schema-enum"
	CodeRange         = "schema-range"
	CodeLength        = "schema-length"
	CodeUnique        = "schema-unique"
	CodeConfigInvalid = "config-invalid"
	CodeInternal      = "schema-internal"
)

var (
	reType     = regexp.MustCompile(`^expected (.+), but got (\w+)$`)
	reQuoted   = regexp.MustCompile(`'((?:[^'\\]|\\.)*)'`)
	reUnique   = regexp.MustCompile(`^items at index (\d+) and (\d+) are equal$`)
	reBound    = regexp.MustCompile(`^must be (>=|>|<=|<) (\S+) but found (\S+)$`)
	reItems    = regexp.MustCompile(`^(minimum|maximum) (\d+) items required, but found (\d+) items$`)
	reLength   = regexp.MustCompile(`^length must be (>=|<=) (\d+), but got (\d+)$`)
	reEnumList = regexp.MustCompile(`^value must be (?:one of )?(.+)$`)
)

type mapper struct {
	set    *Set
	schema string
	loc    Locator
	doc    any
	out    diag.Diagnostics
}

// schemaPtr is the JSON pointer, inside the schema document, of the keyword
// that failed.
func schemaPtr(ve *jsonschema.ValidationError) string {
	if i := strings.IndexByte(ve.AbsoluteKeywordLocation, '#'); i >= 0 {
		return ve.AbsoluteKeywordLocation[i+1:]
	}
	return ve.KeywordLocation
}

func lastToken(ptr string) string {
	tok := ptr[strings.LastIndexByte(ptr, '/')+1:]
	return strings.ReplaceAll(strings.ReplaceAll(tok, "~1", "/"), "~0", "~")
}

func parent(ptr string) string {
	if i := strings.LastIndexByte(ptr, '/'); i >= 0 {
		return ptr[:i]
	}
	return ""
}

// Path renders an instance pointer the way an author reads it: cities[2].scope.
func Path(ptr string) string {
	if ptr == "" {
		return "the document"
	}
	var b strings.Builder
	for _, tok := range strings.Split(strings.TrimPrefix(ptr, "/"), "/") {
		tok = strings.ReplaceAll(strings.ReplaceAll(tok, "~1", "/"), "~0", "~")
		if _, err := strconv.Atoi(tok); err == nil {
			fmt.Fprintf(&b, "[%s]", tok)
			continue
		}
		if b.Len() > 0 {
			b.WriteByte('.')
		}
		b.WriteString(tok)
	}
	return b.String()
}

// path is Path naming each list element by its id or name when it has one
// (techs["连弩"].value rather than techs[17].value): the index counts the
// entries of every included file, which the author does not see.
func (m *mapper) path(ptr string) string {
	if ptr == "" {
		return Path(ptr)
	}
	var b strings.Builder
	cur := ""
	for _, tok := range strings.Split(strings.TrimPrefix(ptr, "/"), "/") {
		cur += "/" + tok
		raw := strings.ReplaceAll(strings.ReplaceAll(tok, "~1", "/"), "~0", "~")
		if _, err := strconv.Atoi(raw); err == nil {
			if obj, ok := ValueAt(m.doc, cur).(map[string]any); ok {
				if id, ok := obj["id"].(string); ok && id != "" {
					fmt.Fprintf(&b, "[%q]", id)
					continue
				}
				if n, ok := obj["name"].(string); ok && n != "" {
					fmt.Fprintf(&b, "[%q]", n)
					continue
				}
			}
			fmt.Fprintf(&b, "[%s]", raw)
			continue
		}
		if b.Len() > 0 {
			b.WriteByte('.')
		}
		b.WriteString(raw)
	}
	return b.String()
}

func unquote(s string) string {
	return strings.ReplaceAll(s, `\'`, `'`)
}

func (m *mapper) where(ptr string, key bool) *diag.Range {
	if m.loc == nil {
		return nil
	}
	if key {
		return m.loc.KeyRange(ptr)
	}
	return m.loc.Range(ptr)
}

func (m *mapper) emit(code, summary, ptr string, key bool, detail string, suggestions ...string) {
	if m.loc == nil {
		code = CodeConfigInvalid
		detail = fmt.Sprintf("At %s: %s", ptr, detail)
	}
	m.out = append(m.out, diag.Diagnostic{
		Severity: diag.Error, Code: code, Summary: summary, Detail: detail,
		Subject: m.where(ptr, key), Suggestions: suggestions,
	})
}

// describe returns the schema description of property name of the object
// schema at sptr, as a trailing sentence for details.
func (m *mapper) describe(sptr, name string) string {
	if d, ok := ValueAt(m.set.rawDoc(m.schema), sptr+"/properties/"+name+"/description").(string); ok {
		return " " + name + ": " + d
	}
	return ""
}

func (m *mapper) properties(sptr string) []string {
	props, _ := ValueAt(m.set.rawDoc(m.schema), sptr+"/properties").(map[string]any)
	names := make([]string, 0, len(props))
	for k := range props {
		names = append(names, k)
	}
	slices.Sort(names)
	return names
}

// misspelt returns the keys that the unknown keys of the object at inst
// (whose schema is at sptr) are likely misspellings of, as the unknown-key
// diagnostic suggests them.
func (m *mapper) misspelt(inst, sptr string) map[string]bool {
	obj, ok := ValueAt(m.doc, inst).(map[string]any)
	if !ok {
		return nil
	}
	allowed := m.properties(sptr)
	if inst == "" && !slices.Contains(allowed, "include") {
		allowed = append(allowed, "include")
	}
	out := map[string]bool{}
	for k := range obj {
		if slices.Contains(allowed, k) {
			continue
		}
		if s := diag.DidYouMean(k, allowed); s != "" {
			out[s] = true
		}
	}
	return out
}

func (m *mapper) add(ve *jsonschema.ValidationError) {
	sptr := schemaPtr(ve)
	kw := lastToken(sptr)
	inst := ve.InstanceLocation
	name := m.path(inst)
	msg := ve.Message
	switch kw {
	case "type":
		if g := reType.FindStringSubmatch(msg); g != nil {
			m.emit(CodeType, "Wrong type", inst, false,
				fmt.Sprintf("%s must be %s, not %s.", name, article(g[1]), article(g[2])))
			return
		}
	case "additionalProperties":
		obj := parent(sptr)
		allowed := m.properties(obj)
		names := []string{}
		for _, q := range reQuoted.FindAllStringSubmatch(msg, -1) {
			names = append(names, unquote(q[1]))
		}
		slices.Sort(names) // v5 lists them in map order
		for _, k := range names {
			ptr := inst + "/" + escape(k)
			detail := fmt.Sprintf("%s has no key %q.", m.path(inst), k)
			if inst == "" {
				detail = fmt.Sprintf("The scenario has no top-level key %q.", k)
			}
			detail, sugg := diag.SuggestDetail(detail, k, allowed)
			if inst != "" && slices.Contains(m.properties(""), k) {
				detail += fmt.Sprintf(" %q is a top-level key: keys after a [table] header belong to that table, so move it above the first header.", k)
			} else if len(sugg) == 0 && len(allowed) > 0 {
				detail += " Known keys: " + strings.Join(allowed, ", ") + "."
			}
			m.emit(CodeUnknownKey, "Unknown key", ptr, true, detail, sugg...)
		}
		return
	case "required":
		obj := parent(sptr)
		var names []string
		for _, q := range reQuoted.FindAllStringSubmatch(msg, -1) {
			names = append(names, unquote(q[1]))
		}
		slices.Sort(names)
		misspelt := m.misspelt(inst, obj)
		for _, k := range names {
			if misspelt[k] || (inst == "" && misspelt["include"]) {
				// The key is there, misspelt, and reported as unknown with
				// a did-you-mean; at the top, a misspelt include loses
				// whatever the included files supply.
				continue
			}
			who := name
			if inst == "" {
				who = "The scenario"
			}
			m.emit(CodeRequired, "Missing key", inst, true,
				fmt.Sprintf("%s needs the key %q.%s", who, k, m.describe(obj, k)))
		}
		return
	case "enum", "const":
		detail := fmt.Sprintf("%s has an invalid value.", name)
		var sugg []string
		if g := reEnumList.FindStringSubmatch(msg); g != nil {
			detail = fmt.Sprintf("%s must be %s.", name, g[1])
			var opts []string
			for _, q := range regexp.MustCompile(`"((?:[^"\\]|\\.)*)"`).FindAllStringSubmatch(g[1], -1) {
				opts = append(opts, q[1])
			}
			if s, ok := m.valueString(ve); ok {
				detail, sugg = diag.SuggestDetail(detail, s, opts)
			}
		}
		m.emit(CodeEnum, "Invalid value", inst, false, detail, sugg...)
		return
	case "minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum":
		if g := reBound.FindStringSubmatch(msg); g != nil {
			words := map[string]string{">=": "at least", ">": "greater than", "<=": "at most", "<": "less than"}
			m.emit(CodeRange, "Value out of range", inst, false,
				fmt.Sprintf("%s must be %s %s; it is %s.", name, words[g[1]], g[2], g[3]))
			return
		}
	case "minItems", "maxItems":
		if g := reItems.FindStringSubmatch(msg); g != nil {
			word := "at least"
			if g[1] == "maximum" {
				word = "at most"
			}
			m.emit(CodeLength, "Wrong number of items", inst, false,
				fmt.Sprintf("%s needs %s %s items; it has %s.", name, word, g[2], g[3]))
			return
		}
	case "minLength", "maxLength":
		if g := reLength.FindStringSubmatch(msg); g != nil {
			if g[1] == ">=" && g[2] == "1" {
				m.emit(CodeLength, "Empty value", inst, false, fmt.Sprintf("%s must not be empty.", name))
				return
			}
			m.emit(CodeLength, "Wrong length", inst, false, fmt.Sprintf("%s must have a length %s %s; it has %s.", name, g[1], g[2], g[3]))
			return
		}
	case "uniqueItems":
		if g := reUnique.FindStringSubmatch(msg); g != nil {
			m.emit(CodeUnique, "Repeated item", inst+"/"+g[2], false,
				fmt.Sprintf("%s lists the same value at positions %s and %s; each item may appear once.", name, g[1], g[2]))
			return
		}
	case "pattern":
		m.emit(CodeType, "Malformed value", inst, false, fmt.Sprintf("%s %s.", name, msg))
		return
	}
	m.emit(CodeType, "Invalid value", inst, false, fmt.Sprintf("%s: %s", name, diag.Sentence(msg)))
}

// valueString recovers the rejected string value from the error's instance
// location for enum suggestions; only strings are suggested.
func (m *mapper) valueString(ve *jsonschema.ValidationError) (string, bool) {
	s, ok := ValueAt(m.doc, ve.InstanceLocation).(string)
	return s, ok
}

func escape(s string) string {
	return strings.ReplaceAll(strings.ReplaceAll(s, "~", "~0"), "/", "~1")
}

func article(t string) string {
	switch {
	case strings.Contains(t, " or "):
		return t
	case t == "integer" || t == "array" || t == "object":
		return "an " + t
	case t == "null":
		return "null"
	}
	return "a " + t
}
