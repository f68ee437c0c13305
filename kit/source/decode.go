package source

import "encoding/json"

// DecodeInto decodes a loaded value (JSON types, as in Source.Root) into
// dst through encoding/json. A value of the wrong type leaves dst's other
// fields decoded; it reports whether everything decoded.
func DecodeInto(v any, dst any) bool {
	if v == nil {
		return false
	}
	data, err := json.Marshal(v)
	if err != nil {
		return false
	}
	return json.Unmarshal(data, dst) == nil
}

// DecodeList decodes a loaded list of tables into a slice of T. An element
// that is not a table, or has a value of the wrong type, is still decoded
// as far as it can be (so a bad entry keeps its name for reference checks)
// and then passed to markBad.
func DecodeList[T any](v any, markBad func(*T)) []T {
	arr, _ := v.([]any)
	out := make([]T, len(arr))
	for i, e := range arr {
		if _, ok := e.(map[string]any); !ok || !DecodeInto(e, &out[i]) {
			markBad(&out[i])
		}
	}
	return out
}
