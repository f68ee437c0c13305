-- 攻城 (siege): Extra value × |D| against walls only, capped at the remaining defence.
---@param ctx mbg.tech.ctx
function effect(ctx)
	if ctx.opp_def > 0 and ctx.dhp < 0 then
		local o = ctx.value * ctx.dhp
		if ctx.opp_def + o < 0 then
			o = -ctx.opp_def
		end
		return 0, o
	end
	return 0, 0
end
