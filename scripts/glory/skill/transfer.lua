-- transfer: Yangtze's 转科 (facts §10 row 15): 极值 +1 and math −1, then
-- either seize the weapon of an enemy within the declared range (target
-- kind enemy) or teleport (target kind point, params.teleport = 1).
-- Unusable while her math is 弱.

---@param ctx glory.skill.ctx
function can(ctx)
	if glory.math(ctx.caster) == 0 then
		return false
	end
	if (ctx.params.teleport or 0) == 1 then
		return true
	end
	return glory.weapon(ctx.target) >= 0
end

---@param ctx glory.skill.ctx
function use(ctx)
	glory.set_extreme(ctx.caster, glory.extreme(ctx.caster) + 1)
	glory.set_math(ctx.caster, glory.math(ctx.caster) - 1)
	if (ctx.params.teleport or 0) == 1 then
		glory.move(ctx.caster, ctx.target)
		return
	end
	glory.set_weapon(ctx.caster, glory.weapon(ctx.target))
	glory.set_weapon(ctx.target, -1)
end
