-- garlic_drop: 蒜's 蒜 (facts §10 row 21, §11.20): drop the item on a point
-- at r ≤ 1 and road-connected: her own point or one drawn edge away at
-- r = 1, never across a diagonal (r = √2) (var item = point + 1). At most
-- one item is active; garlic_burst sets it off at the start of her side's
-- next turn.

---@param ctx glory.skill.ctx
function can(ctx)
	return glory.var(ctx.caster, "item") == 0 and glory.near(ctx.point, ctx.target)
		and glory.r2(ctx.point, ctx.target) <= 1
end

---@param ctx glory.skill.ctx
function use(ctx)
	glory.set_var(ctx.caster, "item", ctx.target + 1)
end
