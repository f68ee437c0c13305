package build

import (
	"bytes"
	"encoding/json"
	"fmt"
	"regexp"
	"strconv"
	"strings"

	"github.com/sandtable/sandtable/kit/diag"
)

// CodeConfigRef reports a compiled config (typically edited by hand) whose
// cross-references or values the engine rejects.
const CodeConfigRef = "config-invalid-ref"

// engineEntity finds the entity an engine's config error names: "city 0
// (许昌): mayor 99 is not in its garrison" → city, 0, mayor.
var engineEntity = regexp.MustCompile(`(?:^|: )(city|square|officer|role|institute|training room|tech|card|class|terrain|person|cell) (\d+)(?: \([^)]*\))?(?:: ([a-z_]+))?`)

// configErrorDiags turns an engine's refusal of the config at path into
// diagnostics, one per line of the error, each at the config value it
// names: the entity's index becomes a JSON pointer into doc and the
// pointer a line and column of data.
func configErrorDiags(path string, data []byte, doc any, err error) diag.Diagnostics {
	var ds diag.Diagnostics
	msg := err.Error()
	// Engines prefix `<game> config "<name>": ` once.
	if i := strings.Index(msg, "\": "); i >= 0 && strings.Contains(msg[:i], " config \"") {
		msg = msg[i+3:]
	}
	for _, line := range strings.Split(msg, "\n") {
		line = strings.TrimSpace(line)
		if line == "" {
			continue
		}
		ptr := entityPointer(doc, line)
		at := diag.Pos{Line: 1, Column: 1}
		if off, ok := jsonOffset(data, ptr); ok {
			at = posAt(data, off)
		}
		ds = append(ds, diag.Diagnostic{Severity: diag.Error, Code: CodeConfigRef, Summary: "Config refused by the engine",
			Detail:  fmt.Sprintf("The engine refuses the config: %s (at %s).", strings.TrimSuffix(line, "."), orRoot(ptr)),
			Subject: &diag.Range{File: path, Start: at, End: at}})
	}
	return ds
}

func orRoot(ptr string) string {
	if ptr == "" {
		return "the top level"
	}
	return ptr
}

// entityPointer returns the JSON pointer of the entity a message names,
// when doc has it, and of its field when the message names one.
func entityPointer(doc any, line string) string {
	m := engineEntity.FindStringSubmatch(line)
	obj, _ := doc.(map[string]any)
	if m == nil || obj == nil {
		return ""
	}
	word, idx, field := m[1], m[2], m[3]
	var key string
	for _, k := range entityKeys(word) {
		if _, ok := obj[k].([]any); ok {
			key = k
			break
		}
	}
	if key == "" {
		return ""
	}
	arr := obj[key].([]any)
	i, err := strconv.Atoi(idx)
	if err != nil || i < 0 || i >= len(arr) {
		return "/" + key
	}
	ptr := "/" + key + "/" + idx
	if e, ok := arr[i].(map[string]any); ok && field != "" {
		if _, ok := e[field]; ok {
			ptr += "/" + field
		}
	}
	return ptr
}

// entityKeys lists the config keys an entity word may be stored under.
func entityKeys(word string) []string {
	switch word {
	case "square":
		return []string{"board", "squares"}
	case "person":
		return []string{"people"}
	case "city":
		return []string{"cities"}
	case "class":
		return []string{"classes"}
	case "training room":
		return []string{"training_rooms"}
	}
	return []string{word + "s"}
}

// jsonOffset returns the byte offset of the value at the JSON pointer ptr
// in data, or of its deepest existing ancestor.
func jsonOffset(data []byte, ptr string) (int, bool) {
	var want []string
	if ptr != "" {
		for _, t := range strings.Split(ptr[1:], "/") {
			want = append(want, strings.ReplaceAll(strings.ReplaceAll(t, "~1", "/"), "~0", "~"))
		}
	}
	dec := json.NewDecoder(bytes.NewReader(data))
	return seek(dec, data, want)
}

// seek reads the value at the decoder's position and descends into it
// along want; it returns where the wanted value starts.
func seek(dec *json.Decoder, data []byte, want []string) (int, bool) {
	off := int(dec.InputOffset())
	for off < len(data) && strings.IndexByte(" \t\r\n:,", data[off]) >= 0 {
		off++
	}
	if len(want) == 0 {
		return off, true
	}
	tok, err := dec.Token()
	if err != nil {
		return off, false
	}
	d, ok := tok.(json.Delim)
	if !ok {
		return off, true // a scalar: the closest ancestor
	}
	for i := 0; dec.More(); i++ {
		name := strconv.Itoa(i)
		if d == '{' {
			k, err := dec.Token()
			if err != nil {
				return off, false
			}
			name, _ = k.(string)
		}
		if name == want[0] {
			return seek(dec, data, want[1:])
		}
		var skip json.RawMessage
		if err := dec.Decode(&skip); err != nil {
			return off, false
		}
	}
	return off, true
}
