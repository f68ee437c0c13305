package schema

// QuickVerdict exposes the quick check to the differential test:
// "valid", "invalid", "unsure", or "none" when the schema has no quick check.
func (s *Set) QuickVerdict(name string, doc any) string {
	_, q, _, _ := s.schema(name)
	if q == nil {
		return "none"
	}
	return [...]string{valid: "valid", invalid: "invalid", unsure: "unsure"}[q.check(doc, 0)]
}

// LibraryValid reports whether jsonschema/v5 alone accepts doc.
func (s *Set) LibraryValid(name string, doc any) bool {
	sch, _, _, _ := s.schema(name)
	return sch.Validate(doc) == nil
}

// TapeVerdict is QuickVerdict on the JSON text data read into a tape:
// "notape" when readTape refuses the text.
func (s *Set) TapeVerdict(name string, data []byte) string {
	_, q, _, _ := s.schema(name)
	if q == nil {
		return "none"
	}
	t, ok := readTape(data)
	if !ok {
		return "notape"
	}
	defer t.release()
	return [...]string{valid: "valid", invalid: "invalid", unsure: "unsure"}[q.checkTape(t, 0, 0)]
}
