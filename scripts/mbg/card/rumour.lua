-- 流言 (rumour): The officer does no work and cannot fight.
---@param ctx mbg.card.ctx
function play(ctx)
	mbg.rumour(ctx.target, ctx.params.turns or 4)
	return true
end
