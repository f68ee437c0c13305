-- 障碍 (barrier): Puts a barrier on a square: the next role entering it stops there.
---@param ctx mbg.card.ctx
function play(ctx)
	mbg.place(ctx.target, "barrier")
	return true
end
