-- garlic_burst: the 蒜 item going off at the start of 蒜's side's turn after
-- it was dropped: every hero of either side within params.steps step of the
-- item, except 蒜 herself and the hero params.immune (郭猴, by draft-pool
-- position), takes params.damage; then the item is gone. A dead 蒜's
-- item stays inert.

---@param ctx glory.skill.ctx
function use(ctx)
	local item = glory.var(ctx.caster, "item")
	if item == 0 then
		return
	end
	glory.set_var(ctx.caster, "item", 0)
	local p = item - 1
	for v = 0, glory.heroes() - 1 do
		if v ~= ctx.caster and glory.alive(v) and glory.pool(v) ~= ctx.params.immune then
			local s = glory.steps(p, glory.point(v))
			if s >= 0 and s <= ctx.params.steps then
				glory.damage(ctx.caster, v, ctx.params.damage)
			end
		end
	end
end
