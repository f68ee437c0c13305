-- 联盟 (alliance): Mutual alliance: no battles between the two; fails if either is allied or a public enemy.
---@param ctx mbg.card.ctx
function play(ctx)
	return mbg.alliance(ctx.user, ctx.target, ctx.params.turns or 7)
end
