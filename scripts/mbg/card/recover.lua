-- 恢复 (recover): Heals officers by a fraction of their hpmax (manual: every officer of the role; original: retinue only).
---@param ctx mbg.CardCtx
function play(ctx)
	mbg.heal(ctx.user, ctx.params.fraction or 0.1, (ctx.params.whole_role or 1) ~= 0)
	return true
end
