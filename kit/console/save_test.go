package console

import (
	"strings"
	"testing"
)

// ReadSave reads a save of its game (and scenario, when given) and names
// what is wrong with another.
func TestReadSave(t *testing.T) {
	save, err := ReadSave([]byte(`{"format":1,"game":"mbg","scenario":"sample","seed":7,"agents":["","random"],"decisions":[{"a":1}]}`), "mbg", "sample")
	if err != nil || save.Seed != 7 || save.Agents[1] != "random" || len(save.Decisions) != 1 {
		t.Fatalf("%+v, %v", save, err)
	}
	for _, c := range []struct{ data, scenario, want string }{
		{`{"format":1,"game":"mbg",`, "", "mapc play save: unexpected end of JSON input"},
		{`{"format":2,"game":"mbg"}`, "", "mapc play save of format 2, this tool reads 1"},
		{`{"format":1,"game":"ftbt"}`, "", `the mapc play save is of game "ftbt", not of mbg`},
		{`{"format":1,"game":"mbg","scenario":"sanguo"}`, "sample", `the mapc play save is of scenario "sanguo", not "sample"`},
	} {
		if _, err := ReadSave([]byte(c.data), "mbg", c.scenario); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: %v, want %q", c.data, err, c.want)
		}
	}
	if _, err := ReadSave([]byte(`{"format":1,"game":"mbg","scenario":"sanguo"}`), "mbg", ""); err != nil {
		t.Errorf("any scenario: %v", err)
	}
}
