-- defence_buff: the original's class 2 (facts §8.2, AI score §9.3).
-- Every cell of the area gets the caster's side's defence buff: abi × value
-- / 100 on the target cell, the ratio's share of that elsewhere, for the
-- tech's duration, replacing what was there.

local SLOT = "defence"

-- idiv is Go's integer division: it truncates toward zero.
local function idiv(a, b)
	local q = a / b
	if q < 0 then
		return math.ceil(q)
	end
	return math.floor(q)
end

local function amount(ctx, c0, c)
	if c == ctx.target then
		return c0
	end
	return idiv(c0 * ctx.aoe_ratio, 100)
end

---@param ctx ftbt.effect.ctx
function apply(ctx)
	local c0 = idiv(ctx.abi * ctx.value, 100)
	for _, c in ipairs(ftbt.aoe(ctx.target, ctx.aoe_range)) do
		ftbt.set_effect(c, SLOT, amount(ctx, c0, c), ctx.duration)
	end
end

---@param ctx ftbt.effect.ctx
function score(ctx)
	-- value × added rounds × closeness to the goal, summed over the area.
	local c0 = idiv(ctx.abi * ctx.value, 100)
	local vmd = 0
	for _, c in ipairs(ftbt.aoe(ctx.target, ctx.aoe_range)) do
		local _, left = ftbt.effect(c, ctx.side, SLOT)
		local rem = ctx.duration - left
		local g = ctx.tech_dist - ftbt.goal_dist(c)
		if rem > 0 and g > 0 then
			vmd = vmd + idiv(amount(ctx, c0, c) * rem * g, ctx.tech_dist)
		end
	end
	if vmd > ctx.buf_vmd then
		vmd = ctx.buf_vmd
	end
	return idiv(vmd * ctx.tech_score, ctx.buf_vmd)
end
