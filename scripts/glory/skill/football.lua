-- football: 足球 (Drrra, 郑阁, 牛yeahyeah; facts §10 row 12, §11.19). A hero
-- one drawn edge away (r = 1 or √2, road-connected) is kicked along the
-- straight chain from the caster through it to the chain's end, within its
-- rail class. Declared with aim = "near" and range 0, the skill kicks a
-- hero on the caster's own point (r = 0) in the chosen direction: through
-- the aim point (one drawn edge away; the caster's own point, also offered
-- by "near", is no direction) to the end of that chain. With params.lose_speed = 1 the
-- caster loses speed ×2 for good (Drrra).

-- line returns the points the target slides over, nearest first.
local function line(ctx)
	local p = glory.point(ctx.target)
	if ctx.aim >= 0 then
		if p ~= ctx.point or ctx.target == ctx.caster or ctx.aim == ctx.point then
			return {}
		end
		local out = { ctx.aim }
		for _, q in ipairs(glory.beyond(ctx.point, ctx.aim)) do
			out[#out + 1] = q
		end
		return out
	end
	if p == ctx.point or not glory.near(ctx.point, p) then
		return {}
	end
	return glory.beyond(ctx.point, p)
end

---@param ctx glory.skill.ctx
function can(ctx)
	return #line(ctx) > 0
end

---@param ctx glory.skill.ctx
function use(ctx)
	local l = line(ctx)
	glory.move(ctx.target, l[#l])
	if (ctx.params.lose_speed or 0) == 1 then
		glory.set_speed(ctx.caster, 1)
	end
end
