-- 强击 (strong_strike): Opponent takes value × |D| extra.
---@param ctx mbg.tech.ctx
function effect(ctx)
	if ctx.dhp < 0 then
		return 0, ctx.dhp * ctx.value
	end
	return 0, 0
end
