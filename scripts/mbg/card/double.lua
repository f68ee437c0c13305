-- 双行 (double): One extra action this turn.
---@param ctx mbg.card.ctx
function play(ctx)
	mbg.extra_action(ctx.user)
	return true
end
