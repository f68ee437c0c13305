-- 离间 (defect): The officer leaves his role at the end of the turn.
---@param ctx mbg.card.ctx
function play(ctx)
	mbg.defect(ctx.target)
	return true
end
