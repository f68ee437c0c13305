-- bond_speed: 牛yeahyeah's 羁绊 (facts §10 row 19, §11.25), at the start of
-- each own turn: speed ×2 while the bonded hero (params.partner, a hero's
-- position in the scenario's draft pool, 0-based) is drafted by either side
-- and alive; normal speed otherwise. The damage part is bond_damage.

---@param ctx glory.skill.ctx
function use(ctx)
	local on = false
	for v = 0, glory.heroes() - 1 do
		if glory.pool(v) == ctx.params.partner and glory.alive(v) then
			on = true
		end
	end
	if on then
		glory.set_speed(ctx.caster, 2)
	else
		glory.set_speed(ctx.caster, 1)
	end
end
