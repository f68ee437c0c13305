-- 内讧 (infighting): Opponent falls into infighting: hits itself with its own power.
---@param ctx mbg.tech.ctx
function effect(ctx)
	mbg.confuse("infighting", ctx.params.infight_rounds or 2)
	return 0, 0
end
