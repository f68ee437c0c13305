package mbg

import (
	"github.com/sandtable/sandtable/kit/build"
)

// Template implements build.Templater: a small scenario with a ten-square
// board, two roles, two cities, an institute teaching a tech of its own
// (tech/volley.lua, an mbg.tech hook whose comment lists ctx and the host
// API), a training room, and a first scenario test.
func (Game) Template(name, schemaPath string) map[string][]byte {
	return build.FillTemplate(name, schemaPath, map[string]string{
		"scenario.toml":       templateScenario,
		"tech/volley.lua":     templateTech,
		"tests/{{name}}.toml": templateTest,
	})
}

const templateScenario = `#:schema {{schema}}
# {{name}}: a new mbg scenario, made by ` + "`mapc new`" + `. Check it with
# ` + "`mapc check`" + `, look at it with ` + "`mapc render -o board.svg`" + `, play it
# with ` + "`mapc sim -n 200`" + ` and pin its behaviour with ` + "`mapc test`" + `.
# docs/getting-started.md explains every table.
include = ["builtin:mbg/standard.toml"] # the 12 techs and 14 cards of the manual

# The board is a loop read clockwise from square 0. Each square names a
# city, an institute or a training room (one may span several squares), or
# is "hall" (hire officers), "chance" (draw a card) or "empty".
board = [
  "许昌", "许昌", "hall", "太学", "chance",
  "洛阳", "洛阳", "empty", "演武场", "chance",
]

# Officers: the five properties 0..100 (武 wu, 战 zhan, 谋 mou, 政 zheng, 经 jing).
officers = [
  { name = "曹操", wu = 72, zhan = 99, mou = 92, zheng = 96, jing = 88 },
  { name = "荀彧", wu = 11, zhan = 51, mou = 96, zheng = 98, jing = 94 },
  { name = "刘备", wu = 74, zhan = 75, mou = 73, zheng = 78, jing = 83 },
  { name = "关羽", wu = 97, zhan = 93, mou = 77, zheng = 64, jing = 68 },
  { name = "赵云", wu = 96, zhan = 80, mou = 78, zheng = 70, jing = 43 },
]

[scenario]
name = "{{name}}"
title = "{{name}}"
win_money = 12000 # the richest role wins once someone has this much
max_turn = 40

# A tech of this scenario's own: its effect is the Lua hook next to this
# file; params reach the script as ctx.params.
[[techs]]
id = "连射"
script = "tech/volley.lua"
study = 400            # research points to learn it
trigger = "round_won"  # when it may fire: any, round_won, round_lost, battle_won
prob = [0, 0.6]        # firing chance, interpolated by the user's strategy
value = [20, 35]       # ctx.value, interpolated alike
cooldown = 3
params = { second_share = 0.5 }

[[cities]]
name = "许昌"
scope = "large" # small, medium or large: defence and income
garrison = ["荀彧"]
mayor = "荀彧"

[[cities]]
name = "洛阳"
scope = "medium"

[[institutes]]
name = "太学"
techs = ["连射", "弓箭", "医疗"]

[[training_rooms]]
name = "演武场"
prop = "wu"

[[roles]]
name = "魏"
start = 0
retinue = ["曹操"]
cities = ["许昌"]
money = 6000

[[roles]]
name = "蜀"
start = 5
retinue = ["刘备"]
money = 7500 # more gold for owning no city: two heuristic agents win about half each
`

const templateTech = `-- 连射 (volley): this scenario's own battle tech, an mbg.tech hook.
-- The engine decides whether it fires (trigger, cooldown, probability) and
-- interpolates ctx.value from the user's strategy; effect returns the hp
-- changes of the user (>= 0, a heal) and of the opponent (<= 0, damage).
--
-- ctx (read-only): value, dhp (this round's normal-attack change, <= 0),
--   self_hp, self_def, opp_hp, opp_def, celve (0..100), params.
-- Host API, callable while effect runs: mbg.burn(rounds),
--   mbg.confuse("chaos"|"infighting", rounds), mbg.exile().
-- docs/lua-api.md describes them all; ` + "`mapc stubs`" + ` (written next to this
-- scenario as .luarc.json and .sandtable/) makes an editor complete them.

---@param ctx mbg.tech.ctx
function effect(ctx)
	-- Two volleys: the value, then a share of it that grows with strategy.
	local second = ctx.value * ctx.celve / 100 * (ctx.params.second_share or 0.5)
	return 0, -(ctx.value + math.floor(second))
end
`

const templateTest = `# Scenario tests of {{name}}: ` + "`mapc test`" + ` runs every [[test]] and
# [[playthrough]] here. Assertions: winner (a role's name or "none"),
# reason, max_turns, min_turns, events (kind, where, turns, count, never)
# win_rate (player, within) and used (content some game uses); the last two
# play a batch with a fixed seed, so they never flake.

[[test]]
name = "two heuristic roles finish within the turn limit"
seed = 1
agents = ["heuristic"]
expect = { max_turns = 40 }

[[test]]
name = "曹操 serves 魏 from the start and is never hired"
seed = 1
agents = ["heuristic", "random"]
expect.events = [{ kind = "hired", where = { officer = "曹操" }, never = true }]

# A tech no game uses is a tech no test runs: a runtime error in its hook
# would pass. Random players try everything; used fails when no game of the
# batch used the named content ("all" for everything).
[[test]]
name = "连射 is used"
seed = 1
agents = ["random"]
games = 20
expect = { used = ["tech 连射"] }

[[test]]
name = "the roles are about even between heuristic agents"
seed = 1
games = 200
agents = ["heuristic"]
expect.win_rate = { player = "魏", within = [0.4, 0.6] }

# A golden playthrough records a whole game; once recorded with
# ` + "`mapc test --update`" + `, any rule, constant or script change that alters the
# game fails the test with the first differing lines. Uncomment to use:
#
# [[playthrough]]
# name = "heuristic against random, seed 1"
# seed = 1
# agents = ["heuristic", "random"]
# golden = "golden/heuristic-random-1.txt"
`

var _ build.Templater = Game{}
