-- promote: DXD's 晋升 (facts §10 row 7, §11.14), before round 1 on one own
-- hero, once per game: the player chooses between two declarations of the
-- skill, params.mode = 1 (math +1 tier, not on a 神) and params.mode = 2
-- (极值 +params.extreme). The caster's var promoted makes it one use in
-- all.

---@param ctx glory.skill.ctx
function ready(ctx)
	return glory.var(ctx.caster, "promoted") == 0
end

---@param ctx glory.skill.ctx
function can(ctx)
	return ctx.params.mode ~= 1 or glory.math(ctx.target) < 4
end

---@param ctx glory.skill.ctx
function use(ctx)
	local t = ctx.target
	glory.set_var(ctx.caster, "promoted", 1)
	if ctx.params.mode == 1 then
		glory.set_math(t, glory.math(t) + 1)
	else
		glory.set_extreme(t, glory.extreme(t) + ctx.params.extreme)
	end
end
