-- teleport: 582's 瞬移 (facts §10 row 4, §11.16): the caster moves to the
-- chosen point, anywhere on the map.

---@param ctx glory.skill.ctx
function use(ctx)
	glory.move(ctx.caster, ctx.target)
end
