-- 火箭 (fire_arrows): Opponent takes value and starts burning.
---@param ctx mbg.tech.ctx
function effect(ctx)
	mbg.burn(ctx.params.burn_rounds or 4)
	return 0, -ctx.value
end
