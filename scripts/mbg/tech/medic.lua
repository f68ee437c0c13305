-- 医疗 (medic): User heals value.
---@param ctx mbg.tech.ctx
function effect(ctx)
	return ctx.value, 0
end
