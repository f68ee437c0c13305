-- fake_extreme: 142's Fake极值 (facts §10 row 16, §11.22): 极值 +params.extreme
-- at the cost of params.hp HP (a cost, not damage: no passive applies).

---@param ctx glory.skill.ctx
function use(ctx)
	glory.set_extreme(ctx.caster, glory.extreme(ctx.caster) + ctx.params.extreme)
	glory.lose(ctx.caster, ctx.params.hp)
end
