-- promote: DXD's 晋升 (facts §10 row 7, §11.14), before round 1 on one own
-- hero: math +1 tier, or 极值 +params.extreme when the hero is already 神
-- (the engine offers one target dimension; the math raise is the choice
-- that can be made on every hero but a 神).

---@param ctx glory.skill.ctx
function use(ctx)
	local t = ctx.target
	if glory.math(t) < 4 then
		glory.set_math(t, glory.math(t) + 1)
	else
		glory.set_extreme(t, glory.extreme(t) + ctx.params.extreme)
	end
end
