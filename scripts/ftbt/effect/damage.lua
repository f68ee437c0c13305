-- damage: the original's class 0 (facts §8.1, AI score §9.3).
-- Damage derives from the main target's def; every other victim in the area
-- takes the ring share. Each victim actually hit draws one random number.

-- idiv is Go's integer division: it truncates toward zero.
local function idiv(a, b)
	local q = a / b
	if q < 0 then
		return math.ceil(q)
	end
	return math.floor(q)
end

-- hit reports whether the area hits person v standing on cell c.
local function hit(ctx, v, c)
	local side = ftbt.side(v)
	if side == ctx.side and not ctx.aoe_self then
		return false
	end
	if ctx.long and ftbt.effect(c, side, "disable_long") ~= 0 then
		return false
	end
	return true
end

-- amounts returns the damage on the target cell and on the rest of the area.
local function amounts(ctx, atk)
	local base = ctx.abi - ftbt.def(ftbt.occupant(ctx.target)) + ctx.value + atk
	if base < 1 then
		base = 1
	end
	local ring = idiv(base * ctx.aoe_ratio, 100)
	if ring < 1 then
		ring = 1
	end
	return base, ring
end

---@param ctx ftbt.effect.ctx
function apply(ctx)
	local base, ring = amounts(ctx, (ftbt.effect(ctx.cell, ctx.side, "attack")))
	for _, c in ipairs(ftbt.aoe(ctx.target, ctx.aoe_range)) do
		local v = ftbt.occupant(c)
		if v >= 0 and hit(ctx, v, c) then
			local d = ring
			if c == ctx.target then
				d = base
			end
			d = d + math.floor(0.15 * math.random() * d)
			d = d - ftbt.effect(c, 1 - ctx.side, "defence")
			if d < 1 then
				d = 1
			end
			ftbt.damage(v, d)
		end
	end
end

---@param ctx ftbt.effect.ctx
function score(ctx)
	-- The AI ignores buffs and randomness: the plain base, capped at each
	-- victim's hp; own-side victims count against the use.
	local base, ring = amounts(ctx, 0)
	local s = 0
	for _, c in ipairs(ftbt.aoe(ctx.target, ctx.aoe_range)) do
		local v = ftbt.occupant(c)
		if v >= 0 and hit(ctx, v, c) then
			local d = ring
			if c == ctx.target then
				d = base
			end
			local hp = ftbt.hp(v)
			if d > hp then
				d = hp
			end
			local x = idiv(d * ctx.tech_score, hp)
			if ftbt.side(v) == ctx.side then
				s = s - x
			else
				s = s + x
			end
		end
	end
	if s < 0 then
		return 0
	end
	return s
end
