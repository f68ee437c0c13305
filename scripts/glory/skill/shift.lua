-- shift: 偏移 (facts §9.1). Damage = m(steps) · (极值 of the caster − 极值 of
-- the target), rounded down, never below 0 (§11.11). The target must be of
-- the gender params.female names (0: males, the normal 偏移; 1: females,
-- ZYS's 雌偏移) and not have an imaginary 极值 (SJK). The caster needs a
-- 极值 of at least params.min_extreme now (§9: every female with 极值 ≥ 7
-- has 偏移). params.fixed, when set, replaces the multiplier (C-7's
-- beyond-view 偏移 uses 4).

---@param ctx glory.skill.ctx
function can(ctx)
	local t = ctx.target
	if glory.extreme(ctx.caster) < (ctx.params.min_extreme or 0) then
		return false
	end
	local want_female = (ctx.params.female or 0) == 1
	return glory.female(t) == want_female and not glory.imaginary(t)
end

---@param ctx glory.skill.ctx
function use(ctx)
	local t = ctx.target
	local m = ctx.params.fixed
	if m == nil then
		local steps = glory.line(ctx.point, glory.point(t))
		if steps < 0 then
			steps = glory.steps(ctx.point, glory.point(t))
		end
		m = glory.shift(steps)
	end
	local d = math.floor(m * (glory.extreme(ctx.caster) - glory.extreme(t)))
	if d > 0 then
		glory.damage(ctx.caster, t, d)
	end
end
