-- skate: C-6's 滑板 (facts §10 row 17), a free action: for the rest of the
-- turn her moves cover two units (speed ×2) and she gets one extra
-- operation that is not a weapon change, "at any point on the path": before
-- her move, after it, or in its middle (she moves one unit, takes the extra
-- operation, then may move the second unit).

---@param ctx glory.skill.ctx
function use(ctx)
	glory.boost(ctx.caster)
	glory.extra(ctx.caster)
end
