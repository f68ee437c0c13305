-- football: 足球 (Drrra, 郑阁, 牛yeahyeah; facts §10 row 12, §11.19). A hero
-- one drawn edge away (r = 1 or √2, road-connected) is kicked along the
-- straight chain from the caster through it to the chain's end, within its
-- rail class. Heroes at r = 0 would need a direction; this version kicks
-- only neighbours. With params.lose_speed = 1 the caster loses speed ×2
-- for good (Drrra).

---@param ctx glory.skill.ctx
function can(ctx)
	local p = glory.point(ctx.target)
	if p == ctx.point or not glory.near(ctx.point, p) then
		return false
	end
	return #glory.beyond(ctx.point, p) > 0
end

---@param ctx glory.skill.ctx
function use(ctx)
	local line = glory.beyond(ctx.point, glory.point(ctx.target))
	glory.move(ctx.target, line[#line])
	if (ctx.params.lose_speed or 0) == 1 then
		glory.set_speed(ctx.caster, 1)
	end
end
