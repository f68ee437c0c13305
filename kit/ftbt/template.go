package ftbt

import (
	"github.com/sandtable/sandtable/kit/build"
)

// Template implements build.Templater: a 10 × 8 level on star.tech's
// terrains, two sides of two people played by the scoring AI, a tech class
// of its own (effect/drain.lua, an ftbt.effect hook whose comment lists
// ctx and the host API) and a first scenario test.
func (Game) Template(name, schemaPath string) map[string][]byte {
	return build.FillTemplate(name, schemaPath, map[string]string{
		"scenario.toml":       templateScenario,
		"effect/drain.lua":    templateEffect,
		"tests/{{name}}.toml": templateTest,
	})
}

const templateScenario = `#:schema {{schema}}
# {{name}}: a new ftbt level, made by ` + "`mapc new`" + `. Check it with
# ` + "`mapc check`" + `, look at it with ` + "`mapc render -o map.svg`" + ` (add
# --ranges 蓝·剑士 for a unit's reach), play it with ` + "`mapc sim -n 200`" + `, pin
# its behaviour with ` + "`mapc test`" + ` and ask the AI why with
# ` + "`mapc inspect --ai`" + `. docs/ftbt.md explains every table.
include = [
  "builtin:ftbt/standard.toml", # the tech classes (damage, buffs, fly, disable-long, heal)
  "builtin:ftbt/star.toml",     # star.tech's six terrains and eleven techs
]

[scenario]
name = "{{name}}"
title = "{{name}}"

# One glyph per cell (star.toml's legend): . 平 plains 15, , 草 grass 20,
# T 森 forest 25, # 墙 wall 50, H 城 town 13, ~ 水 water 100.
# x grows to the right from 0, y downward from 0.
[map]
rows = [
  "..,,..T...", # y = 0
  ".,,...T.H.", # y = 1
  "......#...", # y = 2
  "~~~.....~~", # y = 3
  "~~~...,,~~", # y = 4
  "...#......", # y = 5
  ".H.#..,,..", # y = 6
  "..........", # y = 7
]

[rules]
max_rounds = 40 # a draw after 40 rounds, so two cautious AIs cannot circle for ever

# A class of this level's own: its effect is the Lua hook next to this
# file; params reach the script as ctx.params.
[[classes]]
id = "drain"
script = "effect/drain.lua"
target = "enemy" # "enemy": a person of the other side must stand on the target
params = { share = 50 }

[[techs]]
name = "吸血"
class = "drain"
range = { diamond = 2 }
value = 5

# Side 0 moves first. An ai table lets the scoring AI decide for a person
# (att, def and move weigh its scores; goal = [x, y] a fixed goal cell).
[[people]]
name = "蓝·剑士"
side = 0
abi = 20
def = 15
hp = 100
speed = 80
at = [1, 7]
techs = ["直攻", "吸血"]
ai = { att = 40, def = 5, move = 55 }

[[people]]
name = "蓝·弓手"
side = 0
abi = 18
def = 10
hp = 80
speed = 70
at = [2, 6]
techs = ["射击"]
ai = { att = 60, def = 10, move = 30 }

[[people]]
name = "红·剑士"
side = 1
abi = 20
def = 15
hp = 100
speed = 80
at = [8, 0]
techs = ["直攻", "吸血"]
ai = { att = 40, def = 5, move = 55 }

[[people]]
name = "红·弓手"
side = 1
abi = 18
def = 10
hp = 80
speed = 70
at = [9, 1]
techs = ["射击"]
ai = { att = 60, def = 10, move = 30 }
`

const templateEffect = `-- drain: this level's own tech class, an ftbt.effect hook. The target
-- loses abi + value - its def hp (at least 1) and the caster regains
-- params.share percent of it.
--
-- ctx (read-only): caster, side, abi, cell, target, value, long,
--   aoe_range, aoe_ratio, aoe_self, duration, max_abi, max_fly_weight,
--   tech_dist, tech_score, buf_vmd, fly_vmd, dl_vmd, params.
-- Host API: ftbt.aoe(center, radius), ftbt.occupant(cell), ftbt.side(p),
--   ftbt.abi(p), ftbt.def(p), ftbt.hp(p), ftbt.max_hp(p), ftbt.cell(p),
--   ftbt.effect(cell, side, slot), ftbt.goal_dist(cell),
--   ftbt.static_weight(cell); in apply only: ftbt.damage(p, amount),
--   ftbt.heal(p, amount), ftbt.set_effect(cell, slot, value, duration).
-- docs/lua-api.md describes them all; the .luarc.json and .sandtable/
-- written next to this level make an editor complete them.

local function amount(ctx)
	local victim = ftbt.occupant(ctx.target)
	return math.max(1, ctx.abi + ctx.value - ftbt.def(victim))
end

---@param ctx ftbt.effect.ctx
function apply(ctx)
	local victim = ftbt.occupant(ctx.target)
	local a = amount(ctx)
	ftbt.damage(victim, a)
	ftbt.heal(ctx.caster, math.floor(a * (ctx.params.share or 50) / 100))
end

-- score rates a use for the AI: the share of the victim's hp it takes,
-- tech_score for a kill.
---@param ctx ftbt.effect.ctx
function score(ctx)
	local victim = ftbt.occupant(ctx.target)
	local hp = ftbt.hp(victim)
	if hp <= 0 then
		return 0
	end
	return math.floor(ctx.tech_score * math.min(amount(ctx), hp) / hp)
end
`

const templateTest = `# Scenario tests of {{name}}: ` + "`mapc test`" + ` runs every [[test]] and
# [[playthrough]] here. Assertions: winner ("side 0", "side 1" or "none"),
# reason, max_turns and min_turns (rounds), events (kind, where, turns,
# count, never), win_rate (player, within) and used (content some game
# uses); the last two play a batch with a fixed seed, so they never flake.
# Event fields name people, techs and cells ("x,y").

[[test]]
name = "the people start where the level puts them"
seed = 1
agents = ["ai"]
expect.events = [
  { kind = "people_in", where = { person = "蓝·剑士", cell = "1,7" }, turns = [0, 0] },
  { kind = "people_in", where = { person = "红·弓手", cell = "9,1" }, turns = [0, 0] },
]

[[test]]
name = "the game ends within the round limit"
seed = 1
agents = ["ai"]
expect = { max_turns = 40 }

# The AIs may never reach for a tech, and a tech no game uses is a tech no
# test runs: a runtime error in its hook would pass. Random players try
# everything; used fails when no game of the batch used the named content.
[[test]]
name = "吸血 is used"
seed = 1
agents = ["random"]
games = 20
expect = { used = ["tech 吸血"] }

# A golden playthrough records a whole game; once recorded with
# ` + "`mapc test --update`" + `, any rule, constant or script change that alters the
# game fails the test with the first differing lines. Uncomment to use:
#
# [[playthrough]]
# name = "AI against AI, seed 1"
# seed = 1
# agents = ["ai"]
# golden = "golden/ai-1.txt"
`

var _ build.Templater = Game{}
