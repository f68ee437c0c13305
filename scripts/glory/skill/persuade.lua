-- persuade: DXD's 劝人选文 (facts §10 row 7). The target's math drops one tier
-- (clamped) and its 极值 rises by one. Heroes with an imaginary 极值 (SJK)
-- are immune. A hero holding Fake数学 (var fake_math = 1) loses it instead:
-- its math falls back to its own tier and the hit's other effects are
-- blocked.

---@param ctx glory.skill.ctx
function can(ctx)
	return not glory.imaginary(ctx.target)
end

---@param ctx glory.skill.ctx
function use(ctx)
	local t = ctx.target
	if glory.var(t, "fake_math") == 1 then
		glory.set_var(t, "fake_math", 0)
		glory.set_math(t, glory.var(t, "own_math"))
		return
	end
	glory.set_math(t, glory.math(t) - 1)
	glory.set_extreme(t, glory.extreme(t) + 1)
end
