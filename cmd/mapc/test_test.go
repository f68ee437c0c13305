package main

import (
	"bytes"
	"strings"
	"testing"

	"github.com/sandtable/sandtable/kit/cli"
)

// TestShippedScenarioTests runs mapc test over every shipped scenario:
// each has tests/*.toml with assertions and a golden playthrough, so a
// rule, script or agent change that alters how a shipped scenario plays
// fails here (mapc test --update re-records after an intended change).
func TestShippedScenarioTests(t *testing.T) {
	if testing.Short() {
		t.Skip("plays every shipped scenario")
	}
	var stdout, stderr bytes.Buffer
	env := cli.Env{Stdout: &stdout, Stderr: &stderr, Getenv: func(string) string { return "" }}
	if code := run([]string{"test", "../../scenarios"}, env); code != 0 {
		t.Fatalf("mapc test ../../scenarios: exit %d\n%s%s", code, stdout.String(), stderr.String())
	}
	if !strings.Contains(stdout.String(), " 0 failed") || strings.Contains(stdout.String(), "\n0 passed") {
		t.Fatalf("unexpected summary:\n%s", stdout.String())
	}
	for _, s := range []string{"mbg/sample", "mbg/sanguo", "mbg/modded", "ftbt/skirmish", "ftbt/star-m1", "ftbt/star-m2"} {
		if !strings.Contains(stdout.String(), "scenarios/"+s+"/tests/") {
			t.Errorf("no test of %s ran", s)
		}
	}
}
