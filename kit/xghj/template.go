package xghj

import (
	"github.com/sandtable/sandtable/kit/build"
)

// Template implements build.Templater: a 12 × 8 map with water, plain,
// slopes and a rich spring in a region of its own, three players under the
// rulebook rules, an effect of its own (effect/spring.lua, an xghj.effect
// hook whose comment lists ctx and the host API) and a first scenario test.
func (Game) Template(name, schemaPath string) map[string][]byte {
	return build.FillTemplate(name, schemaPath, map[string]string{
		"scenario.toml":       templateScenario,
		"effect/spring.lua":   templateEffect,
		"tests/{{name}}.toml": templateTest,
	})
}

const templateScenario = `#:schema {{schema}}
# {{name}}: a new xghj scenario, made by ` + "`mapc new`" + `. Check it with
# ` + "`mapc check`" + `, look at it with ` + "`mapc render -o map.svg`" + `, play it
# with ` + "`mapc sim -n 200`" + ` or ` + "`mapc play`" + `, pin its behaviour with
# ` + "`mapc test`" + ` and ask the AI why with ` + "`mapc inspect --ai`" + `.
# docs/xghj.md explains every table.

[scenario]
name = "{{name}}"
title = "{{name}}"

# The legend: one glyph per terrain. res is the income a cell yields, atk
# and def its attack and defence ratios; atk = 0 makes water, which nobody
# can hold.
[[terrains]]
glyph = "p"
name = "plain 平原"
res = 2
atk = 20
def = 20

[[terrains]]
glyph = "/"
name = "slope 斜坡"
res = 1
atk = 15
def = 30

[[terrains]]
glyph = "~"
name = "lake 湖"
res = 0
atk = 0
def = 0

[[terrains]]
glyph = "S"
name = "spring 泉"
res = 4
atk = 20
def = 25

# x grows to the right from 0, y downward from 0.
[map]
rows = [
  "pppppppppppp", # y = 0
  "ppp//ppppppp", # y = 1
  "pp/SS/pp~~pp", # y = 2
  "pp/SS/pp~~pp", # y = 3
  "ppp//ppp~~pp", # y = 4
  "pppppppppppp", # y = 5
  "pp~~pppp//pp", # y = 6
  "pppppppppppp", # y = 7
]
# A second layer naming cells for the hooks ('.' for none).
regions = [
  "............", # y = 0
  "............", # y = 1
  "...SS.......", # y = 2
  "...SS.......", # y = 3
  "............", # y = 4
  "............", # y = 5
  "............", # y = 6
  "............", # y = 7
]

[[regions]]
name = "spring" # 泉
glyph = "S"

[players]
count = 3
names = ["甲", "乙", "丙"]

[rules]
set = "rulebook" # persistent cities, attack progress, truces (docs/xghj.md)

[constants]
max_round = 30

# An effect of this scenario's own: the Lua hook next to this file. params
# reach the script as ctx.params.
[[effects]]
script = "effect/spring.lua"
params = { bonus = 3 }
`

const templateEffect = `-- spring (泉): this scenario's own effect, an xghj.effect hook. Whoever
-- holds more of the region "spring" than anyone else earns params.bonus
-- more each production (default 3).
--
-- Every function of an effect is optional: round_start(ctx),
-- income(ctx) → income, vision(ctx) → full, info(ctx) → full,
-- after_military(ctx).
-- ctx (read-only): round, players, cols, rows, player (the earner or the
--   viewer; -1 otherwise), income (income: the income so far), params.
-- Host API: xghj.region(name) → cells, xghj.owner(cell) → player or -1,
--   xghj.res(cell), xghj.alive(player), xghj.get(key) and, in
--   round_start, after_military and victory checks, xghj.set(key, value)
--   and xghj.win(player, score). Cells are indices y·cols + x.
-- docs/lua-api.md describes them all; ` + "`mapc stubs`" + ` (written next to this
-- scenario as .luarc.json and .sandtable/) makes an editor complete them.

---@param ctx xghj.effect.ctx
function income(ctx)
	local held = {}
	for _, c in ipairs(xghj.region("spring")) do
		local o = xghj.owner(c)
		if o >= 0 then
			held[o] = (held[o] or 0) + 1
		end
	end
	local mine = held[ctx.player] or 0
	for p, n in pairs(held) do
		if p ~= ctx.player and n >= mine then
			return ctx.income
		end
	end
	if mine == 0 then
		return ctx.income
	end
	return ctx.income + (ctx.params.bonus or 3)
end
`

const templateTest = `# Scenario tests of {{name}}: ` + "`mapc test`" + ` runs every [[test]] and
# [[playthrough]] here. Assertions: winner (a player's name or "none"),
# reason ("goal", "last_alive" or "turn_limit"), max_turns and min_turns
# (engine rounds), events (kind, where, turns, count, never) and win_rate
# (player, within; over games with a fixed seed, so it never flakes).
# Event fields name players and cells ("x,y"); decisions are a player's
# orders of one ask: choice 0 the agent's, 1 the defaults (a passed round).

[[test]]
name = "three heuristic players finish within the round limit"
seed = 1
agents = ["heuristic"]
expect = { max_turns = 30 }

[[test]]
name = "every player spawns on land"
seed = 1
agents = ["heuristic"]
expect.events = [
  { kind = "spawn", where = { player = "甲" }, count = 1 },
  { kind = "spawn_kill", never = true },
]

[[test]]
name = "甲 builds in its first ten rounds"
seed = 1
agents = ["heuristic"]
expect.events = [{ kind = "build", where = { player = "甲" }, turns = [2, 11] }]

[[test]]
name = "a player passing its first ten rounds never builds in them"
seed = 1
agents = ["heuristic"]
# bids and spawns (6 asks) by the agents, then 甲 passes ten rounds
decisions = [0, 0, 0, 0, 0, 0, 1, 0, 0, 1, 0, 0, 1, 0, 0, 1, 0, 0, 1, 0, 0, 1, 0, 0, 1, 0, 0, 1, 0, 0, 1, 0, 0, 1, 0, 0]
expect.events = [{ kind = "build", where = { player = "甲" }, turns = [2, 11], never = true }]

# A golden playthrough records a whole game; once recorded with
# ` + "`mapc test --update`" + `, any rule, constant or script change that alters the
# game fails the test with the first differing lines. Uncomment to use:
#
# [[playthrough]]
# name = "heuristic players, seed 1"
# seed = 1
# agents = ["heuristic"]
# golden = "golden/heuristic-1.txt"
`

var _ build.Templater = Game{}
