-- steal: Yangtze's 盗窃 (facts §10 row 15): swap main weapons with an enemy
-- within the declared range; unusable with no weapon in hand. A hero whose
-- weapons are fixed (HJK, §10 row 23: they cannot be exchanged) is no
-- target, so nobody ever holds a third weapon.

---@param ctx glory.skill.ctx
function can(ctx)
	return glory.weapon(ctx.caster) >= 0 and not glory.fixed(ctx.target)
end

---@param ctx glory.skill.ctx
function use(ctx)
	local mine, theirs = glory.weapon(ctx.caster), glory.weapon(ctx.target)
	glory.set_weapon(ctx.caster, theirs)
	glory.set_weapon(ctx.target, mine)
end
