package diag

import (
	"errors"
	"fmt"
	"io"
	"strings"
	"unicode"
	"unicode/utf8"
)

// MaxTitleLen is the longest CodeInfo title, in runes. Titles appear in
// `lint --rules` listings and SARIF short descriptions, which stay readable
// only when they fit on one line next to the code.
const MaxTitleLen = 60

// CodeInfo documents one diagnostic code. Every package that reports
// diagnostics publishes a []CodeInfo for its codes, so renderers can describe
// rules (SARIF) and docs/diagnostics.md can be generated from the same data.
type CodeInfo struct {
	Code     string   // stable id, as in Diagnostic.Code
	Title    string   // lowercase phrase, at most MaxTitleLen runes, no trailing period
	Doc      string   // one or more paragraphs: what is wrong and how to fix it
	Category string   // what users select or filter on, e.g. "syntax", "reference"
	Severity Severity // default severity of diagnostics with this code
	Example  string   // a short snippet that triggers the diagnostic
	// ExampleLang names the language of Example for Markdown code fences:
	// "toml" when empty, or "lua".
	ExampleLang string
}

// Validate reports whether c is complete and its title follows the house
// style (see CheckTitle).
func (c CodeInfo) Validate() error {
	var errs []error
	if c.Code == "" || strings.ContainsFunc(c.Code, unicode.IsSpace) {
		errs = append(errs, fmt.Errorf("code %q is empty or contains spaces", c.Code))
	}
	if err := CheckTitle(c.Title); err != nil {
		errs = append(errs, err)
	}
	if strings.TrimSpace(c.Doc) == "" {
		errs = append(errs, errors.New("doc is empty"))
	}
	if !c.Severity.Valid() {
		errs = append(errs, fmt.Errorf("invalid severity %v", c.Severity))
	}
	if err := errors.Join(errs...); err != nil {
		return fmt.Errorf("code %s: %w", c.Code, err)
	}
	return nil
}

// CheckTitle reports whether title is a well-formed one-line title: not
// empty, at most MaxTitleLen runes, a single line, no trailing period, and
// lowercase. Lowercase means the first word is not capitalized as at the
// start of a sentence ("Unknown", "Lua"); acronyms and words with inner
// capitals keep them ("TOML syntax error", "NaN or infinity"). Lint rule
// docs use the same check.
func CheckTitle(title string) error {
	switch {
	case strings.TrimSpace(title) == "":
		return errors.New("title is empty")
	case strings.ContainsAny(title, "\r\n"):
		return fmt.Errorf("title %q spans several lines", title)
	case utf8.RuneCountInString(title) > MaxTitleLen:
		return fmt.Errorf("title %q is longer than %d runes", title, MaxTitleLen)
	case strings.HasSuffix(title, "."):
		return fmt.Errorf("title %q ends with a period", title)
	}
	first, _, _ := strings.Cut(title, " ")
	if r, size := utf8.DecodeRuneInString(first); unicode.IsUpper(r) && !strings.ContainsFunc(first[size:], unicode.IsUpper) {
		return fmt.Errorf("title %q starts with a capital; titles are lowercase", title)
	}
	return nil
}

// Catalogue is an ordered, immutable set of CodeInfo with lookup by code.
// The zero value is an empty catalogue. Build one with NewCatalogue or
// MergeCatalogues, which reject duplicate codes.
type Catalogue struct {
	infos []CodeInfo
	index map[string]int
}

// NewCatalogue returns a catalogue holding infos in the given order. It
// returns an error naming every code that is empty or appears more than once,
// because two packages claiming one code would make its documentation lie.
func NewCatalogue(infos ...CodeInfo) (Catalogue, error) {
	c := Catalogue{infos: make([]CodeInfo, 0, len(infos)), index: make(map[string]int, len(infos))}
	var errs []error
	for _, info := range infos {
		if info.Code == "" {
			errs = append(errs, fmt.Errorf("catalogue entry %q has no code", info.Title))
			continue
		}
		if _, dup := c.index[info.Code]; dup {
			errs = append(errs, fmt.Errorf("duplicate diagnostic code %q", info.Code))
			continue
		}
		c.index[info.Code] = len(c.infos)
		c.infos = append(c.infos, info)
	}
	if err := errors.Join(errs...); err != nil {
		return Catalogue{}, err
	}
	return c, nil
}

// MergeCatalogues concatenates catalogues in order, as when a CLI combines
// the codes of kit/source, kit/schema and a game's lint rules. Duplicate
// codes are an error.
func MergeCatalogues(cs ...Catalogue) (Catalogue, error) {
	var all []CodeInfo
	for _, c := range cs {
		all = append(all, c.infos...)
	}
	return NewCatalogue(all...)
}

// Lookup returns the entry for code.
func (c Catalogue) Lookup(code string) (CodeInfo, bool) {
	i, ok := c.index[code]
	if !ok {
		return CodeInfo{}, false
	}
	return c.infos[i], true
}

// Infos returns the entries in catalogue order. The slice is a copy.
func (c Catalogue) Infos() []CodeInfo {
	return append([]CodeInfo(nil), c.infos...)
}

// Len returns the number of codes in the catalogue.
func (c Catalogue) Len() int { return len(c.infos) }

// Validate checks every entry with CodeInfo.Validate. Constructors only
// reject duplicates, so that a test can report all style problems at once.
func (c Catalogue) Validate() error {
	var errs []error
	for _, info := range c.infos {
		errs = append(errs, info.Validate())
	}
	return errors.Join(errs...)
}

// WriteReference writes a Markdown reference of every code in catalogue
// order: one "## code" section with the title, default severity, category,
// doc and example. docs/diagnostics.md is generated by it, and a test
// compares the file with a fresh rendering to catch stale docs.
func WriteReference(w io.Writer, c Catalogue) error {
	var b strings.Builder
	b.WriteString("# Diagnostic codes\n\n")
	b.WriteString("<!-- Code generated by diag.WriteReference. DO NOT EDIT. -->\n\n")
	b.WriteString("Every diagnostic carries one of these stable codes. A `# lint:ignore CODE` comment\n")
	b.WriteString("(`-- lint:ignore CODE` in Lua) on the line before suppresses it there.\n")
	for _, info := range c.infos {
		fmt.Fprintf(&b, "\n## %s\n\n", info.Code)
		fmt.Fprintf(&b, "**%s** · severity: %s", info.Title, info.Severity)
		if info.Category != "" {
			fmt.Fprintf(&b, " · category: %s", info.Category)
		}
		b.WriteString("\n")
		if doc := strings.TrimSpace(info.Doc); doc != "" {
			fmt.Fprintf(&b, "\n%s\n", doc)
		}
		if ex := strings.Trim(info.Example, "\n"); ex != "" {
			lang := info.ExampleLang
			if lang == "" {
				lang = "toml"
			}
			fence := codeFence(ex)
			fmt.Fprintf(&b, "\n%s%s\n%s\n%s\n", fence, lang, ex, fence)
		}
	}
	_, err := io.WriteString(w, b.String())
	return err
}

// codeFence returns a backtick fence longer than any backtick run in s, so
// an example that itself contains ``` cannot end its code block early.
func codeFence(s string) string {
	longest, run := 0, 0
	for _, r := range s {
		if r == '`' {
			run++
			longest = max(longest, run)
		} else {
			run = 0
		}
	}
	return strings.Repeat("`", max(3, longest+1))
}
