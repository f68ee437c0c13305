-- heal: a class the original never had, written only in Lua. Allies in the
-- area regain abi × value / 100 hp on the target cell and the ratio's share
-- of that elsewhere, never above the hp they started with. The AI values a
-- heal like damage: restored hp relative to the patient's full hp.

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
		local v = ftbt.occupant(c)
		if v >= 0 and ftbt.side(v) == ctx.side then
			ftbt.heal(v, amount(ctx, c0, c))
		end
	end
end

---@param ctx ftbt.effect.ctx
function score(ctx)
	local c0 = idiv(ctx.abi * ctx.value, 100)
	local s = 0
	for _, c in ipairs(ftbt.aoe(ctx.target, ctx.aoe_range)) do
		local v = ftbt.occupant(c)
		if v >= 0 and ftbt.side(v) == ctx.side then
			local full = ftbt.max_hp(v)
			local h = math.min(amount(ctx, c0, c), full - ftbt.hp(v))
			if h > 0 and full > 0 then
				s = s + idiv(h * ctx.tech_score, full)
			end
		end
	end
	return s
end
