-- transfer_teleport: Yangtze's 转科, second reading (facts §10 row 15, §11.16):
-- 极值 +1 and math −1, then teleport to the chosen point. Unusable while her
-- math is 弱.

---@param ctx glory.skill.ctx
function ready(ctx)
	return glory.math(ctx.caster) > 0
end

---@param ctx glory.skill.ctx
function use(ctx)
	glory.set_extreme(ctx.caster, glory.extreme(ctx.caster) + 1)
	glory.set_math(ctx.caster, glory.math(ctx.caster) - 1)
	glory.move(ctx.caster, ctx.target)
end
