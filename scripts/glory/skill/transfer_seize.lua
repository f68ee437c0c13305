-- transfer_seize: Yangtze's 转科, first reading (facts §10 row 15): 极值 +1
-- and math −1, then seize the weapon of an enemy within the declared range.
-- Unusable while her math is 弱.

---@param ctx glory.skill.ctx
function ready(ctx)
	return glory.math(ctx.caster) > 0
end

---@param ctx glory.skill.ctx
function can(ctx)
	return glory.weapon(ctx.target) >= 0
end

---@param ctx glory.skill.ctx
function use(ctx)
	glory.set_extreme(ctx.caster, glory.extreme(ctx.caster) + 1)
	glory.set_math(ctx.caster, glory.math(ctx.caster) - 1)
	glory.set_weapon(ctx.caster, glory.weapon(ctx.target))
	glory.set_weapon(ctx.target, -1)
end
