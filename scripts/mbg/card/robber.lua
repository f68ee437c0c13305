-- 山贼 (robber): Puts a robber on a square: the next role entering it must fight.
---@param ctx mbg.card.ctx
function play(ctx)
	mbg.place(ctx.target, "robber")
	return true
end
