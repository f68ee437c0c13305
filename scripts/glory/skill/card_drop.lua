-- card_drop: QC discards the 坤卡 for free (facts §10 row 22): speed ×2 and
-- her own 极值 come back; the card can never be bought again.

---@param ctx glory.skill.ctx
function can(ctx)
	return glory.var(ctx.caster, "card") == 1
end

---@param ctx glory.skill.ctx
function use(ctx)
	glory.set_var(ctx.caster, "card", 0)
	glory.set_speed(ctx.caster, 2)
	glory.set_extreme(ctx.caster, glory.var(ctx.caster, "own_extreme"))
end
