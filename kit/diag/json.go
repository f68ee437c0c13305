package diag

import (
	"bytes"
	"encoding/json"
)

// jsonLocation is a Range flattened into the fields editors and jq scripts
// want; see Render for the documented layout.
type jsonLocation struct {
	File      string `json:"file,omitempty"`
	Line      int    `json:"line,omitempty"`
	Column    int    `json:"column,omitempty"`
	EndLine   int    `json:"endLine,omitempty"`
	EndColumn int    `json:"endColumn,omitempty"`
}

func newJSONLocation(r *Range) jsonLocation {
	if r == nil {
		return jsonLocation{}
	}
	return jsonLocation{r.File, r.Start.Line, r.Start.Column, r.End.Line, r.End.Column}
}

type jsonRelated struct {
	Message string `json:"message"`
	jsonLocation
}

// jsonDiagnostic fixes the field order of the json format; Diagnostic's own
// JSON tags leave out the severity and nest positions.
type jsonDiagnostic struct {
	Severity string `json:"severity"`
	Code     string `json:"code"`
	Summary  string `json:"summary"`
	Detail   string `json:"detail,omitempty"`
	jsonLocation
	Related     []jsonRelated `json:"related,omitempty"`
	Suggestions []string      `json:"suggestions,omitempty"`
}

func renderJSON(buf *bytes.Buffer, ds Diagnostics) error {
	enc := json.NewEncoder(buf)
	enc.SetEscapeHTML(false) // keep "<" readable; the output is not embedded in HTML
	for _, d := range ds {
		jd := jsonDiagnostic{
			Severity:     d.Severity.String(),
			Code:         d.Code,
			Summary:      d.Summary,
			Detail:       d.Detail,
			jsonLocation: newJSONLocation(d.Subject),
			Suggestions:  d.Suggestions,
		}
		for _, rel := range d.Related {
			jd.Related = append(jd.Related, jsonRelated{rel.Message, newJSONLocation(&rel.Range)})
		}
		if err := enc.Encode(jd); err != nil { // Encode ends each object with a newline
			return err
		}
	}
	return nil
}
