-- bond_damage: a passive changing damage by who deals or takes it
-- (facts §10 rows 19, 20, 22):
--   params.from_partner_bonus: extra damage the owner takes from the hero
--     params.partner (牛yeahyeah takes +10 from 582);
--   params.vs_female_bonus: extra damage the owner deals to females while
--     the hero params.absent is not on the field (郭猴 +10 without 蒜).
-- Partners are heroes' positions in the draft pool (0-based).

local function on_field(pool)
	for v = 0, glory.heroes() - 1 do
		if glory.pool(v) == pool and glory.alive(v) then
			return true
		end
	end
	return false
end

---@param ctx glory.skill.ctx
function modify(ctx)
	local d = ctx.amount
	if ctx.victim == ctx.caster and ctx.source >= 0 and ctx.params.from_partner_bonus ~= nil
		and glory.pool(ctx.source) == ctx.params.partner then
		d = d + ctx.params.from_partner_bonus
	end
	if ctx.source == ctx.caster and ctx.params.vs_female_bonus ~= nil and glory.female(ctx.victim)
		and not on_field(ctx.params.absent) then
		d = d + ctx.params.vs_female_bonus
	end
	return d
end
