-- an: An's passive (facts §10 row 10, §11.10). Damage An deals to enemies
-- (weapon hits and skills, never splash; an ally on the blast point takes
-- the plain damage) gains a percentage by the victim's math tier:
-- with An at 巨 or 神, +params.vs_mid % against 中 and +params.vs_weak %
-- against 弱; with An at 强, +params.strong_vs_weak % against 弱 only;
-- otherwise nothing. Rounded down.

---@param ctx glory.skill.ctx
function modify(ctx)
	if ctx.source ~= ctx.caster or glory.side(ctx.victim) == ctx.side then
		return ctx.amount
	end
	local own, vs = glory.math(ctx.caster), glory.math(ctx.victim)
	local pct = 0
	if own >= 3 then
		if vs == 1 then
			pct = ctx.params.vs_mid
		elseif vs == 0 then
			pct = ctx.params.vs_weak
		end
	elseif own == 2 and vs == 0 then
		pct = ctx.params.strong_vs_weak
	end
	return ctx.amount + (ctx.amount * pct - (ctx.amount * pct) % 100) / 100
end
