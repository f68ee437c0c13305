-- 雷击 (thunder): Opponent takes value; the chance does not depend on strategy.
---@param ctx mbg.tech.ctx
function effect(ctx)
	return 0, -ctx.value
end
