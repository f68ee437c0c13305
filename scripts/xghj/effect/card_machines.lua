-- card_machines: the card machines (刷卡机) of 阳光长跑 (facts §13, brawl 4).
-- Every cell of the regions card_machine_south, card_machine_north and
-- card_machine_sculpture is one machine. At the start of each round a
-- working machine breaks with probability params.break_prob (default 0.35)
-- and a broken one is repaired with probability params.repair_prob
-- (default 0: broken for good), drawn from the game's RNG in region order,
-- then cell order. A broken machine yields half its resource (rounded
-- down) to its owner. Its state is the variable "broken.<cell>" (1 broken),
-- which the hold_machines victory reads through the same regions.

local REGIONS = { "card_machine_south", "card_machine_north", "card_machine_sculpture" }

local function param(ctx, name, default)
	local v = ctx.params[name]
	if v == nil then
		return default
	end
	return v
end

---@param ctx xghj.effect.ctx
function round_start(ctx)
	local breaks = param(ctx, "break_prob", 0.35)
	local repairs = param(ctx, "repair_prob", 0)
	for _, name in ipairs(REGIONS) do
		for _, c in ipairs(xghj.region(name)) do
			local key = "broken." .. c
			if xghj.get(key) == 1 then
				if repairs > 0 and math.random() < repairs then
					xghj.set(key, 0)
				end
			elseif breaks > 0 and math.random() < breaks then
				xghj.set(key, 1)
			end
		end
	end
end

---@param ctx xghj.effect.ctx
function income(ctx)
	local v = ctx.income
	for _, name in ipairs(REGIONS) do
		for _, c in ipairs(xghj.region(name)) do
			if xghj.get("broken." .. c) == 1 and xghj.owner(c) == ctx.player then
				local res = xghj.res(c)
				v = v - (res - math.floor(res / 2))
			end
		end
	end
	return v
end
