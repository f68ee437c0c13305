-- guided: Birdman's 制导 (facts §10 row 1). BM fires his RPG or M202 at an
-- enemy within params.steps steps along a path of two straight legs that
-- turns once by at most a right angle (glory.bent). The damage is the
-- weapon's at the path's length; blast and splash as a normal shot; the
-- side pays the fire cost.

---@param ctx glory.skill.ctx
function can(ctx)
	local w = glory.weapon(ctx.caster)
	if w < 0 or glory.single(w) then
		return false
	end
	return glory.bent(ctx.point, glory.point(ctx.target), ctx.params.steps) > 0
end

---@param ctx glory.skill.ctx
function use(ctx)
	local q = glory.point(ctx.target)
	glory.fire(ctx.caster, q, glory.bent(ctx.point, q, ctx.params.steps))
end
