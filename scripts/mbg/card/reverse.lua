-- 反向 (reverse): The target turns around for good.
---@param ctx mbg.card.ctx
function play(ctx)
	mbg.reverse(ctx.target)
	return true
end
