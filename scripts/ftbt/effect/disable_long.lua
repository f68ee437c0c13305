-- disable_long: the original's class 4 (facts §8.4, AI score §9.3).
-- Long-range damage skips people of the caster's side standing in the area,
-- for a number of rounds that grows with the caster's abi (at least 1).

-- idiv is Go's integer division: it truncates toward zero.
local function idiv(a, b)
	local q = a / b
	if q < 0 then
		return math.ceil(q)
	end
	return math.floor(q)
end

local function area(ctx)
	local r = idiv(ctx.aoe_range * ctx.abi, ctx.max_abi)
	local dur = idiv(ctx.duration * ctx.abi, ctx.max_abi)
	if dur < 1 then
		dur = 1
	end
	return r, dur
end

---@param ctx ftbt.effect.ctx
function apply(ctx)
	local r, dur = area(ctx)
	for _, c in ipairs(ftbt.aoe(ctx.target, r)) do
		ftbt.set_effect(c, "disable_long", 1, dur)
	end
end

---@param ctx ftbt.effect.ctx
function score(ctx)
	local r, dur = area(ctx)
	local vmd = 0
	for _, c in ipairs(ftbt.aoe(ctx.target, r)) do
		local _, left = ftbt.effect(c, ctx.side, "disable_long")
		local rem = dur - left
		local g = ctx.tech_dist - ftbt.goal_dist(c)
		if rem > 0 and g > 0 then
			vmd = vmd + idiv(rem * g, ctx.tech_dist)
		end
	end
	if vmd > ctx.dl_vmd then
		vmd = ctx.dl_vmd
	end
	return idiv(vmd * ctx.tech_score, ctx.dl_vmd)
end
