-- infrasound: 583's 次声 (facts §10 row 5). Every enemy hero within r<2 and
-- road-connected takes params.r0 on the caster's point, params.r1 one
-- orthogonal edge away and params.r2 one diagonal edge away.

---@param ctx glory.skill.ctx
function use(ctx)
	for v = 0, glory.heroes() - 1 do
		if glory.alive(v) and glory.side(v) ~= ctx.side then
			local p = glory.point(v)
			if glory.near(ctx.point, p) then
				local r2 = glory.r2(ctx.point, p)
				local d = ctx.params.r0
				if r2 == 1 then
					d = ctx.params.r1
				elseif r2 == 2 then
					d = ctx.params.r2
				end
				glory.damage(ctx.caster, v, d)
			end
		end
	end
end
