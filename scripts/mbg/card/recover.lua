-- 恢复 (recover): Heals officers by a fraction of their hpmax (manual: every
-- officer of the role; original: the retinue only, params.whole_role = 0).
---@param ctx mbg.card.ctx
function play(ctx)
	local fraction = ctx.params.fraction or 0.1
	if (ctx.params.whole_role or 1) ~= 0 then
		mbg.heal_all(ctx.user, fraction)
	else
		mbg.heal_retinue(ctx.user, fraction)
	end
	return true
end
