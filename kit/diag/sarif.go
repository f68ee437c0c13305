package diag

import (
	"bytes"
	"cmp"
	"encoding/json"
	"net/url"
	"path/filepath"
	"slices"
	"strings"
)

// SARIF constants, per the OASIS SARIF 2.1.0 standard.
const (
	sarifSchema  = "https://json.schemastore.org/sarif-2.1.0.json"
	sarifVersion = "2.1.0"
	srcRoot      = "%SRCROOT%"
)

// The sarif* types hold the subset of SARIF 2.1.0 we emit. Structs rather
// than maps keep the key order, and so the output, deterministic.
type sarifLog struct {
	Schema  string     `json:"$schema"`
	Version string     `json:"version"`
	Runs    []sarifRun `json:"runs"`
}

type sarifRun struct {
	Tool               sarifTool                   `json:"tool"`
	OriginalURIBaseIDs map[string]sarifArtifactLoc `json:"originalUriBaseIds,omitempty"`
	// ColumnKind says our columns count code points (runes); SARIF's
	// default is UTF-16 code units, which differ for CJK extension B and emoji.
	ColumnKind string        `json:"columnKind"`
	Results    []sarifResult `json:"results"`
}

type sarifTool struct {
	Driver sarifDriver `json:"driver"`
}

type sarifDriver struct {
	Name           string      `json:"name"`
	Version        string      `json:"version,omitempty"`
	InformationURI string      `json:"informationUri,omitempty"`
	Rules          []sarifRule `json:"rules"`
}

type sarifText struct {
	Text string `json:"text"`
}

type sarifRule struct {
	ID                   string              `json:"id"`
	ShortDescription     *sarifText          `json:"shortDescription,omitempty"`
	FullDescription      *sarifText          `json:"fullDescription,omitempty"`
	DefaultConfiguration *sarifConfiguration `json:"defaultConfiguration,omitempty"`
	Properties           *sarifProperties    `json:"properties,omitempty"`
}

type sarifConfiguration struct {
	Level string `json:"level"`
}

type sarifProperties struct {
	Tags []string `json:"tags"`
}

type sarifResult struct {
	RuleID           string          `json:"ruleId,omitempty"`
	RuleIndex        *int            `json:"ruleIndex,omitempty"`
	Level            string          `json:"level"`
	Message          sarifText       `json:"message"`
	Locations        []sarifLocation `json:"locations,omitempty"`
	RelatedLocations []sarifLocation `json:"relatedLocations,omitempty"`
}

type sarifLocation struct {
	ID               *int                  `json:"id,omitempty"`
	PhysicalLocation sarifPhysicalLocation `json:"physicalLocation"`
	Message          *sarifText            `json:"message,omitempty"`
}

type sarifPhysicalLocation struct {
	ArtifactLocation sarifArtifactLoc `json:"artifactLocation"`
	Region           *sarifRegion     `json:"region,omitempty"`
}

type sarifArtifactLoc struct {
	URI       string `json:"uri"`
	URIBaseID string `json:"uriBaseId,omitempty"`
}

type sarifRegion struct {
	StartLine   int `json:"startLine,omitempty"`
	StartColumn int `json:"startColumn,omitempty"`
	EndLine     int `json:"endLine,omitempty"`
	EndColumn   int `json:"endColumn,omitempty"`
}

// sarifLevel maps a severity to a SARIF result level.
func sarifLevel(s Severity) string {
	switch s {
	case Error:
		return "error"
	case Warning:
		return "warning"
	}
	return "note"
}

// renderSARIF writes one SARIF run. Rules are the codes that occur, sorted,
// so a ruleIndex depends only on the set of codes reported; their texts come
// from the catalogue, and a code missing from it still gets a bare rule.
func renderSARIF(buf *bytes.Buffer, ds Diagnostics, opts Options) error {
	var codes []string
	for _, d := range ds {
		if d.Code != "" {
			codes = append(codes, d.Code)
		}
	}
	slices.Sort(codes)
	codes = slices.Compact(codes)

	driver := sarifDriver{
		Name:           cmp.Or(opts.ToolName, "sandtable"),
		Version:        opts.ToolVersion,
		InformationURI: opts.ToolURI,
		Rules:          make([]sarifRule, 0, len(codes)),
	}
	ruleIndex := make(map[string]int, len(codes))
	for i, code := range codes {
		ruleIndex[code] = i
		rule := sarifRule{ID: code}
		if info, ok := opts.Catalogue.Lookup(code); ok {
			rule.ShortDescription = &sarifText{info.Title}
			if doc := strings.TrimSpace(info.Doc); doc != "" {
				rule.FullDescription = &sarifText{doc}
			}
			rule.DefaultConfiguration = &sarifConfiguration{sarifLevel(info.Severity)}
			if info.Category != "" {
				rule.Properties = &sarifProperties{Tags: []string{info.Category}}
			}
		}
		driver.Rules = append(driver.Rules, rule)
	}

	run := sarifRun{Tool: sarifTool{driver}, ColumnKind: "unicodeCodePoints", Results: make([]sarifResult, 0, len(ds))}
	if filepath.IsAbs(opts.BaseDir) {
		run.OriginalURIBaseIDs = map[string]sarifArtifactLoc{srcRoot: {URI: fileURI(opts.BaseDir, true)}}
	}
	for _, d := range ds {
		res := sarifResult{RuleID: d.Code, Level: sarifLevel(d.Severity), Message: sarifText{sarifMessage(d)}}
		if i, ok := ruleIndex[d.Code]; ok {
			res.RuleIndex = &i
		}
		if d.Subject != nil {
			res.Locations = []sarifLocation{{PhysicalLocation: sarifPhysical(opts.BaseDir, *d.Subject)}}
		}
		for i, rel := range d.Related {
			id := i + 1
			res.RelatedLocations = append(res.RelatedLocations, sarifLocation{
				ID:               &id,
				PhysicalLocation: sarifPhysical(opts.BaseDir, rel.Range),
				Message:          &sarifText{rel.Message},
			})
		}
		run.Results = append(run.Results, res)
	}

	enc := json.NewEncoder(buf)
	enc.SetEscapeHTML(false)
	enc.SetIndent("", "  ")
	return enc.Encode(sarifLog{Schema: sarifSchema, Version: sarifVersion, Runs: []sarifRun{run}})
}

// sarifMessage puts the summary first: SARIF viewers show only the message,
// not our title-case summary.
func sarifMessage(d Diagnostic) string {
	if d.Detail == "" {
		return message(d)
	}
	return d.Summary + ": " + message(d)
}

func sarifPhysical(base string, r Range) sarifPhysicalLocation {
	p, relative := relPath(base, r.File)
	loc := sarifArtifactLoc{URI: fileURI(p, false)}
	if relative {
		loc.URIBaseID = srcRoot
	}
	var region *sarifRegion
	if r.Start.Line > 0 {
		region = &sarifRegion{StartLine: r.Start.Line, StartColumn: r.Start.Column}
		if r.End.Line >= r.Start.Line && r.End.Line > 0 {
			region.EndLine, region.EndColumn = r.End.Line, r.End.Column
		}
	}
	return sarifPhysicalLocation{ArtifactLocation: loc, Region: region}
}

// fileURI turns a slash-separated path into a URI reference: relative paths
// stay relative, absolute ones become file:// URIs. dir adds the trailing
// slash SARIF requires of base URIs.
func fileURI(p string, dir bool) string {
	p = filepath.ToSlash(p)
	if dir && !strings.HasSuffix(p, "/") {
		p += "/"
	}
	if !filepath.IsAbs(filepath.FromSlash(p)) {
		return (&url.URL{Path: p}).String()
	}
	if !strings.HasPrefix(p, "/") {
		p = "/" + p // Windows drive letter: file:///C:/...
	}
	return (&url.URL{Scheme: "file", Path: p}).String()
}
