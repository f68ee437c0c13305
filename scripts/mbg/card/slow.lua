-- 慢行 (slow): The target moves slowly (die 1..max_step/slow_scale).
---@param ctx mbg.card.ctx
function play(ctx)
	mbg.set_move(ctx.target, "slow", ctx.params.turns or 3)
	return true
end
