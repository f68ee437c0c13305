-- 离间 (lifesteal): User heals value × |D| (acts as lifesteal).
---@param ctx mbg.tech.ctx
function effect(ctx)
	if ctx.dhp < 0 then
		return -ctx.dhp * ctx.value, 0
	end
	return 0, 0
end
