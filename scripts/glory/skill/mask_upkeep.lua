-- mask_upkeep: at the start of each own turn a worn mask costs params.cost
-- G; when the purse cannot pay, the mask comes off (§11.24).

---@param ctx glory.skill.ctx
function use(ctx)
	if glory.var(ctx.caster, "worn") ~= 1 then
		return
	end
	if not glory.pay(ctx.side, ctx.params.cost) then
		glory.set_var(ctx.caster, "worn", 0)
		glory.set_extreme(ctx.caster, glory.var(ctx.caster, "own_extreme"))
	end
end
