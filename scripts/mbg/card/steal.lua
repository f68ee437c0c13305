-- 偷盗 (steal): Takes money from the target.
---@param ctx mbg.card.ctx
function play(ctx)
	mbg.steal(ctx.target, ctx.user, ctx.params.amount or 1500)
	return true
end
