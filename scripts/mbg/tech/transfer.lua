-- 转移 (transfer): User heals value × |D| and the opponent takes value × |D|.
---@param ctx mbg.tech.ctx
function effect(ctx)
	if ctx.dhp < 0 then
		return -ctx.dhp * ctx.value, ctx.dhp * ctx.value
	end
	return 0, 0
end
