-- fly: the original's class 3 (facts §8.3, AI score §9.3).
-- Cells of the area get a fly weight for the caster's side that replaces
-- their terrain weight: the stronger the caster, the lighter the cell.
-- params.fly_gain_bias (default 0; the original's AI adds 2) and
-- params.fly_cap (default 0 = cap with FLY_VMD; 1 = BUF_VMD as the original)
-- select the original AI's slips.

-- idiv is Go's integer division: it truncates toward zero.
local function idiv(a, b)
	local q = a / b
	if q < 0 then
		return math.ceil(q)
	end
	return math.floor(q)
end

-- area returns the radius and the strength on the target cell.
local function area(ctx)
	local r = idiv(ctx.aoe_range * ctx.abi * ctx.value, 100 * ctx.max_abi)
	local a0 = idiv(ctx.abi * ctx.value, 100)
	return r, a0
end

-- weight returns the fly weight of cell c for strength a0 on the target.
local function weight(ctx, a0, c)
	local a = a0
	if c ~= ctx.target then
		a = idiv(a0 * ctx.aoe_ratio, 100)
	end
	return idiv((ctx.max_fly_weight - 1) * (ctx.max_abi - a), ctx.max_abi) + 1
end

---@param ctx ftbt.effect.ctx
function apply(ctx)
	local r, a0 = area(ctx)
	for _, c in ipairs(ftbt.aoe(ctx.target, r)) do
		ftbt.set_effect(c, "fly", weight(ctx, a0, c), ctx.duration)
	end
end

---@param ctx ftbt.effect.ctx
function score(ctx)
	local r, a0 = area(ctx)
	local bias = ctx.params.fly_gain_bias or 0
	local vmd = 0
	for _, c in ipairs(ftbt.aoe(ctx.target, r)) do
		local _, left = ftbt.effect(c, ctx.side, "fly")
		local rem = ctx.duration - left
		local g = ctx.tech_dist - ftbt.goal_dist(c)
		local gain = ftbt.static_weight(c) - weight(ctx, a0, c) + bias
		if rem > 0 and g > 0 and gain > 0 then
			vmd = vmd + idiv(gain * rem * g, ctx.tech_dist)
		end
	end
	local cap = ctx.fly_vmd
	if (ctx.params.fly_cap or 0) ~= 0 then
		cap = ctx.buf_vmd
	end
	if vmd > cap then
		vmd = cap
	end
	return idiv(vmd * ctx.tech_score, ctx.fly_vmd)
end
