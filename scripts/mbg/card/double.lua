-- 双行 (double): One extra action this turn.
---@param ctx mbg.CardCtx
function play(ctx)
	mbg.extra_action(ctx.user)
	return true
end
