-- shift: 偏移 (facts §9.1). Damage = m(steps) · (极值 of the caster − 极值 of
-- the target), rounded down, never below 0 (§11.11). The target must be of
-- the gender params.female names (0: males, the normal 偏移; 1: females,
-- ZYS's 雌偏移) and not have an imaginary 极值 (SJK). The caster needs a
-- 极值 of at least params.min_extreme now (§9: every female with 极值 ≥ 7
-- has 偏移). params.fixed, when set, replaces the multiplier (C-7's
-- beyond-view 偏移 uses 4). params.bonus is added against the hero
-- params.bonus_vs (by draft-pool position; C-7's +10 against YL). With params.hidden = 1 the target must NOT be
-- in the caster's 视域 (C-7's 越视域偏移; range is declared). With
-- params.mask = 1 the caster must be wearing her mask (var worn = 1), with
-- params.mask = -1 she must not (WEV: the mask removes the cooldown, so she
-- has a masked 偏移 without cd beside the normal one).

---@param ctx glory.skill.ctx
function can(ctx)
	local t = ctx.target
	if glory.extreme(ctx.caster) < (ctx.params.min_extreme or 0) then
		return false
	end
	if (ctx.params.hidden or 0) == 1 and glory.line(ctx.point, glory.point(t)) >= 0 then
		return false
	end
	local mask = ctx.params.mask or 0
	if mask ~= 0 and (glory.var(ctx.caster, "worn") == 1) ~= (mask == 1) then
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
	if d < 0 then
		d = 0
	end
	if ctx.params.bonus ~= nil and glory.pool(t) == ctx.params.bonus_vs then
		d = d + ctx.params.bonus
	end
	if d > 0 then
		glory.damage(ctx.caster, t, d)
	end
end
