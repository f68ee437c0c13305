-- cx: 郭猴's cx (facts §10 row 20): −params.hp HP (a cost), math +1 tier,
-- then a move of 1 to params.steps steps along a straight chain in any
-- direction, within the rail class (the target point; declare range and
-- los so the engine offers only the points in view nearby).

---@param ctx glory.skill.ctx
function ready(ctx)
	return glory.hp(ctx.caster) > ctx.params.hp
end

---@param ctx glory.skill.ctx
function can(ctx)
	local s = glory.line(ctx.point, ctx.target)
	return s >= 1 and s <= ctx.params.steps
end

---@param ctx glory.skill.ctx
function use(ctx)
	glory.lose(ctx.caster, ctx.params.hp)
	glory.set_math(ctx.caster, glory.math(ctx.caster) + 1)
	glory.move(ctx.caster, ctx.target)
end
