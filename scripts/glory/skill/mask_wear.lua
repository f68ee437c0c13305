-- mask_wear: WEV puts the mask on (one operation; params.off = 1 takes it
-- off instead). Worn, her 极值 counts as params.extreme and her masked 偏移
-- has no cooldown (var worn = 1).

---@param ctx glory.skill.ctx
function can(ctx)
	if glory.var(ctx.caster, "mask") ~= 1 then
		return false
	end
	return (glory.var(ctx.caster, "worn") == 1) == ((ctx.params.off or 0) == 1)
end

---@param ctx glory.skill.ctx
function use(ctx)
	if (ctx.params.off or 0) == 1 then
		glory.set_var(ctx.caster, "worn", 0)
		glory.set_extreme(ctx.caster, glory.var(ctx.caster, "own_extreme"))
		return
	end
	glory.set_var(ctx.caster, "worn", 1)
	glory.set_var(ctx.caster, "own_extreme", glory.extreme(ctx.caster))
	glory.set_extreme(ctx.caster, ctx.params.extreme)
end
