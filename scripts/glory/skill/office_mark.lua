-- office_mark: Office's CTMO, preparation part (facts §10 row 11, §11.18):
-- place the OFFICE marker on the chosen point (kept as var office =
-- point + 1 on the caster, for the whole game).

---@param ctx glory.skill.ctx
function use(ctx)
	glory.set_var(ctx.caster, "office", ctx.target + 1)
end
