-- chalk: 班长's 粉笔. A piece of chalk thrown at an enemy within the
-- declared range does params.base, plus params.per_tier for every math tier
-- the thrower is above the target (nothing extra when it is not).

---@param ctx glory.skill.ctx
function use(ctx)
	local above = glory.math(ctx.caster) - glory.math(ctx.target)
	if above < 0 then
		above = 0
	end
	glory.damage(ctx.caster, ctx.target, ctx.params.base + ctx.params.per_tier * above)
end
