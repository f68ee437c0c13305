package scentest

import "github.com/sandtable/sandtable/kit/diag"

// CodeInfo documents the diagnostic codes of mapc test.
func CodeInfo() []diag.CodeInfo {
	return []diag.CodeInfo{
		{Code: CodeInvalid, Category: "test", Severity: diag.Error, Title: "scenario test file cannot be understood",
			Doc: "A file in the scenario's tests/ directory is not a set of scenario tests: an unknown key, a value of the wrong type, a playthrough without a golden file or with one outside the tests' directory, or a game whose engine cannot play recorded games yet. " +
				"Tests are [[test]] tables (name, seed, agents, decisions, games, expect) and [[playthrough]] tables (name, seed, agents, decisions, golden, turns); docs/getting-started.md describes them.",
			Example: "[[tset]]\nname = \"typo\"\n"},
		{Code: CodeFailed, Category: "test", Severity: diag.Error, Title: "scenario test failed",
			Doc:     "An assertion of a [[test]] does not hold: the winner, the reason or the length of the game, an event that should (or should not) happen, or a win rate outside its interval. The message says what happened instead. Win rates are computed over a batch with a fixed seed, so a failure is not bad luck: the scenario or the rules changed.",
			Example: "[[test]]\nname = \"魏 wins\"\nseed = 1\nagents = [\"heuristic\", \"random\"]\nexpect = { winner = \"魏\" }\n"},
		{Code: CodeGolden, Category: "test", Severity: diag.Error, Title: "playthrough differs from its golden file",
			Doc:     "The game of a [[playthrough]] no longer plays as its golden file records: a rule, a constant, a script or an agent changed what happens. The message shows the first differing lines. If the change is intended, record the game again with mapc test --update and commit the new golden file.",
			Example: "[[playthrough]]\nname = \"seed 7\"\nseed = 7\nagents = [\"heuristic\", \"random\"]\ngolden = \"golden/seed7.txt\"\n"},
		{Code: CodeNoGolden, Category: "test", Severity: diag.Error, Title: "golden file missing",
			Doc:     "A [[playthrough]] names a golden file that does not exist yet. Record it with mapc test --update.",
			Example: "[[playthrough]]\nname = \"new\"\nseed = 1\ngolden = \"golden/new.txt\"\n"},
		{Code: CodeUnused, Category: "test", Severity: diag.Warning, Title: "content never used by the tests",
			Doc:     "The batches a test file plays (tests with expect.win_rate or expect.used) never used some of the scenario's content: a tech, a card, a hero. A runtime error in its hook would pass every test. Add a test whose games use it, e.g. with random agents and expect.used.",
			Example: "[[test]]\nname = \"the new tech is used\"\nseed = 1\nagents = [\"random\"]\ngames = 20\nexpect = { used = [\"tech 吸血\"] }\n"},
	}
}
