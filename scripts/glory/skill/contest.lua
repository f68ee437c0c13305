-- contest: 数竞 (facts §9.2). Ignores 视域; the engine checks the declared
-- range (3 steps). The damage is the scenario's table entry of class
-- params.class against the target's math tier now. With params.fake_math =
-- 1 the skill comes with Fake数学 (142, facts §10 row 16) and is lost with
-- it: usable only while the caster's var fake_math is 1.

---@param ctx glory.skill.ctx
function ready(ctx)
	return (ctx.params.fake_math or 0) == 0 or glory.var(ctx.caster, "fake_math") == 1
end

---@param ctx glory.skill.ctx
function use(ctx)
	local d = glory.contest(ctx.params.class, glory.math(ctx.target))
	if d > 0 then
		glory.damage(ctx.caster, ctx.target, d)
	end
end
