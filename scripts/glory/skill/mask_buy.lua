-- mask_buy: WEV buys her 口罩 (facts §10 row 24, §11.24) for the declared
-- cost, in the preparation phase or as a free action (var mask = 1).

---@param ctx glory.skill.ctx
function can(ctx)
	return glory.var(ctx.caster, "mask") == 0
end

---@param ctx glory.skill.ctx
function use(ctx)
	glory.set_var(ctx.caster, "mask", 1)
end
