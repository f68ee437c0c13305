-- card_buy: QC's 坤卡 (facts §10 row 22): one operation and the declared
-- cost buy the card (once per game, declared uses = 1): normal speed and
-- 极值 counts as params.extreme while it is held (var card = 1).

---@param ctx glory.skill.ctx
function use(ctx)
	glory.set_var(ctx.caster, "card", 1)
	glory.set_var(ctx.caster, "own_extreme", glory.extreme(ctx.caster))
	glory.set_speed(ctx.caster, 1)
	glory.set_extreme(ctx.caster, ctx.params.extreme)
end
