-- heal_biology: 明月's 医疗 (facts §10 row 14, §11.26): heroes who chose
-- biology get params.biology, the others params.other.

---@param ctx glory.skill.ctx
function use(ctx)
	local amount = ctx.params.other
	if glory.biology(ctx.target) then
		amount = ctx.params.biology
	end
	glory.heal(ctx.caster, ctx.target, amount)
end
