-- 混乱 (chaos): Opponent falls into chaos: zero win weight.
---@param ctx mbg.tech.ctx
function effect(ctx)
	mbg.confuse("chaos", ctx.params.chaos_rounds or 3)
	return 0, 0
end
