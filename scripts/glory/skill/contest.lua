-- contest: 数竞 (facts §9.2). Ignores 视域; the engine checks the declared
-- range (3 steps). The damage is the scenario's table entry of class
-- params.class against the target's math tier now.

---@param ctx glory.skill.ctx
function use(ctx)
	local d = glory.contest(ctx.params.class, glory.math(ctx.target))
	if d > 0 then
		glory.damage(ctx.caster, ctx.target, d)
	end
end
