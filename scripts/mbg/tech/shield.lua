-- 盾牌 (shield): User heals value × |D| (the whole hit, walls included).
---@param ctx mbg.tech.ctx
function effect(ctx)
	if ctx.dhp < 0 then
		return -ctx.dhp * ctx.value, 0
	end
	return 0, 0
end
