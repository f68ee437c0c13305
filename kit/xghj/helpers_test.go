package xghj

import (
	"encoding/json"
	"strconv"
)

func ftoa(v float64) string { return strconv.FormatFloat(v, 'f', -1, 64) }

func jsonMap(v any) (map[string]float64, error) {
	data, err := json.Marshal(v)
	if err != nil {
		return nil, err
	}
	var m map[string]float64
	return m, json.Unmarshal(data, &m)
}
