package glory

import (
	"github.com/sandtable/sandtable/kit/build"
)

// Template implements build.Templater: the rulebook's map and heroes plus
// one new hero, 课代表, whose skill 补习 is a Lua hook of the scenario
// (skills/tutoring.lua, a glory.skill hook whose comment lists ctx and the
// host API), and a first scenario test.
func (Game) Template(name, schemaPath string) map[string][]byte {
	return build.FillTemplate(name, schemaPath, map[string]string{
		"scenario.toml":       templateScenario,
		"skills/tutoring.lua": templateSkill,
		"tests/{{name}}.toml": templateTest,
	})
}

const templateScenario = `#:schema {{schema}}
# {{name}}: a new 58Glory scenario, made by ` + "`mapc new`" + `. Check it with
# ` + "`mapc check`" + `, look at the map with ` + "`mapc render -o map.svg`" + `, play it
# with ` + "`mapc play`" + ` or ` + "`mapc sim -n 200`" + `, and pin its behaviour with
# ` + "`mapc test`" + `. docs/glory.md explains every table.
include = [
  "builtin:glory/standard-map.toml", # the rulebook's 98-point map, towers and zones
  "builtin:glory/seed.toml",         # the three weapons, 偏移, 数竞 and 16 heroes
]

[scenario]
name = "{{name}}"
title = "{{name}}"

# Rule choices the rulebook leaves open (docs/glory.md lists them all).
[rules]
start_g = 15       # each side's purse at the start
picks = 4          # heroes each side drafts besides its main hero
bans = true        # each side bans one hero
max_rounds = 60    # for AI play; then tie_break decides
tie_break = "towers"

# A hero of this scenario's own; it joins the draft pool after the 16 of
# seed.toml. hp, 极值 (extreme), math tier (弱 中 强 巨 神), identity, class
# 5 membership and gender are what the rules and other skills read.
[[heroes]]
id = "课代表"
hp = 110
extreme = 5
math = "中"
identity = "5"
class5 = true
gender = "F"
skills = [
  # 补习 (tutoring): in the preparation, before round 1, on one ally, once
  # per game. params reach the script as ctx.params; the engine checks the
  # phase, the target kind and the uses before the script runs.
  { id = "补习", hook = "tutoring", script = "skills/tutoring.lua", phase = "prepare", target = "ally", uses = 1, params = { extreme = 1 } },
]
`

const templateSkill = `-- tutoring: 课代表's 补习, a glory.skill hook. In the preparation the
-- class representative tutors one ally: its math tier rises by one (can
-- refuses an ally who is already 神, so the draft never offers it) and its
-- 极值 by params.extreme.
--
-- ctx (read-only): caster, side (0 red, 1 blue), point, target (the ally
--   here; -1 when none), aim, source, victim, amount, damage (the last
--   four for passives' modify), params.
-- Host API (the glory table): readers hp, max_hp, point, side, math,
--   extreme, alive, female, class5, at, steps, line, r2, near, rail, g,
--   round, var …; actions damage, lose, heal, move, pay, stun, fire,
--   set_math, set_extreme, set_var … docs/lua-api.md describes them all;
-- ` + "`mapc stubs`" + ` (written next to this scenario as .luarc.json and
-- .sandtable/) makes an editor complete them.

---@param ctx glory.skill.ctx
function can(ctx)
	return glory.math(ctx.target) < 4
end

---@param ctx glory.skill.ctx
function use(ctx)
	local t = ctx.target
	glory.set_math(t, glory.math(t) + 1)
	glory.set_extreme(t, glory.extreme(t) + ctx.params.extreme)
end
`

const templateTest = `# Scenario tests of {{name}}: ` + "`mapc test`" + ` runs every [[test]] and
# [[playthrough]] here. Assertions: winner ("red", "blue" or "none"),
# reason, max_turns, min_turns (rounds), events (kind, where, turns, count,
# never) and win_rate. decisions answer the first requests by option index
# before the agents take over: the first request is red's main hero, its
# options the draft pool in order, so 16 is 课代表 (after seed.toml's 16).

[[test]]
name = "red drafts 课代表 as its main hero"
seed = 1
agents = ["heuristic"]
decisions = [16]
expect.events = [
  { kind = "main", where = { side = "red", item = "课代表" }, turns = [1, 1] },
  # the skill runs once, in the preparation
  { kind = "skill", where = { side = "red", hero = "课代表", item = "补习" }, count = 1 },
]

[[test]]
name = "two heuristic sides decide the game within the round cap"
seed = 1
agents = ["heuristic"]
decisions = [16]
expect = { max_turns = 60 }

# A golden playthrough records a whole game; once recorded with
# ` + "`mapc test --update`" + `, any rule, constant or script change that alters the
# game fails the test with the first differing lines. Uncomment to use:
#
# [[playthrough]]
# name = "课代表 for red, heuristic against heuristic, seed 1"
# seed = 1
# agents = ["heuristic"]
# decisions = [16]
# golden = "golden/tutoring-1.txt"
`

var _ build.Templater = Game{}
