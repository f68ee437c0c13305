-- 弓箭 (arrows): Opponent takes value.
---@param ctx mbg.tech.ctx
function effect(ctx)
	return 0, -ctx.value
end
