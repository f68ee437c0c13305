-- 急行 (fast): The target moves fast (die 1..max_step×fast_scale).
---@param ctx mbg.card.ctx
function play(ctx)
	mbg.set_move(ctx.target, "fast", ctx.params.turns or 3)
	return true
end
