-- 停止 (stop): The target cannot move, play cards or save.
---@param ctx mbg.card.ctx
function play(ctx)
	mbg.set_move(ctx.target, "stop", ctx.params.turns or 3)
	return true
end
